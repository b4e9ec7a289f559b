// The public API surface, recorded: one API Extractor report per entry point in api/, made from
// the built declarations (dist/<entry>.d.ts). Run by `npm run check:api` (fails with the diff
// when the declarations differ from the reports) and `npm run api:update` (rewrites them).
//
//   tsx scripts/api-report.ts            # check; builds first when dist/ is older than src/
//   tsx scripts/api-report.ts --update   # rewrite api/*.api.md from the built declarations
//
// The entry points are tsup.config.ts's ENTRIES: a new entry point gets a report with no edit
// here (its first `npm run api:update` writes it; `check:api` fails until it is committed).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Extractor, ExtractorConfig, ExtractorLogLevel, type ExtractorMessage, type IConfigFile } from '@microsoft/api-extractor';
import { ENTRIES } from '../tsup.config.js';
import { apiReportName, newestSourceChange, stableReport } from './lib/api-report-files.js';

const ROOT = join(import.meta.dirname, '..');
const REPORTS = join(ROOT, 'api');
const TEMP = join(ROOT, '.tmp', 'api');
const update = process.argv.includes('--update');

/** Builds dist/ when a declaration is missing or older than the newest source file. */
function buildIfStale(): void {
  const declarations = Object.keys(ENTRIES).map((name) => join(ROOT, 'dist', `${name}.d.ts`));
  const oldest = Math.min(...declarations.map((file) => (existsSync(file) ? statSync(file).mtimeMs : 0)));
  if (oldest > newestSourceChange(ROOT)) return;
  console.log('dist/ is missing or older than the sources: npm run build');
  const built = spawnSync('npm', ['run', '--silent', 'build'], { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
  if (built.status !== 0) {
    console.error('npm run build failed: no API report can be made without the declarations.');
    process.exit(1);
  }
}

function configFor(name: string): IConfigFile {
  return {
    projectFolder: ROOT,
    mainEntryPointFilePath: `<projectFolder>/dist/${name}.d.ts`,
    // The built declarations are read on their own, like a user's compiler would read them.
    compiler: {
      overrideTsconfig: {
        compilerOptions: {
          target: 'ES2023',
          lib: ['ES2023', 'DOM', 'DOM.Iterable'],
          module: 'NodeNext',
          moduleResolution: 'NodeNext',
          types: ['node'],
          strict: true,
          skipLibCheck: true,
        },
        files: [`dist/${name}.d.ts`],
      },
    },
    apiReport: {
      enabled: true,
      reportFileName: apiReportName(name),
      // Written under .tmp/ and compared here (stableReport), not by API Extractor itself.
      reportFolder: '<projectFolder>/.tmp/api/',
      reportTempFolder: '<projectFolder>/.tmp/api/extractor/',
      // Record types are derived from their zod shapes (`interface Account extends RecordOf<typeof
      // accountShape>`): the shapes go into the report too, so a field that changes is a diff.
      includeForgottenExports: true,
    },
    docModel: { enabled: false },
    dtsRollup: { enabled: false },
    tsdocMetadata: { enabled: false },
    messages: {
      // Release tags (@public, @beta) are not used: every export of an entry point is public.
      // Everything else is written into the report, so a type the surface names without
      // exporting it (ae-forgotten-export) shows up there, in review.
      extractorMessageReporting: {
        default: { logLevel: ExtractorLogLevel.None, addToApiReportFile: true },
        'ae-missing-release-tag': { logLevel: ExtractorLogLevel.None, addToApiReportFile: false },
        // TSDoc is typedoc's to check (`npm run docs` treats a broken link as an error). These
        // notes also name lines of hashed chunk files, which would change the report on every build.
        'ae-unresolved-link': { logLevel: ExtractorLogLevel.None, addToApiReportFile: false },
        'ae-undocumented': { logLevel: ExtractorLogLevel.None, addToApiReportFile: false },
      },
      compilerMessageReporting: { default: { logLevel: ExtractorLogLevel.Error } },
      tsdocMessageReporting: { default: { logLevel: ExtractorLogLevel.None, addToApiReportFile: false } },
    },
  };
}

buildIfStale();
mkdirSync(REPORTS, { recursive: true });
rmSync(TEMP, { recursive: true, force: true });
mkdirSync(TEMP, { recursive: true });

const changed: string[] = [];
let failed = false;
for (const name of Object.keys(ENTRIES)) {
  const config = ExtractorConfig.prepare({
    configObject: configFor(name),
    configObjectFullPath: undefined,
    packageJsonFullPath: join(ROOT, 'package.json'),
  });
  const errors: string[] = [];
  Extractor.invoke(config, {
    localBuild: true,
    messageCallback(message: ExtractorMessage) {
      if (message.logLevel === ExtractorLogLevel.Error) errors.push(message.formatMessageWithLocation(ROOT));
      message.handled = true;
    },
  });
  const file = `${apiReportName(name)}.api.md`;
  if (errors.length > 0) {
    failed = true;
    console.error(`FAIL api/${file}: API Extractor could not read dist/${name}.d.ts\n${errors.join('\n')}`);
    continue;
  }
  const made = stableReport(readFileSync(join(TEMP, file), 'utf8'));
  writeFileSync(join(TEMP, file), made);
  const recorded = existsSync(join(REPORTS, file)) ? readFileSync(join(REPORTS, file), 'utf8') : undefined;
  if (update) {
    if (made !== recorded) writeFileSync(join(REPORTS, file), made);
    console.log(`${made === recorded ? 'unchanged' : 'updated'} api/${file}`);
  } else if (made !== recorded) {
    changed.push(name);
  }
}

for (const name of changed) {
  const report = join(REPORTS, `${apiReportName(name)}.api.md`);
  const made = join(TEMP, `${apiReportName(name)}.api.md`);
  console.error(`\nFAIL api/${apiReportName(name)}.api.md differs from dist/${name}.d.ts:`);
  if (!existsSync(report)) console.error('  no report recorded for this entry point yet');
  else {
    const diff = spawnSync('git', ['diff', '--no-index', '--no-color', '--', report, made], { encoding: 'utf8' });
    console.error(diff.stdout.replaceAll(ROOT, ''));
  }
}
if (changed.length > 0) {
  console.error(
    'The public API changed. If that is intended, run `npm run api:update`, commit api/*.api.md, and say so in the release notes (changes/*.md: "Changed" or "Removed" for anything changed or removed; see RELEASING.md).',
  );
}
if (changed.length > 0 || failed) process.exit(1);
if (!update) {
  console.log(
    `API reports match the declarations: ${Object.keys(ENTRIES)
      .map((name) => `api/${apiReportName(name)}.api.md`)
      .join(', ')}`,
  );
}
