#!/usr/bin/env node
/**
 * `credit-platform-fake`: an alias of `credit-platform fake` (same options, same output), kept so
 * scripts written for it keep working:
 *
 *   credit-platform-fake [--port 4010] [--host 127.0.0.1] [--transactions 250] [--seed 1] [--send-webhooks]
 *                        [--forward-to <url>] [--secret <secret>]
 */
import { runProgram } from '../cli/program.js';

await runProgram(['fake']);
