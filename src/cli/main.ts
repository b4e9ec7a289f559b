#!/usr/bin/env node
// The `credit-platform` program. The commands load only after the Node version check, so an
// old Node gets one clear line instead of a syntax or module error from deep inside.
import { unsupportedNode } from './node-version.js';

const refusal = unsupportedNode();
if (refusal !== undefined) {
  process.stderr.write(`${refusal}\n`);
  process.exitCode = 1;
} else {
  const { runCli } = await import('./dispatch.js');
  const { processIO } = await import('./io.js');
  process.exitCode = await runCli(process.argv.slice(2), processIO());
}
