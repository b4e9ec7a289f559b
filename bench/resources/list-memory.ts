// Heap while walking 100,000 transactions with one `for await`: heapUsed after 10,000 items and
// after 100,000, each after a full GC. With one page in memory at a time the two stay within
// 10 MB of each other. Run: npx tsx --expose-gc bench/resources/list-memory.ts
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { CreditPlatform } from '../../src/index.js';
import { API_KEY, TOTAL } from './loopback-server.js';

const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) {
  console.error('Run with --expose-gc: npx tsx --expose-gc bench/resources/list-memory.ts');
  process.exit(2);
}

function heapAfterGc(): number {
  // Twice: the first pass can leave garbage that finalizers freed.
  gc!();
  gc!();
  return process.memoryUsage().heapUsed;
}

const mb = (bytes: number): string => `${(bytes / 1024 / 1024).toFixed(2)} MB`;

const child = fork(fileURLToPath(new URL('./loopback-server.ts', import.meta.url)), ['--serve'], { stdio: 'inherit' });
const baseUrl = await new Promise<string>((resolve) => child.once('message', (m) => resolve((m as { baseUrl: string }).baseUrl)));
try {
  for (const validateResponses of [true, false]) {
    const client = new CreditPlatform({ apiKey: API_KEY, baseUrl, validateResponses });
    const marks = new Map<number, number>();
    let count = 0;
    const before = heapAfterGc();
    for await (const tx of client.transactions.list({ limit: 100 })) {
      count++;
      if (count === 10_000 || count === TOTAL) marks.set(count, heapAfterGc());
      if (tx.id === '') throw new Error('unreachable; keeps `tx` used');
    }
    const at10k = marks.get(10_000)!;
    const at100k = marks.get(TOTAL)!;
    const growth = at100k - at10k;
    console.log(
      `validation ${validateResponses ? 'on ' : 'off'}: start ${mb(before)}, after 10,000 ${mb(at10k)}, after 100,000 ${mb(at100k)}; ` +
        `growth ${mb(growth)} (limit 10 MB) ${growth <= 10 * 1024 * 1024 ? 'OK' : 'OVER'}`,
    );
  }
} finally {
  child.kill();
}
