import { vi } from 'vitest';
import { http, url, type useMswServer } from './msw.js';

/** Advances fake time in small steps so msw's own async work can run between them. */
export async function runFor(ms: number): Promise<void> {
  for (let t = 0; t < ms; t += 25) await vi.advanceTimersByTimeAsync(25);
}

/** Records the fake-clock time of each GET of `path`, answering with `answer(n)` for the n-th. */
export function timedAnswers(server: ReturnType<typeof useMswServer>, path: string, answer: (n: number) => Response): number[] {
  const times: number[] = [];
  server.use(
    http.get(url(path), () => {
      times.push(Date.now());
      return answer(times.length);
    }),
  );
  return times;
}
