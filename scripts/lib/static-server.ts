// A read-only HTTP server of one folder on loopback, for the docs site's browser check: the site
// is opened as a reader's browser opens it from a host, not from file:// (where Chromium blocks
// the scripts that draw the navigation and run the search).
import { createReadStream, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize, sep } from 'node:path';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.json': 'application/json',
};

export interface StaticServer {
  /** `http://127.0.0.1:<port>/` */
  url: string;
  close(): Promise<void>;
}

/** Serves `root` on 127.0.0.1 and a free port; a path outside it, or no file, answers 404. */
export async function serveFolder(root: string): Promise<StaticServer> {
  const server: Server = createServer((request, response) => {
    const path = decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname);
    const file = normalize(join(root, path.endsWith('/') ? `${path}index.html` : path));
    let modified: Date | undefined;
    try {
      const stats = file === root || file.startsWith(root + sep) ? statSync(file) : undefined;
      if (stats?.isFile()) modified = stats.mtime;
    } catch {
      modified = undefined;
    }
    if (modified === undefined) {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
      return;
    }
    // Cacheable, as a host serves a site (GitHub Pages: 10 minutes): the browser then loads the
    // scripts and styles every page shares once, not once a page, as a reader's browser does.
    response.writeHead(200, {
      'content-type': TYPES[extname(file)] ?? 'application/octet-stream',
      'cache-control': 'max-age=600',
      'last-modified': modified.toUTCString(),
    });
    createReadStream(file).pipe(response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
