/**
 * A transport error in one line: fetch's own message is only "fetch failed", and the reason
 * (`ECONNREFUSED`, `bad port`, a TLS error) sits in its `cause`. Never the request: a delivery's
 * signature stays out.
 */
export function networkErrorText(error: unknown): string {
  if (!(error instanceof Error)) return 'transport failed';
  const cause = error.cause as { code?: unknown; message?: unknown } | undefined;
  const reason = typeof cause?.code === 'string' ? cause.code : typeof cause?.message === 'string' ? cause.message : undefined;
  return `${error.name}: ${error.message}${reason === undefined ? '' : ` (${reason})`}`;
}
