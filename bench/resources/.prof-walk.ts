import { fork } from 'node:child_process';
import { CreditPlatform } from '/work/main/src/index.js';
import { API_KEY } from '/work/main/bench/resources/loopback-server.js';
const child = fork('/work/main/bench/resources/loopback-server.ts', ['--serve'], { stdio: 'inherit' });
const baseUrl = await new Promise<string>((r) => child.once('message', (m: any) => r(m.baseUrl)));
const mode = process.argv[2];
const c = new CreditPlatform({ apiKey: API_KEY, baseUrl, validateResponses: mode === 'on' });
for (let r = 0; r < 3; r++) {
  const t = performance.now(); let n = 0;
  if (mode === 'hand') {
    let cursor: string | null = null;
    do { const res = await fetch(`${baseUrl}/transactions?limit=100${cursor ? `&cursor=${cursor}` : ''}`, { headers: { 'x-api-key': API_KEY } });
      const b = JSON.parse(await res.text()); n += b.data.items.length; cursor = b.data.nextCursor; } while (cursor);
  } else for await (const _ of c.transactions.list({ limit: 100 })) n++;
  console.log(mode, n, Math.round(n / ((performance.now() - t) / 1000)));
}
child.kill();
