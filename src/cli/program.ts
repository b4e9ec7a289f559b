// What both programs of package.json "bin" do. The commands load only after the Node version
// check, so an old Node gets one clear line instead of a syntax or module error from deep inside.
import { unsupportedNode } from './node-version.js';

/** Runs `credit-platform` with `prefix` before the process's arguments and sets the exit code. */
export async function runProgram(prefix: readonly string[]): Promise<void> {
  const refusal = unsupportedNode();
  if (refusal !== undefined) {
    process.stderr.write(`${refusal}\n`);
    process.exitCode = 1;
    return;
  }
  const [{ runCli }, { processIO }] = await Promise.all([import('./dispatch.js'), import('./io.js')]);
  process.exitCode = await runCli([...prefix, ...process.argv.slice(2)], processIO());
}
