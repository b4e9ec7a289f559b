/**
 * The `error.type` of a span whose response had `status`: the status code as text when it is at
 * least `floor` (400 for a client span, 500 for a server span, as the HTTP semantic conventions
 * say), otherwise `undefined` (no response, or not an error status).
 */
export function errorStatus(status: number | undefined, floor: number): string | undefined {
  if (status === undefined || status < floor) return undefined;
  return String(status);
}
