// Starts test/helpers/inbox-worker-process-main.ts (or another worker's main) in a child process
// on Node 24 (through tsx) and follows what it prints.
import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const MAIN = fileURLToPath(new URL('./inbox-worker-process-main.ts', import.meta.url));

export interface InboxWorkerProcess {
  /** Every line printed on stdout so far. */
  readonly lines: readonly string[];
  /** Resolves once `count` lines starting with `prefix` have been printed. */
  printed(prefix: string, count?: number): Promise<void>;
  /** SIGKILL, as an OOM kill or a crash would; resolves once the process is gone. */
  kill(): Promise<void>;
  /** SIGTERM; resolves once the process is gone. */
  end(): Promise<void>;
}

/** Starts `main` (by default inbox-worker-process-main.ts) with `env` added to this process's. */
export function startInboxWorkerProcess(env: Record<string, string>, main = MAIN): InboxWorkerProcess {
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', main], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  let buffered = '';
  const checks = new Set<() => void>();
  child.stdout?.on('data', (chunk: Buffer) => {
    buffered += chunk.toString();
    const parts = buffered.split('\n');
    buffered = parts.pop() ?? '';
    lines.push(...parts);
    for (const check of [...checks]) check();
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stopWith = async (signal: NodeJS.Signals) => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    await exited;
  };
  return {
    lines,
    printed(prefix, count = 1) {
      return new Promise<void>((resolve, reject) => {
        const check = () => {
          if (lines.filter((line) => line.startsWith(prefix)).length >= count) {
            checks.delete(check);
            resolve();
          }
        };
        checks.add(check);
        check();
        void exited.then(() => reject(new Error(`the worker exited before printing ${count} × "${prefix}": ${stderr}`)));
      });
    },
    kill: () => stopWith('SIGKILL'),
    end: () => stopWith('SIGTERM'),
  };
}
