// What the receiver benches share: the receiver process and the webhooks entry bundled as the
// package is built, the delivery and each contender's signature header, and the load sender.
import { createHmac } from 'node:crypto';
import http from 'node:http';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

export const CONNECTIONS = 10;
export const SECRET = `whsec_${'c'.repeat(32)}`;
export const OUT = fileURLToPath(new URL('../../../.tmp/bench-webhooks/', import.meta.url));

/**
 * Bundles `entry` with esbuild as tsup builds the package, to be run without tsx, whose keepNames
 * wraps every closure the receivers create per delivery in a call that the published build lacks.
 */
export async function bundled(entry: string, name: string): Promise<string> {
  const outfile = `${OUT}${name}.mjs`;
  await build({
    entryPoints: [entry],
    outfile,
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node22',
    packages: 'external',
    logLevel: 'silent',
  });
  return outfile;
}

/** The receiver process (receiver-process.ts) and this checkout's webhooks entry, bundled. */
export async function bundledReceivers(): Promise<{ child: string; entry: string }> {
  return {
    child: await bundled(fileURLToPath(new URL('../receiver-process.ts', import.meta.url)), 'receiver-process'),
    entry: await bundled(fileURLToPath(new URL('../../../src/webhooks/index.ts', import.meta.url)), 'webhooks'),
  };
}

/** The 891-byte delivery of ../shared/bench-peers/receivers.sh. */
export const body = JSON.stringify({
  id: 'evt_bench_receiver_1',
  type: 'deposit.created',
  timestamp: new Date().toISOString(),
  data: { depositId: 'dep_1', token: 'USDC', amount: '10.00', transactionHash: `0x${'ab'.repeat(32)}`, memo: 'x'.repeat(640) },
});
const hex = createHmac('sha256', SECRET).update(body).digest('hex');
const t = Math.floor(Date.now() / 1000);
const common = { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) };
// Each peer's own signature header, as receivers.mjs sends them.
const HEADERS: Record<string, Record<string, string>> = {
  octokit: { ...common, 'x-hub-signature-256': `sha256=${hex}` },
  stripe: { ...common, 'stripe-signature': `t=${t},v1=${createHmac('sha256', SECRET).update(`${t}.${body}`).digest('hex')}` },
  standard: {
    ...common,
    'webhook-id': 'msg_1',
    'webhook-timestamp': String(t),
    'webhook-signature': `v1,${createHmac('sha256', Buffer.from('c'.repeat(32)))
      .update(`msg_1.${t}.${body}`)
      .digest('base64')}`,
  },
};

/** The headers a contender of this kind is sent. */
export const headersOf = (kind: string) => HEADERS[kind] ?? { ...common, 'x-webhook-signature': hex };

const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });

function post(port: number, headers: Record<string, string>): Promise<void> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, path: '/hooks', method: 'POST', headers, agent }, (res) => {
      res.resume();
      res.on('end', () => (res.statusCode === 200 ? resolve() : reject(new Error(`answered ${res.statusCode}`))));
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** Sends `requests` deliveries over `CONNECTIONS` keep-alive connections, each waiting for its answer. */
export async function load(port: number, headers: Record<string, string>, requests: number): Promise<void> {
  let left = requests;
  const lane = async () => {
    while (left-- > 0) await post(port, headers);
  };
  await Promise.all(Array.from({ length: CONNECTIONS }, lane));
}

/** Closes the kept-alive connections, so that the bench process can exit. */
export function stopLoad(): void {
  agent.destroy();
}
