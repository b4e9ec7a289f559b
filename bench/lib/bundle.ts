import { build } from 'esbuild';

/** What a user's bundler makes of an entry module: esbuild, bundled, minified, tree-shaken. */
export interface Bundled {
  /** The minified output. */
  code: Uint8Array;
  /** Its size in bytes. */
  bytes: number;
  /** The files it was built from. */
  inputs: string[];
  /** Bytes each input contributes to the output. */
  bytesByInput: Record<string, number>;
  /** What the output still imports (node builtins, externals). */
  imports: string[];
}

/** Bundles `contents` (an entry module, resolved from `resolveDir`) the way a user's bundler would. */
export async function bundle(contents: string, resolveDir: string): Promise<Bundled> {
  const result = await build({
    stdin: { contents, resolveDir, loader: 'ts' },
    bundle: true,
    minify: true,
    treeShaking: true,
    platform: 'node',
    format: 'esm',
    write: false,
    metafile: true,
    logLevel: 'silent',
    // Not the repository's tsconfig.json, whose `paths` map 'credit-platform' to src/: a user's
    // bundler resolves the package by its exports map, to the built dist/.
    tsconfigRaw: {},
  });
  const output = Object.values(result.metafile.outputs)[0]!;
  const code = result.outputFiles[0]!.contents;
  return {
    code,
    bytes: code.byteLength,
    inputs: Object.keys(result.metafile.inputs),
    bytesByInput: Object.fromEntries(Object.entries(output.inputs).map(([path, { bytesInOutput }]) => [path, bytesInOutput])),
    imports: output.imports.map((entry) => entry.path),
  };
}
