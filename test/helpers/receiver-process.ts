// Starts test/helpers/receiver-process-main.ts in a child process on Node 24 (through tsx) and
// follows what it prints.
import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const MAIN = fileURLToPath(new URL('./receiver-process-main.ts', import.meta.url));

export interface ReceiverProcess {
  readonly url: string;
  readonly pid: number;
  /** Every line printed on stdout so far. */
  readonly lines: readonly string[];
  /** Resolves when a line equal to `line` has been printed. */
  printed(line: string): Promise<void>;
  /** SIGKILL, as an OOM kill or a crash would; resolves once the process is gone. */
  kill(): Promise<void>;
}

export async function startReceiverProcess(env: Record<string, string>): Promise<ReceiverProcess> {
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  const waiters: { line: string; resolve(): void }[] = [];
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  let buffered = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    buffered += chunk.toString();
    const parts = buffered.split('\n');
    buffered = parts.pop() ?? '';
    for (const line of parts) {
      lines.push(line);
      for (const waiter of waiters.filter((w) => w.line === line)) waiter.resolve();
    }
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const printed = (line: string) =>
    lines.includes(line)
      ? Promise.resolve()
      : new Promise<void>((resolve, reject) => {
          waiters.push({ line, resolve });
          void exited.then(() => reject(new Error(`the receiver exited before printing "${line}": ${stderr}`)));
        });
  const listening = await new Promise<string>((resolve, reject) => {
    const check = () => {
      const line = lines.find((l) => l.startsWith('listening '));
      if (line) resolve(line);
    };
    child.stdout?.on('data', check);
    void exited.then(() => reject(new Error(`the receiver exited: ${stderr}`)));
  });
  return {
    url: `http://127.0.0.1:${listening.slice('listening '.length)}/webhooks`,
    pid: child.pid ?? 0,
    lines,
    printed,
    async kill() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
    },
  };
}
