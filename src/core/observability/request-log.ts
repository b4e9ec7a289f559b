import type { LevelledLogger } from '../config/logger.js';
import { redact } from '../redaction/redact.js';
import type { RetryDecision } from '../retry-policy.js';

/** What one attempt's log line says; never a body, never a header, never the key. */
export interface AttemptRecord {
  /** The call's id, the same on every attempt (request-id.ts). */
  requestId: string;
  operation: string;
  method: string;
  path: string;
  attempt: number;
  /** The response status, when a response came. */
  status: number | undefined;
  /** Milliseconds this attempt took. */
  elapsedMs: number;
  /** What went wrong when no response came ("timeout", "ECONNRESET", ...). */
  failure?: string;
  secrets: readonly string[];
}

function fields(record: AttemptRecord, decision: RetryDecision | undefined): Record<string, unknown> {
  const out: Record<string, unknown> = {
    requestId: record.requestId,
    operation: record.operation,
    method: record.method,
    path: redact(record.path, record.secrets),
    status: record.status,
    attempt: record.attempt,
    elapsedMs: Math.round(record.elapsedMs),
  };
  if (record.failure !== undefined) out.failure = record.failure;
  if (decision?.retry) {
    out.waitMs = Math.round(decision.waitMs);
    out.waitSource = decision.source;
  } else if (decision) {
    out.reason = redact(decision.reason, record.secrets);
  }
  return out;
}

/**
 * Writes the lines about one finished attempt: at `debug` one line per attempt; at `warn` a
 * wait the service imposed (`Retry-After`, `X-RateLimit-Reset`) and a retry given up. Each
 * level costs one property read when it is off.
 */
export function logAttempt(log: LevelledLogger, record: AttemptRecord, decision: RetryDecision | undefined): void {
  const { debug, warn } = log;
  if (debug === undefined && warn === undefined) return;
  const what = `${record.method} ${redact(record.path, record.secrets)}`;
  const result = record.status === undefined ? (record.failure ?? 'no response') : String(record.status);
  if (debug) {
    const next =
      decision === undefined ? '' : decision.retry ? `; retrying in ${Math.round(decision.waitMs)} ms` : '; not retried';
    debug(
      `credit-platform: ${what} -> ${result} (attempt ${record.attempt}, ${Math.round(record.elapsedMs)} ms)${next}`,
      fields(record, decision),
    );
  }
  if (!warn || decision === undefined) return;
  if (decision.retry && decision.source !== 'backoff') {
    warn(
      `credit-platform: ${what} -> ${result}: the service asks to wait ${Math.round(decision.waitMs)} ms (${decision.source}); waiting`,
      fields(record, decision),
    );
  } else if (!decision.retry && decision.gaveUp) {
    warn(
      `credit-platform: ${what} -> ${result}: giving up, ${redact(decision.reason, record.secrets)}`,
      fields(record, decision),
    );
  }
}
