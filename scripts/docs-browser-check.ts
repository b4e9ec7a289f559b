// The API site (docs/api, `npm run docs`) as a reader sees it: opened in a real browser (Debian's
// Chromium, driven by playwright-core), served over loopback HTTP.
//
//   npx tsx scripts/docs-browser-check.ts [--screenshots <dir>]    # after `npm run docs`
//   npx tsx scripts/docs-browser-check.ts --only search            # one property (pages, modules, order, groups, search, links)
//
// One PASS/FAIL line per property (.ci/checks/docs.sh runs it; .ci/run counts the lines):
// - pages: every page of the site renders with content once its scripts ran (three at a time;
//   the search index, one file for every page, is loaded by the search property);
// - modules: each entry point of package.json's exports has a module page named by its import
//   path, whose description starts with a code example (the common task), and the guides and the
//   examples are in the navigation;
// - order: the navigation lists the guides in the README's reading order (its Documentation list:
//   installing, calling the API, pagination, errors and retries, webhooks, testing, ...);
// - groups: the root module's error classes are listed under "Errors", apart from its resources;
// - search: the site's own search box finds, for each query of SEARCHES, the page that answers it
//   first (over the comments and the guides, not names alone);
// - links: every link of every page (the navigation's included) resolves: a page of the site and,
//   for `#anchor`, an element with that id on it; a link to a file a browser would download
//   instead of showing (a .ts example, a .md file) is broken too. Links to other sites are counted
//   and must be https, but are not fetched (CI has no network).
// Screenshots of the home page and the webhooks module page go to --screenshots (default
// .tmp/docs-screenshots) for a person to look at.
import { existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { serveFolder } from './lib/static-server.js';

const root = resolve(fileURLToPath(new URL('..', import.meta.url)));
const site = join(root, 'docs', 'api');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const VIEWPORT = { width: 1280, height: 900 };

/** What a reader types, and the pages (paths under docs/api) one of which must come first. */
const SEARCHES = [
  { query: 'exactly once', pages: ['documents/Webhooks.html'], why: 'the webhooks guide: exactly once with your database' },
  {
    query: 'Express',
    pages: ['functions/credit-platform_webhooks.createNodeWebhookHandler.html', 'documents/Webhooks.html'],
    why: 'the receiver for Express, or the webhooks guide',
  },
  { query: 'csv', pages: ['documents/Local_development.html'], why: 'the command guide: transactions export' },
];

/** Files a link may lead to that a browser shows rather than downloads. */
const SHOWN = /\.(html|svg|png)$/;

const argument = (name: string) => (process.argv.includes(name) ? process.argv[process.argv.indexOf(name) + 1] : undefined);
const only = argument('--only');
/** Whether a property is checked in this run (all of them unless --only names one). */
const checks = (name: string) => only === undefined || only === name;

const results: string[] = [];
let failed = false;
function report(name: string, problems: string[], summary: string): void {
  failed ||= problems.length > 0;
  if (problems.length === 0) results.push(`PASS docs-browser ${name}: ${summary}`);
  else {
    const shown = problems.slice(0, 20).map((p) => `    ${p}`);
    if (problems.length > 20) shown.push(`    … and ${problems.length - 20} more`);
    results.push(`FAIL docs-browser ${name}: ${problems.length} problem(s); ${summary}\n${shown.join('\n')}`);
  }
}

function htmlFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && e.name.endsWith('.html'))
    .map((e) => relative(site, join(e.parentPath, e.name)).split('\\').join('/'))
    .sort();
}

/** Ids of each page, read from its file (anchors the browser would scroll to). */
const idsOf = new Map<string, Set<string>>();
function ids(page: string): Set<string> {
  let found = idsOf.get(page);
  if (!found) {
    const text = readFileSync(join(site, page), 'utf8');
    found = new Set([...text.matchAll(/\b(?:id|name)="([^"]+)"/g)].map((m) => m[1] as string));
    idsOf.set(page, found);
  }
  return found;
}

/** Opens a page and waits until typedoc's script has shown it and drawn the navigation. */
async function open(page: Page, url: string): Promise<void> {
  await page.goto(url, { waitUntil: 'load' });
  await page.waitForFunction(
    () =>
      document.body.style.display !== 'none' &&
      (document.querySelector('.col-content')?.textContent?.trim().length ?? 0) > 0 &&
      document.querySelectorAll('#tsd-nav-container a').length > 0,
    undefined,
    { timeout: 15_000 },
  );
}

interface Site {
  page: Page;
  /** The server's base URL, `http://127.0.0.1:<port>/`. */
  url: string;
  shots: string;
}

/**
 * Pages open side by side, each tab in a context of its own (its own storage, as one reader's
 * browser): each one waits on the browser's process and on this one in turn.
 */
const TABS = 3;

/**
 * Serves every page of the pages pass an empty search index: typedoc's pages each decompress and
 * load the whole index (0.4 MB, the same file for all of them), a third of the browser's CPU on
 * a page. That index is checked once, on the real file, by the search property; here each page's
 * reference to it must still lead to the file (else the server's 404 is reported).
 */
async function emptySearchIndex(context: BrowserContext): Promise<void> {
  await context.route('**/assets/search.js', async (route) => {
    const file = decodeURIComponent(new URL(route.request().url()).pathname.slice(1));
    if (existsSync(join(site, file))) await route.fulfill({ status: 200, contentType: 'text/javascript', body: '' });
    else await route.continue();
  });
}

/** Every page renders; returns the links of every page, as the browser resolved them. */
async function checkPages({ page, url }: Site): Promise<{ pages: string[]; links: { from: string; href: string }[] }> {
  const browser = page.context().browser();
  if (!browser) throw new Error('no browser to open the pages in');
  const pageErrors: string[] = [];
  const pages = htmlFiles(site);
  const linksOf: { from: string; href: string }[][] = [];
  const empty: string[] = [];
  let next = 0;
  const tab = async (): Promise<void> => {
    const context = await browser.newContext({ viewport: VIEWPORT });
    await emptySearchIndex(context);
    const tabPage = await context.newPage();
    tabPage.on('pageerror', (error) => pageErrors.push(`${tabPage.url()}: ${error.message}`));
    tabPage.on('response', (response) => {
      if (response.status() >= 400) pageErrors.push(`${response.url()} answered ${response.status()}`);
    });
    for (let index = next++; index < pages.length; index = next++) {
      const file = pages[index] as string;
      try {
        await open(tabPage, new URL(file, url).href);
      } catch (error) {
        empty.push(`${file}: no content shown (${(error as Error).message.split('\n')[0]})`);
        continue;
      }
      const hrefs = await tabPage.$$eval('a[href]', (as) => as.map((a) => (a as HTMLAnchorElement).href));
      linksOf[index] = hrefs.map((href) => ({ from: file, href }));
    }
    await context.close();
  };
  await Promise.all(Array.from({ length: TABS }, tab));
  report('pages', [...empty.sort(), ...pageErrors], `${pages.length} pages rendered with content`);
  return { pages, links: linksOf.flat() };
}

const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { name: string; exports: Record<string, unknown> };

/** Module pages named by import path, each opening with an example; guides and examples in the navigation. */
async function checkModules({ page, url }: Site): Promise<void> {
  const entries = Object.keys(pkg.exports)
    .filter((key) => !key.endsWith('.json'))
    .map((key) => (key === '.' ? pkg.name : `${pkg.name}/${key.slice(2)}`));
  const problems: string[] = [];
  await open(page, new URL('modules.html', url).href);
  const listed = await page.$$eval('.col-content a', (as) => as.map((a) => a.textContent?.trim() ?? ''));
  for (const entry of entries) {
    if (!listed.includes(entry)) {
      problems.push(`no module named "${entry}" on modules.html (found: ${listed.join(', ')})`);
      continue;
    }
    await open(page, new URL(`modules/${entry.replaceAll('/', '_')}.html`, url).href);
    const example = await page.$eval('.col-content', (content) => {
      const first = content.querySelector('.tsd-comment pre, .tsd-typography pre');
      const index = content.querySelector('.tsd-index-panel, .tsd-panel-group');
      return (
        first !== null && (index === null || (first.compareDocumentPosition(index) & Node.DOCUMENT_POSITION_FOLLOWING) !== 0)
      );
    });
    if (!example) problems.push(`${entry}: its page does not open with an example`);
  }
  const navigation = await page.$$eval('#tsd-nav-container a', (as) => as.map((a) => (a as HTMLAnchorElement).href));
  const guides = readdirSync(join(root, 'docs', 'guides')).filter((f) => f.endsWith('.md'));
  const documents = navigation.filter((href) => href.includes('/documents/'));
  if (documents.length < guides.length)
    problems.push(`the navigation links ${documents.length} documents, fewer than the ${guides.length} guides`);
  if (!documents.some((href) => /documents\/Examples\.html$/.test(href))) problems.push('the navigation has no Examples page');
  report(
    'modules',
    problems,
    `${entries.length} modules named ${entries.join(', ')}; ${documents.length} documents in the navigation`,
  );
}

/** The guides' titles (their front matter's `title:`) in the order of the README's Guides item. */
function readmeGuideTitles(): string[] {
  const item = /^- \*\*Guides\*\*:([\s\S]*?)^- \*\*/m.exec(readFileSync(join(root, 'README.md'), 'utf8'))?.[1] ?? '';
  return [...item.matchAll(/\]\((docs\/guides\/[a-z-]+\.md)\)/g)].map((m) => {
    const text = readFileSync(join(root, m[1] as string), 'utf8');
    return /^title:\s*(.+)$/m.exec(text)?.[1]?.trim() ?? (m[1] as string);
  });
}

/** The navigation shows the guides in the README's reading order. */
async function checkOrder({ page, url }: Site): Promise<void> {
  await open(page, url);
  const expected = readmeGuideTitles();
  const shown = (
    await page.$$eval('#tsd-nav-container a', (as) =>
      as.map((a) => ({ href: (a as HTMLAnchorElement).href, text: a.textContent?.trim() ?? '' })),
    )
  )
    .filter(({ href, text }) => href.includes('/documents/') && expected.includes(text))
    .map(({ text }) => text);
  const problems =
    JSON.stringify(shown) === JSON.stringify(expected)
      ? []
      : [`the navigation lists the guides as ${shown.join(', ')}; the README as ${expected.join(', ')}`];
  report('order', problems, `${shown.length} guides in the README's order: ${shown.slice(0, 7).join(', ')}, ...`);
}

/** The root module lists its error classes under "Errors", apart from its resources. */
async function checkGroups({ page, url, shots }: Site): Promise<void> {
  await open(page, new URL(`modules/${pkg.name}.html`, url).href);
  const sections = await page.$$eval('.col-content details.tsd-member-group', (all) =>
    all.map((group) => ({
      title: group.querySelector('summary h2')?.firstChild?.textContent?.trim() ?? '',
      names: [...group.querySelectorAll('.tsd-member-summary-name > a:not(.tsd-anchor-icon)')].map(
        (a) => a.textContent?.trim() ?? '',
      ),
    })),
  );
  const section = (title: string) => sections.find((s) => s.title === title)?.names ?? [];
  const problems: string[] = [];
  if (!section('Errors').includes('RateLimitError')) problems.push('no "Errors" section listing RateLimitError');
  if (!section('Resources').includes('Accounts')) problems.push('no "Resources" section listing Accounts');
  const mixed = section('Classes').filter((name) => /Error$/.test(name));
  if (mixed.length > 0) problems.push(`error classes still under "Classes": ${mixed.join(', ')}`);
  report(
    'groups',
    problems,
    `${pkg.name}: ${section('Errors').length} errors, ${section('Resources').length} resources, ${section('Classes').length} other classes`,
  );
  await page.screenshot({ path: join(shots, 'root-module.png') });
}

/** The search box of the home page finds the page that answers each query first. */
async function checkSearch({ page, url, shots }: Site): Promise<void> {
  const problems: string[] = [];
  const found: string[] = [];
  await open(page, url);
  await page.screenshot({ path: join(shots, 'home.png') });
  for (const { query, pages: expected, why } of SEARCHES) {
    await page.click('#tsd-search-trigger');
    await page.$eval('#tsd-search-results', (list) => {
      list.innerHTML = '';
    });
    await page.fill('#tsd-search-input', query);
    // The list is drawn once the index has answered: results, or the status says there are none.
    await page
      .waitForFunction(
        () =>
          document.querySelectorAll('#tsd-search-results li a').length > 0 ||
          (document.getElementById('tsd-search-status')?.textContent?.trim().length ?? 0) > 0,
        undefined,
        { timeout: 10_000 },
      )
      .catch(() => undefined);
    const top = await page.$$eval('#tsd-search-results li a', (as) =>
      as.slice(0, 3).map((a) => ({ href: (a as HTMLAnchorElement).href, text: a.textContent?.trim() ?? '' })),
    );
    if (query === SEARCHES[0]?.query) await page.screenshot({ path: join(shots, 'search.png') });
    await page.keyboard.press('Escape');
    const shown = top.map((t) => `${t.text} (${t.href.replace(url, '')})`).join('; ') || 'nothing';
    found.push(`"${query}" -> ${shown}`);
    if (!expected.includes(top[0]?.href.replace(url, '').split('#')[0] ?? ''))
      problems.push(`"${query}" should find ${expected.join(' or ')} (${why}) first; found ${shown}`);
  }
  report('search', problems, found.join(' | '));
}

/** Every link of every page leads to a page of the site (and its anchor), or to another site over https. */
function checkLinks(url: string, pages: string[], links: { from: string; href: string }[]): void {
  const problems: string[] = [];
  let external = 0;
  const internal = new Set<string>();
  for (const { from, href } of links) {
    const target = new URL(href);
    if (target.origin !== new URL(url).origin) {
      external++;
      if (target.protocol !== 'https:' && target.protocol !== 'mailto:') problems.push(`${from}: ${href} is not https`);
      continue;
    }
    const file = decodeURIComponent(target.pathname.slice(1)) || 'index.html';
    internal.add(file + target.hash);
    if (!existsSync(join(site, file))) problems.push(`${from}: ${href} leads nowhere (no ${file})`);
    else if (!SHOWN.test(file)) problems.push(`${from}: ${href} is a file the browser downloads, not a page`);
    else if (target.hash.length > 1 && file.endsWith('.html') && !ids(file).has(decodeURIComponent(target.hash.slice(1))))
      problems.push(`${from}: ${href} names an anchor ${file} does not have`);
  }
  report(
    'links',
    problems,
    `${links.length} links on ${pages.length} pages resolve (${links.length - external} to this site, ${internal.size} distinct; ${external} to other sites, not fetched)`,
  );
}

async function main(): Promise<number> {
  if (!existsSync(join(site, 'index.html'))) {
    console.log('FAIL docs-browser: docs/api/index.html does not exist: run `npm run docs` first');
    return 1;
  }
  const shots = resolve(argument('--screenshots') ?? '.tmp/docs-screenshots');
  mkdirSync(shots, { recursive: true });
  const server = await serveFolder(site);
  let browser: Browser | undefined;
  try {
    browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
    const at: Site = { page: await browser.newPage({ viewport: VIEWPORT }), url: server.url, shots };
    if (checks('pages') || checks('links')) {
      const { pages, links } = await checkPages(at);
      if (checks('links')) checkLinks(server.url, pages, links);
    }
    if (checks('modules')) await checkModules(at);
    if (checks('order')) await checkOrder(at);
    if (checks('groups')) await checkGroups(at);
    if (checks('search')) await checkSearch(at);
  } finally {
    await browser?.close();
    await server.close();
  }
  for (const line of results) console.log(line);
  console.log(`screenshots: ${relative(root, shots)}/`);
  return failed ? 1 : 0;
}

process.exitCode = await main();
