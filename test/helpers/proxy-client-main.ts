// One SDK call in a process of its own, so the proxy settings it is started with are the
// process's from its first line (Node reads NODE_USE_ENV_PROXY at start-up). Prints one JSON line.
// Env: BASE_URL, CREDIT_PLATFORM_API_KEY; EXPLICIT_PROXY=<url> sets the proxy in code instead.
import http from 'node:http';
import { CreditPlatform } from '../../src/index.js';

if (process.env.EXPLICIT_PROXY) {
  // The documented recipe for a proxy named in code (Node 24): the same as HTTPS_PROXY, for this process.
  http.setGlobalProxyFromEnv({ HTTPS_PROXY: process.env.EXPLICIT_PROXY, HTTP_PROXY: process.env.EXPLICIT_PROXY });
}
const client = new CreditPlatform({ baseUrl: process.env.BASE_URL, maxRetries: 0, logLevel: 'off' });
try {
  const me = await client.accounts.me();
  console.log(JSON.stringify({ id: me.id }));
} catch (error) {
  console.log(JSON.stringify({ error: (error as Error).name, message: (error as Error).message }));
}
