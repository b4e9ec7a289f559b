// One initdb per test run instead of one per test file: the first cluster a run needs is
// initialised into a template in the run's directory (test/setup/run-directory.ts), and every
// cluster starts as a copy of it. initdb takes seconds on these machines; a copy, a fraction of one.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { inject } from 'vitest';
import { giveToOwner, runAsOwner } from './postgres-owner.js';

const INITDB_ARGS = ['-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--no-sync'];
const WAIT_MS = 100;
const GIVE_UP_MS = 120_000;

function initdb(data: string): void {
  runAsOwner('initdb', ['-D', data, ...INITDB_ARGS]);
}

/**
 * Fills `data`, a directory that does not exist yet inside one the cluster owner may write, with
 * a new cluster: a copy of the run's template, or initdb's own output outside a vitest run that
 * provides a run directory.
 */
export async function initialiseCluster(data: string): Promise<void> {
  // A bench (bench/inbox, bench/webhooks) starts its server outside vitest, where inject() throws.
  const runDirectory = process.env.VITEST ? inject('runDirectory') : undefined;
  if (!runDirectory) {
    initdb(data);
    return;
  }
  const template = await runTemplate(join(runDirectory, 'postgres-template'));
  runAsOwner('cp', ['-a', template, data]);
}

// The first caller creates the template; callers in other workers meanwhile wait for it (mkdir
// is the lock: it fails for all but one of them).
async function runTemplate(root: string): Promise<string> {
  const data = join(root, 'data');
  const ready = join(root, 'ready');
  const failed = join(root, 'failed');
  let creator = true;
  try {
    mkdirSync(root);
  } catch {
    creator = false;
  }
  if (creator) {
    try {
      giveToOwner(root);
      initdb(data);
      writeFileSync(ready, '');
    } catch (error) {
      const stderr = (error as { stderr?: Buffer }).stderr?.toString() || (error as Error).message;
      writeFileSync(failed, stderr);
      throw error;
    }
    return data;
  }
  for (let waited = 0; !existsSync(ready); waited += WAIT_MS) {
    if (existsSync(failed)) throw new Error(`initdb failed in another test file: ${readFileSync(failed, 'utf8')}`);
    if (waited > GIVE_UP_MS) throw new Error(`no PostgreSQL template in ${root} after ${GIVE_UP_MS / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, WAIT_MS));
  }
  return data;
}
