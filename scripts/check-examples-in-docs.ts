// Fails when a public export has no `@example` in its doc comment.
//
// typedoc's `notDocumented` validation only asks for *a* comment; this script asks for an
// example where users need one. It reads typedoc's JSON model of the four entry points
// (credit-platform, /webhooks, /testing, /testing/msw) and requires an `@example` on:
//
// - every exported declaration (class, function, variable, interface, type alias), and
// - every public method of an exported class, when the class defines it itself (resource
//   operations such as `client.deposits.create`, `FaultInjector.inject`, `Page.getNextPage`).
//   Methods that only fulfil a standard protocol (`then`, `catch`, `finally`, `toJSON`,
//   `Symbol.*` members) and inherited methods are exempt: their behaviour is the protocol's.
//
// Properties, accessors and interface members need a comment (typedoc checks that), not an
// example. Members tagged `@internal` are not in the model at all (`excludeInternal`).
//
// Usage: npx tsx scripts/check-examples-in-docs.ts [--json .tmp/api.json]
//   With --json, reads that file (written by `npx typedoc --json .tmp/api.json`); without it,
//   runs typedoc first to write .tmp/api.json.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { ReflectionKind, type JSONOutput } from 'typedoc';

type Reflection = JSONOutput.DeclarationReflection & { signatures?: JSONOutput.SignatureReflection[] };

/** Methods whose behaviour is a standard protocol's, not the SDK's. */
const PROTOCOL_METHODS = new Set(['then', 'catch', 'finally', 'toJSON', 'toString']);

function loadProject(): JSONOutput.ProjectReflection {
  const flag = process.argv.indexOf('--json');
  let path = flag === -1 ? undefined : process.argv[flag + 1];
  if (path === undefined) {
    path = '.tmp/api.json';
    // typedoc's exports map hides bin/; find it from the package's main file (dist/index.js).
    const typedoc = join(dirname(createRequire(import.meta.url).resolve('typedoc')), '..', 'bin', 'typedoc');
    // Warnings are typedoc's own check (`npm run docs`); here only the model matters.
    const run = spawnSync(
      process.execPath,
      [typedoc, '--json', path, '--treatWarningsAsErrors', 'false', '--logLevel', 'Error'],
      {
        stdio: 'inherit',
      },
    );
    if (run.status !== 0) {
      console.error(`typedoc failed (exit ${run.status ?? run.signal}); cannot check examples.`);
      process.exit(2);
    }
  }
  if (!existsSync(path)) {
    console.error(`${path} does not exist: run \`npx typedoc --json ${path}\` first (typedoc writes no JSON when it fails).`);
    process.exit(2);
  }
  return JSON.parse(readFileSync(path, 'utf8')) as JSONOutput.ProjectReflection;
}

function hasExample(comment: JSONOutput.Comment | undefined): boolean {
  return comment?.blockTags?.some((tag) => tag.tag === '@example') ?? false;
}

/** A function's comment lives on its signature(s); a class's or a variable's on the reflection. */
function documentedWithExample(reflection: Reflection): boolean {
  return hasExample(reflection.comment) || (reflection.signatures ?? []).some((signature) => hasExample(signature.comment));
}

function isOwnPublicOperation(member: Reflection): boolean {
  if (member.kind !== ReflectionKind.Method) return false;
  if (member.flags.isPrivate || member.flags.isProtected || member.inheritedFrom) return false;
  if (member.name.startsWith('[') || PROTOCOL_METHODS.has(member.name)) return false;
  return true;
}

const project = loadProject();
const missing: string[] = [];
let checked = 0;

for (const module of project.children ?? []) {
  for (const exported of (module.children ?? []) as Reflection[]) {
    // A name exported from two entry points is documented once; the other is a reference.
    if (exported.kind === ReflectionKind.Reference) continue;
    checked++;
    const where = `${module.name}: ${exported.name}`;
    if (!documentedWithExample(exported)) missing.push(`${where} (${ReflectionKind[exported.kind]})`);
    if (exported.kind !== ReflectionKind.Class) continue;
    for (const member of (exported.children ?? []) as Reflection[]) {
      if (!isOwnPublicOperation(member)) continue;
      checked++;
      if (!documentedWithExample(member)) missing.push(`${where}.${member.name} (Method)`);
    }
  }
}

if (missing.length > 0) {
  console.error(`${missing.length} of ${checked} public declarations have no @example:`);
  for (const line of missing) console.error(`  ${line}`);
  process.exit(1);
}
console.log(`All ${checked} public declarations have an @example.`);
