// Every temporary file of a test file, and of the programs it starts, goes to the run's directory
// (test/setup/run-directory.ts): os.tmpdir() reads TMPDIR at each call.
import { inject } from 'vitest';

const runDirectory = inject('runDirectory');
if (runDirectory) process.env.TMPDIR = runDirectory;
