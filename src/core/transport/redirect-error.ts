/**
 * Whether a response is a redirect the SDK refuses to follow: any 3xx, or the opaque redirect a
 * runtime that implements `redirect: 'manual'` to the letter (browsers, Deno) answers with,
 * which hides the status (0) and every header.
 */
export function isRedirect(response: Response): boolean {
  return response.type === 'opaqueredirect' || (response.status >= 300 && response.status <= 399);
}

/**
 * The message of a refused redirect. Every attempt goes with `redirect: 'manual'`: a followed
 * redirect would take `X-API-Key` (which fetch, unlike `Authorization`, keeps across origins)
 * and, on 307/308, the body to whatever address the `Location` names. Only the Location's
 * origin is named, never its path or query (which may carry a token of the other side), so a
 * user whose service moved learns the new `baseUrl` and nothing else.
 */
export function redirectMessage(response: Response, requestUrl: string, where: string): string {
  const refusal = 'the SDK does not follow redirects, so the API key and the body never leave for another address';
  if (response.type === 'opaqueredirect') {
    return `0 ${where} was answered with a redirect whose status and Location the runtime hides (an opaque redirect); ${refusal}. Check that \`baseUrl\` is the service's current address.`;
  }
  const origin = locationOrigin(response.headers.get('location'), requestUrl);
  if (origin === undefined) {
    return `${response.status} ${where} was answered with a redirect with no usable Location; ${refusal}. Check that \`baseUrl\` is the service's current address.`;
  }
  return `${response.status} ${where} was answered with a redirect to ${origin}; ${refusal}. If the service has moved there, set \`baseUrl\` to its new address.`;
}

// `URL.origin` never holds a user name or password; a relative Location resolves to the
// service's own origin.
function locationOrigin(location: string | null, requestUrl: string): string | undefined {
  // Header values come trimmed (Fetch spec): a blank Location is ''.
  if (location === null || location === '') return undefined;
  let origin: string;
  try {
    origin = new URL(location, requestUrl).origin;
  } catch {
    return undefined;
  }
  return origin === 'null' ? undefined : origin;
}
