/** The most characters of a body (or of any text the service sent) an error keeps. */
export const EXCERPT_LENGTH = 500;

/** Bounds a body kept for diagnosis, so a 10 MB HTML page does not ride along in logs. */
export function excerpt(body: string): string {
  return body.length <= EXCERPT_LENGTH ? body : `${body.slice(0, EXCERPT_LENGTH)}… (${body.length} characters)`;
}
