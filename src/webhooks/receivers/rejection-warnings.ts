// The default `onRejected`. Anyone on the internet can send a forged delivery, so one line per
// refusal would let them choose the log volume: a code gets at most one line a minute, and the
// refusals collapsed meanwhile are counted in one summary line when the minute ends. No `node:*`
// import.
import type { WebhookVerificationError, WebhookVerificationErrorCode } from '../errors.js';

const WINDOW_MS = 60_000;

interface Window {
  until: number;
  collapsed: number;
  timer?: ReturnType<typeof setTimeout>;
}

/** @internal A default `onRejected` writing through `warn`, at most one line per code per minute. */
export function rejectionWarnings(
  warn: (message: string, fields: Record<string, unknown>) => void,
): (error: WebhookVerificationError) => void {
  const windows = new Map<WebhookVerificationErrorCode, Window>();

  function summarize(code: WebhookVerificationErrorCode, window: Window): void {
    const { collapsed } = window;
    warn(
      `credit-platform: webhook delivery refused (${code}) ${collapsed} more ${collapsed === 1 ? 'time' : 'times'} in the last minute; at most one line per refusal code per minute (pass onRejected to see each).`,
      { code, collapsed },
    );
    // The summary is this minute's line for the code.
    windows.set(code, { until: Date.now() + WINDOW_MS, collapsed: 0 });
  }

  return (error) => {
    const now = Date.now();
    const window = windows.get(error.code);
    if (window === undefined || now >= window.until) {
      warn(`credit-platform: webhook delivery refused (${error.code}): ${error.message}`, { code: error.code });
      windows.set(error.code, { until: now + WINDOW_MS, collapsed: 0 });
      return;
    }
    window.collapsed++;
    if (window.timer !== undefined) return;
    window.timer = setTimeout(() => summarize(error.code, window), window.until - now);
    // Node and Bun: a pending summary alone does not keep the process alive.
    (window.timer as { unref?: () => void }).unref?.();
  };
}
