// CHANGELOG.md as `npm run release` edits it (RELEASING.md): the pending entries (the body of
// `## [Unreleased]` plus every fragment in changes/) become one dated section, grouped by Keep a
// Changelog heading in the standard order, and a compare link is added at the bottom. Every
// section starts with "Upgrading": what a user must change to take the version, or that nothing.

/** The headings a section may have, in the order it lists them: Upgrading, then Keep a Changelog's. */
export const HEADINGS = ['Upgrading', 'Security', 'Added', 'Changed', 'Deprecated', 'Removed', 'Fixed'] as const;

/** What a section says under Upgrading when no entry asks the user to change anything. */
export const NOTHING_TO_CHANGE = 'Nothing to change.';
export type Heading = (typeof HEADINGS)[number];

// Release notes are for users: how the project tests, mutates and measures itself belongs in the
// development docs (docs/development-notes.md, docs/benchmarks.md), where it cannot bury what a
// user must do.
const DEVELOPMENT_NOTE = /\b(?:mutants?|mutation (?:score|testing|run)|Stryker)\b|(?:^|[\s(`])(?:test|bench)\/[\w.-]/i;

/** A change list: per heading, its loose lines (before any `####` group) and its `####` groups in order. */
interface Entries {
  loose: Map<Heading, string[]>;
  groups: Map<Heading, Map<string, string[]>>;
}

export class ChangelogError extends Error {
  override name = 'ChangelogError';
}

function emptyEntries(): Entries {
  return { loose: new Map(), groups: new Map() };
}

/**
 * Reads a change list: `### <Heading>` sections, each with bullets and optional `#### <group>`
 * sub-sections. Anything else (text outside a heading, an unknown heading) is an error that
 * names `source`, so an entry is never dropped silently.
 */
export function parseEntries(text: string, source: string, into: Entries = emptyEntries()): Entries {
  let heading: Heading | undefined;
  let group: string | undefined;
  for (const [index, line] of text.split('\n').entries()) {
    const h3 = /^### +(.+?)\s*$/.exec(line);
    const h4 = /^#### +(.+?)\s*$/.exec(line);
    if (h3) {
      const name = h3[1] as Heading;
      if (!HEADINGS.includes(name)) {
        throw new ChangelogError(
          `${source}:${index + 1}: "### ${h3[1]}" is not a heading of a release section (${HEADINGS.join(', ')})`,
        );
      }
      heading = name;
      group = undefined;
    } else if (h4) {
      if (!heading) throw new ChangelogError(`${source}:${index + 1}: "#### ${h4[1]}" comes before any ### heading`);
      group = h4[1] as string;
      const groups = into.groups.get(heading) ?? new Map<string, string[]>();
      into.groups.set(heading, groups);
      if (!groups.has(group)) groups.set(group, []);
    } else if (/^#{1,3}(?!#)/.test(line)) {
      throw new ChangelogError(`${source}:${index + 1}: only "### <Heading>" and "#### <group>" headings belong here`);
    } else if (line.trim() !== '') {
      if (!heading) throw new ChangelogError(`${source}:${index + 1}: text before the first ### heading: ${line}`);
      if (DEVELOPMENT_NOTE.test(line)) {
        throw new ChangelogError(
          `${source}:${index + 1}: a test, mutation or benchmark note; write it in docs/development-notes.md (or docs/benchmarks.md) and keep the release notes to what a user sees: ${line}`,
        );
      }
      const lines = group ? into.groups.get(heading)?.get(group) : into.loose.get(heading);
      // Bullets from several sources make one tight list: no blank line before a new bullet.
      while (lines && line.startsWith('- ') && lines.at(-1) === '') lines.pop();
      if (lines) lines.push(line);
      else into.loose.set(heading, [line]);
    } else {
      // A blank line ends a paragraph inside a bullet list: keep it, trimmed at the ends later.
      const lines = group ? into.groups.get(heading as Heading)?.get(group) : heading && into.loose.get(heading);
      lines?.push('');
    }
  }
  return into;
}

function trimBlank(lines: string[]): string[] {
  let start = 0;
  let end = lines.length;
  while (start < end && lines[start] === '') start++;
  while (end > start && lines[end - 1] === '') end--;
  return lines.slice(start, end);
}

/**
 * The entries as Markdown: headings in order (Upgrading first), loose lines first, then the
 * groups. With `upgrading`, a section without Upgrading entries gets one saying
 * {@link NOTHING_TO_CHANGE}, so that every released section starts with it.
 */
export function renderEntries(entries: Entries, options: { upgrading?: boolean } = {}): string {
  const out: string[] = [];
  for (const heading of HEADINGS) {
    const loose = trimBlank(entries.loose.get(heading) ?? []);
    const groups = [...(entries.groups.get(heading) ?? new Map<string, string[]>())]
      .map(([name, lines]) => [name, trimBlank(lines)] as const)
      .filter(([, lines]) => lines.length > 0);
    if (loose.length === 0 && groups.length === 0) {
      if (heading === 'Upgrading' && options.upgrading) out.push('### Upgrading', '', NOTHING_TO_CHANGE, '');
      continue;
    }
    out.push(`### ${heading}`, '');
    if (loose.length > 0) out.push(...loose, '');
    for (const [name, lines] of groups) out.push(`#### ${name}`, '', ...lines, '');
  }
  return out.join('\n');
}

const UNRELEASED = /^## \[Unreleased\][^\n]*\n/m;
const NEXT_SECTION = /^## \[/m;
const LINK_LINE = /^\[[^\]]+\]: \S+$/;

/** The parts of CHANGELOG.md around the `## [Unreleased]` section. */
function splitChangelog(changelog: string): { head: string; body: string; tail: string } {
  const start = UNRELEASED.exec(changelog);
  if (!start) throw new ChangelogError('CHANGELOG.md has no "## [Unreleased]" section');
  const afterHeading = start.index + start[0].length;
  const rest = changelog.slice(afterHeading);
  const next = NEXT_SECTION.exec(rest);
  const bodyEnd = next ? afterHeading + next.index : changelog.length;
  return { head: changelog.slice(0, start.index), body: changelog.slice(afterHeading, bodyEnd), tail: changelog.slice(bodyEnd) };
}

/** The version of the newest released section (`## [x.y.z] - date`), if any. */
export function previousRelease(changelog: string): string | undefined {
  return /^## \[(\d+\.\d+\.\d+[^\]]*)\]/m.exec(splitChangelog(changelog).tail)?.[1];
}

export interface Fragment {
  /** Its path, for messages (`changes/p24-cli.md`). */
  name: string;
  text: string;
}

export interface FoldOptions {
  version: string;
  /** `YYYY-MM-DD` (UTC). */
  date: string;
  fragments: Fragment[];
  /** `https://github.com/<owner>/<repo>`: compare links are `<repository>/compare/vA...vB`. */
  repository: string;
}

/**
 * CHANGELOG.md with the pending entries released as `## [version] - date`: the body of
 * `## [Unreleased]` first, then the fragments in the order given, merged per heading (a `####`
 * group named in several places becomes one group). `## [Unreleased]` is left empty on top, and
 * the links at the bottom get `[Unreleased]` comparing from the new tag and `[version]` comparing
 * from the previous release's tag.
 */
export function foldRelease(changelog: string, options: FoldOptions): string {
  const { head, body, tail } = splitChangelog(changelog);
  if (new RegExp(`^## \\[${options.version.replaceAll('.', '\\.')}\\]`, 'm').test(tail)) {
    throw new ChangelogError(`CHANGELOG.md already has a section for ${options.version}`);
  }
  const entries = parseEntries(body, 'CHANGELOG.md [Unreleased]');
  for (const fragment of options.fragments) parseEntries(fragment.text, fragment.name, entries);
  if (renderEntries(entries).trim() === '') {
    throw new ChangelogError('nothing to release: [Unreleased] is empty and changes/ holds no fragment');
  }
  const rendered = renderEntries(entries, { upgrading: true });
  const previous = previousRelease(changelog);
  const section = `## [${options.version}] - ${options.date}\n\n${rendered}`;
  const released = `${head}## [Unreleased]\n\n${section}\n${tail.replace(/\n*$/, '\n')}`;
  return withLinks(released, options.version, previous, options.repository);
}

/** Replaces the `[Unreleased]` link and adds the one for `version`, keeping the other links. */
function withLinks(changelog: string, version: string, previous: string | undefined, repository: string): string {
  const lines = changelog.replace(/\n*$/, '').split('\n');
  let firstLink = lines.length;
  while (firstLink > 0 && (LINK_LINE.test(lines[firstLink - 1] as string) || lines[firstLink - 1] === '')) firstLink--;
  const text = lines.slice(0, firstLink);
  const links = lines
    .slice(firstLink)
    .filter((line) => line !== '' && !line.startsWith('[Unreleased]: ') && !line.startsWith(`[${version}]: `));
  const own = previous
    ? `[${version}]: ${repository}/compare/v${previous}...v${version}`
    : `[${version}]: ${repository}/releases/tag/v${version}`;
  return `${[...text, '', `[Unreleased]: ${repository}/compare/v${version}...HEAD`, own, ...links].join('\n')}\n`;
}
