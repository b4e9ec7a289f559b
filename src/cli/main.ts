#!/usr/bin/env node
// The `credit-platform` program.
import { runProgram } from './program.js';

await runProgram([]);
