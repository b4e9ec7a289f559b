import type { ResolvedOptions } from '../config/resolve-options.js';
import type { PacingState } from '../pacing/types.js';
import type { Transport } from '../types.js';
import { HttpCore } from './http-core.js';

/** The client's transport: sends calls, and keeps what the client reports about them. */
export interface ClientTransport extends Transport {
  /** The pacer's view of the key's budget; `undefined` when pacing is off. */
  pacingState(): Promise<PacingState | undefined>;
  /** The headers of the last few responses that carried rate-limit headers, newest last (http-core.ts). */
  readonly rateLimitHeaders: Headers[];
}

/**
 * The client's transport: the {@link HttpCore}, which loads ky on the first request rather than
 * when the SDK is imported (load-ky.ts). It checks the key and the default headers when it is
 * built, so a bad one fails `new CreditPlatform()` rather than the first call.
 */
export function createTransport(options: ResolvedOptions): ClientTransport {
  return new HttpCore(options);
}
