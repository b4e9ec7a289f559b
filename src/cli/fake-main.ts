#!/usr/bin/env node
/**
 * `credit-platform-fake`: an alias of `credit-platform fake` (same options, same output), kept so
 * scripts written for it keep working:
 *
 *   credit-platform-fake [--port 4010] [--host 127.0.0.1] [--transactions 250] [--seed <n>] [--send-webhooks]
 *                        [--api-key <key>] [--forward-to <url>] [--secret-file <path>]
 *
 * The webhook secret also comes from CREDIT_PLATFORM_WEBHOOK_SECRET, the key from
 * CREDIT_PLATFORM_API_KEY; without either and without --seed every run has its own key and event ids.
 */
import { runProgram } from './program.js';

await runProgram(['fake']);
