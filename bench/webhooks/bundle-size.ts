// Bundles `verifyWebhookSignature` alone from the webhooks entry, as a user's bundler
// would (esbuild, minified, tree-shaken), and reports its size and inputs.
// Guard: at most 3.5 KB, and no ky or zod. Run: npx tsx bench/webhooks/bundle-size.ts
import { fileURLToPath } from 'node:url';
import { bundle as bundleFrom } from '../lib/bundle.js';

const LIMIT_BYTES = 3.5 * 1024;

/** Bundles `contents` (an entry module, resolved from this folder) and returns its minified size and input files. */
export async function bundle(contents: string): Promise<{ bytes: number; inputs: string[]; imports: string[] }> {
  return bundleFrom(contents, fileURLToPath(new URL('.', import.meta.url)));
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { bytes, inputs, imports } = await bundle(
    "import { verifyWebhookSignature } from '../../src/webhooks/index.js'; console.log(verifyWebhookSignature);",
  );
  const heavy = inputs.filter((path) => /node_modules\/(ky|zod)\//.test(path));
  console.log(
    `verifyWebhookSignature alone: ${bytes} bytes minified (limit ${LIMIT_BYTES}), external imports: ${imports.join(', ')}`,
  );
  console.log(`inputs: ${inputs.join(', ')}`);
  console.log(heavy.length === 0 ? 'no ky, no zod: ok' : `PULLS IN: ${heavy.join(', ')}`);
  if (bytes > LIMIT_BYTES || heavy.length > 0) process.exitCode = 1;
}
