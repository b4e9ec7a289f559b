// Web-only checks, run with Node 24 from the smoke project (.tmp/smoke). edge-entry.mjs
// (the installed tarball's client + async verifier, with ky and zod) is bundled with
// esbuild for the browser platform, the way an edge bundler does it:
//   EDGE_STEP=bundle  Node built-ins (node:* or bare built-in names) are left external,
//                     the package's `"sideEffects": false` lets unused modules drop out,
//                     and any built-in import still in the output is an error: a runtime
//                     without node:* modules would fail to load the bundle.
//   EDGE_STEP=run     every Node built-in is replaced by a stub that throws when used, and
//                     the bundle runs in @edge-runtime/vm (a Web-standard context: fetch,
//                     Web Crypto, TextEncoder; no process, no require) against the fake on
//                     loopback: the client and the async verifier must not use node:*.
// argv: <esbuild package dir> [<baseUrl> <apiKey> <payload> <signature> <secret>]
import { builtinModules, createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import assert from 'node:assert/strict';

const [esbuildDir, baseUrl, apiKey, payload, signature, secret] = process.argv.slice(2);
const esbuild = await import(pathToFileURL(createRequire(`${esbuildDir}/`).resolve('esbuild')).href);
const step = process.env.EDGE_STEP ?? 'run';
const builtins = new Set(builtinModules.flatMap((m) => [m, `node:${m}`]));
const isBuiltin = (p) => p.startsWith('node:') || builtins.has(p);

const nodeBuiltins = {
  name: 'node-builtins',
  setup(build) {
    build.onResolve({ filter: /.*/ }, (args) => {
      if (!isBuiltin(args.path)) return undefined;
      if (step === 'bundle') return { path: args.path, external: true };
      return { path: args.path, namespace: 'node-builtin-stub' };
    });
    build.onLoad({ filter: /.*/, namespace: 'node-builtin-stub' }, (args) => ({
      loader: 'js',
      contents: `module.exports = new Proxy({}, { get(_, p) {
        if (p === '__esModule') return false;
        throw new Error(${JSON.stringify(`${args.path} used on a Web-only runtime`)} + ' (' + String(p) + ')');
      } });`,
    }));
  },
};

async function bundle() {
  try {
    return await esbuild.build({
      entryPoints: ['edge-entry.mjs'],
      bundle: true,
      write: false,
      metafile: true,
      format: 'esm',
      platform: 'browser',
      conditions: ['edge-light', 'worker', 'browser'],
      target: 'es2022',
      logLevel: 'silent',
      plugins: [nodeBuiltins],
    });
  } catch (err) {
    console.error(
      'bundle failed:\n' +
        (err.errors ?? [err])
          .map((e) => `  ${e.text ?? e}${e.location ? ` (${e.location.file}:${e.location.line})` : ''}`)
          .join('\n'),
    );
    process.exit(1);
  }
}

const result = await bundle();
const code = result.outputFiles[0].text;
if (step === 'bundle') {
  const [output] = Object.values(result.metafile.outputs);
  const leftover = output.imports.filter((i) => isBuiltin(i.path));
  if (leftover.length > 0) {
    const by = Object.entries(result.metafile.inputs).flatMap(([file, input]) =>
      input.imports.filter((i) => isBuiltin(i.path)).map((i) => `${i.path} <- ${file}`),
    );
    console.error(
      `the Web-only bundle of the client + verifyWebhookSignatureAsync still imports Node built-ins: ` +
        `${[...new Set(leftover.map((i) => i.path))].join(', ')}\n  imported by:\n  ${by.join('\n  ')}`,
    );
    process.exit(1);
  }
  console.log(`ok - bundled for a Web-only runtime with no Node built-in left (${(code.length / 1024).toFixed(1)} KiB)`);
  process.exit(0);
}

// The VM runs scripts, not modules; the entry has no exports and sets a global.
assert.doesNotMatch(code, /^\s*(import|export)\b/m, 'the bundle has import/export statements left');
const require = createRequire(import.meta.url);
const { EdgeVM } = require('@edge-runtime/vm');
const vm = new EdgeVM();
assert.equal(
  vm.evaluate(`typeof process === 'undefined' && typeof require === 'undefined' && typeof Buffer === 'undefined'`),
  true,
  'the VM must have neither process, require nor Buffer',
);
vm.evaluate(code);
const out = JSON.parse(
  await vm.evaluate(`__creditPlatformSmoke(${JSON.stringify({ baseUrl, apiKey, payload, signature, secret })})`),
);
console.log(JSON.stringify(out));
assert.equal(out.webCrypto, true, 'the VM has Web Crypto');
assert.equal(out.goodSignature, true, 'verifyWebhookSignatureAsync accepts a good signature');
assert.equal(out.badSignature, false, 'verifyWebhookSignatureAsync rejects a bad one');
assert.equal(out.bytesSignature, true, 'verifyWebhookSignatureAsync takes bytes');
console.log('ok - verifyWebhookSignatureAsync in the edge VM');
assert.match(out.accountId ?? '', /^acc_/, 'client.accounts.me() returns the account');
assert.deepEqual(out.wrongKey, {
  name: 'AuthenticationError',
  status: 401,
  isAuthenticationError: true,
  isCreditPlatformError: true,
});
console.log(`ok - client.accounts.me() in the edge VM -> ${out.accountId}; wrong key -> AuthenticationError`);
