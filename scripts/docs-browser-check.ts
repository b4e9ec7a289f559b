// The API site (docs/api, `npm run docs`) as a reader sees it: opened in a real browser (Debian's
// Chromium, driven by playwright-core), served over loopback HTTP.
//
//   npx tsx scripts/docs-browser-check.ts [--screenshots <dir>]    # after `npm run docs`
//
// One PASS/FAIL line per property (.ci/checks/docs.sh runs it; .ci/run counts the lines):
// - pages: every page of the site renders with content once its scripts ran;
// - modules: each entry point of package.json's exports has a module page named by its import
//   path, whose description starts with a code example (the common task), and the guides and the
//   examples are in the navigation;
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
import { type Browser, chromium, type Page } from 'playwright-core';
import { serveFolder } from './lib/static-server.js';

const root = resolve(fileURLToPath(new URL('..', import.meta.url)));
const site = join(root, 'docs', 'api');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** What a reader types, and the pages (paths under docs/api) one of which must come first. */
const SEARCHES = [
  { query: 'exactly once', pages: ['documents/Webhooks.html'], why: 'the webhooks guide: exactly once with your database' },
  {
    query: 'Express',
    pages: ['functions/credit-platform_webhooks.createNodeWebhookHandler.html', 'documents/Webhooks.html'],
    why: 'the receiver for Express, or the webhooks guide',
  },
  { query: 'csv', pages: ['documents/The_credit-platform_command.html'], why: 'the command guide: transactions export' },
];

/** Files a link may lead to that a browser shows rather than downloads. */
const SHOWN = /\.(html|svg|png)$/;

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

async function main(): Promise<number> {
  if (!existsSync(join(site, 'index.html'))) {
    console.log('FAIL docs-browser: docs/api/index.html does not exist: run `npm run docs` first');
    return 1;
  }
  const shots = resolve(process.argv.includes('--screenshots') ? (process.argv[process.argv.indexOf('--screenshots') + 1] ?? '') : '.tmp/docs-screenshots');
  mkdirSync(shots, { recursive: true });
  const server = await serveFolder(site);
  let browser: Browser | undefined;
  try {
    browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(`${page.url()}: ${error.message}`));
    page.on('response', (response) => {
      if (response.status() >= 400) pageErrors.push(`${response.url()} answered ${response.status()}`);
    });

    // Every page renders; its links are collected as the browser resolved them.
    const pages = htmlFiles(site);
    const links: { from: string; href: string }[] = [];
    const empty: string[] = [];
    for (const file of pages) {
      try {
        await open(page, new URL(file, server.url).href);
      } catch (error) {
        empty.push(`${file}: no content shown (${(error as Error).message.split('\n')[0]})`);
        continue;
      }
      for (const href of await page.$$eval('a[href]', (as) => as.map((a) => (a as HTMLAnchorElement).href)))
        links.push({ from: file, href });
    }
    report('pages', [...empty, ...pageErrors], `${pages.length} pages rendered with content`);

    // Module pages named by import path, each opening with an example; guides and examples in the navigation.
    const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { name: string; exports: Record<string, unknown> };
    const entries = Object.keys(pkg.exports)
      .filter((key) => !key.endsWith('.json'))
      .map((key) => (key === '.' ? pkg.name : `${pkg.name}/${key.slice(2)}`));
    const moduleProblems: string[] = [];
    await open(page, new URL('modules.html', server.url).href);
    const listed = await page.$$eval('.col-content a', (as) => as.map((a) => a.textContent?.trim() ?? ''));
    for (const entry of entries) {
      if (!listed.includes(entry)) {
        moduleProblems.push(`no module named "${entry}" on modules.html (found: ${listed.join(', ')})`);
        continue;
      }
      await open(page, new URL(`modules/${entry.replaceAll('/', '_')}.html`, server.url).href);
      const example = await page.$eval('.col-content', (content) => {
        const first = content.querySelector('.tsd-comment pre, .tsd-typography pre');
        const index = content.querySelector('.tsd-index-panel, .tsd-panel-group');
        return first !== null && (index === null || first.compareDocumentPosition(index) & Node.DOCUMENT_POSITION_FOLLOWING);
      });
      if (!example) moduleProblems.push(`${entry}: its page does not open with an example`);
    }
    const navigation = await page.$$eval('#tsd-nav-container a', (as) => as.map((a) => (a as HTMLAnchorElement).href));
    const guides = readdirSync(join(root, 'docs', 'guides')).filter((f) => f.endsWith('.md'));
    const documents = navigation.filter((href) => href.includes('/documents/'));
    if (documents.length < guides.length)
      moduleProblems.push(`the navigation links ${documents.length} documents, fewer than the ${guides.length} guides`);
    if (!documents.some((href) => /documents\/Examples/i.test(href))) moduleProblems.push('the navigation has no Examples page');
    report('modules', moduleProblems, `${entries.length} modules named ${entries.join(', ')}; ${documents.length} documents in the navigation`);

    // The root module: errors apart from resources.
    await open(page, new URL(`modules/${pkg.name}.html`, server.url).href);
    const sections = await page.$$eval('.col-content details.tsd-member-group', (all) =>
      all.map((group) => ({
        title: group.querySelector('summary h2')?.firstChild?.textContent?.trim() ?? '',
        names: [...group.querySelectorAll('.tsd-member-summary-name > a:not(.tsd-anchor-icon)')].map((a) => a.textContent?.trim() ?? ''),
      })),
    );
    const section = (title: string) => sections.find((s) => s.title === title)?.names ?? [];
    const groupProblems: string[] = [];
    if (!section('Errors').includes('RateLimitError')) groupProblems.push('no "Errors" section listing RateLimitError');
    if (!section('Resources').includes('Accounts')) groupProblems.push('no "Resources" section listing Accounts');
    const mixed = section('Classes').filter((name) => /Error$/.test(name));
    if (mixed.length > 0) groupProblems.push(`error classes still under "Classes": ${mixed.join(', ')}`);
    report(
      'groups',
      groupProblems,
      `${pkg.name}: ${section('Errors').length} errors, ${section('Resources').length} resources, ${section('Classes').length} other classes`,
    );
    await page.screenshot({ path: join(shots, 'root-module.png'), fullPage: false });

    // Search, as a reader uses it: the search box of the home page.
    const searchProblems: string[] = [];
    const found: string[] = [];
    await open(page, server.url);
    await page.screenshot({ path: join(shots, 'home.png'), fullPage: false });
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
      if (query === 'Express') await page.screenshot({ path: join(shots, 'search.png') });
      await page.keyboard.press('Escape');
      const shown = top.map((t) => `${t.text} (${t.href.replace(server.url, '')})`).join('; ') || 'nothing';
      found.push(`"${query}" -> ${shown}`);
      if (!expected.includes(top[0]?.href.replace(server.url, '').split('#')[0] ?? ''))
        searchProblems.push(`"${query}" should find ${expected.join(' or ')} (${why}) first; found ${shown}`);
    }
    report('search', searchProblems, found.join(' | '));

    // Every link resolves.
    const linkProblems: string[] = [];
    let external = 0;
    const internal = new Set<string>();
    for (const { from, href } of links) {
      const url = new URL(href);
      if (url.origin !== new URL(server.url).origin) {
        external++;
        if (url.protocol !== 'https:' && url.protocol !== 'mailto:') linkProblems.push(`${from}: ${href} is not https`);
        continue;
      }
      const target = decodeURIComponent(url.pathname.slice(1)) || 'index.html';
      internal.add(target + url.hash);
      if (!existsSync(join(site, target))) linkProblems.push(`${from}: ${href} leads nowhere (no ${target})`);
      else if (!SHOWN.test(target)) linkProblems.push(`${from}: ${href} is a file the browser downloads, not a page`);
      else if (url.hash.length > 1 && target.endsWith('.html') && !ids(target).has(decodeURIComponent(url.hash.slice(1))))
        linkProblems.push(`${from}: ${href} names an anchor ${target} does not have`);
    }
    report(
      'links',
      linkProblems,
      `${links.length} links on ${pages.length} pages resolve (${links.length - external} to this site, ${internal.size} distinct; ${external} to other sites, not fetched)`,
    );
  } finally {
    await browser?.close();
    await server.close();
  }
  for (const line of results) console.log(line);
  console.log(`screenshots: ${relative(root, shots)}/{home,root-module,search}.png`);
  return failed ? 1 : 0;
}

process.exitCode = await main();
