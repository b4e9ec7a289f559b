// An error message may quote the request's URL (a service that echoes it), and a query value
// can be a cursor or an email: spans keep the parameter names and drop the values.
const QUERY_PARAMETER = /([?&][^\s?&#=]+=)[^\s&#"'<>]*/g;

/** `text` with the value of every `?name=value` / `&name=value` pair replaced by `[REDACTED]`. */
export function withoutQueryValues(text: string): string {
  return text.replace(QUERY_PARAMETER, '$1[REDACTED]');
}
