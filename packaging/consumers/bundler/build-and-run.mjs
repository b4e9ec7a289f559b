// Bundles a small app with esbuild for Node twice and runs each bundle against the fake:
//   src/app.ts  (ES module)  -> out/app.mjs: `import` condition (ESM build, ky from node_modules)
//   src/app.cjs (CommonJS)   -> out/app.cjs: `require` condition (CommonJS build, ky inside)
// The metafile shows which build of the package went into each bundle; neither bundle is left
// with an import() to load at run time (the transport's lazy import of ky is followed).
// argv: <esbuild package dir>
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { promisify } from 'node:util';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { startFakeServer } from 'credit-platform/testing';

const esbuild = await import(pathToFileURL(createRequire(`${process.argv[2]}/`).resolve('esbuild')).href);

const builds = {
  esm: { entry: 'src/app.ts', outfile: 'out/app.mjs', package: /credit-platform\/dist\/index\.js$/, ky: true },
  cjs: { entry: 'src/app.cjs', outfile: 'out/app.cjs', package: /credit-platform\/dist\/index\.cjs$/, ky: false },
};

const server = await startFakeServer();
try {
  for (const [format, want] of Object.entries(builds)) {
    const result = await esbuild.build({
      entryPoints: [want.entry],
      bundle: true,
      platform: 'node',
      target: 'node22',
      format,
      outfile: want.outfile,
      metafile: true,
      logLevel: 'warning',
    });
    const inputs = Object.keys(result.metafile.inputs);
    assert.ok(
      inputs.some((p) => want.package.test(p)),
      `${format}: expected ${want.package} among ${inputs.join(', ')}`,
    );
    assert.equal(
      inputs.some((p) => p.includes('node_modules/ky/')),
      want.ky,
      `${format}: ky from node_modules?`,
    );
    assert.ok(!inputs.some((p) => /credit-platform\/dist\/testing/.test(p)), `${format}: the testing kit was bundled`);
    assert.ok(!/\bimport\(/.test(readFileSync(want.outfile, 'utf8')), `${format}: the bundle still imports at run time`);
    const env = { ...process.env, CREDIT_PLATFORM_API_KEY: server.apiKey, CREDIT_PLATFORM_BASE_URL: server.baseUrl };
    // Asynchronously: the fake answers from this process.
    const { stdout } = await promisify(execFile)(process.execPath, [want.outfile], { env, encoding: 'utf8' });
    const output = JSON.parse(stdout);
    assert.match(output.account, /^acc_/);
    assert.equal(output.transactions, 3);
    assert.match(output.missing, /^404 /);
    assert.equal(output.signed, true);
    console.log(`ok - esbuild ${format} bundle (${inputs.length} inputs) runs: ${JSON.stringify(output)}`);
  }
} finally {
  await server.close();
}
