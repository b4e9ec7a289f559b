#!/usr/bin/env node
/**
 * `credit-platform-fake`: an alias of `credit-platform fake` (same options, same output), kept so
 * scripts written for it keep working:
 *
 *   credit-platform-fake [--port 4010] [--host 127.0.0.1] [--transactions 250] [--seed 1] [--send-webhooks]
 *                        [--forward-to <url>] [--secret <secret>]
 */
import { unsupportedNode } from '../cli/node-version.js';

const refusal = unsupportedNode();
if (refusal !== undefined) {
  process.stderr.write(`${refusal}\n`);
  process.exitCode = 1;
} else {
  const { runCli } = await import('../cli/dispatch.js');
  const { processIO } = await import('../cli/io.js');
  process.exitCode = await runCli(['fake', ...process.argv.slice(2)], processIO());
}
