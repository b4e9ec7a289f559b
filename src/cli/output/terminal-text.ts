// Text from the network (an endpoint's answer, an error message quoting the service) is shown in
// the developer's terminal: escape sequences in it must not reach the terminal, and its size is
// bounded before anything is read into memory.

// C0 controls but tab and newline, DEL, and C1 controls (which some terminals also obey).
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point.
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g;

/** `text` with control characters shown as `\u001b`-style escapes. */
export function printable(text: string): string {
  return text.replace(CONTROL, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** The first `limit` bytes of a response body as text, and whether more followed (not read). */
export async function readBodyPrefix(response: Response, limit: number): Promise<{ text: string; truncated: boolean }> {
  if (response.body === null) return { text: '', truncated: false };
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  let truncated = false;
  try {
    while (size < limit) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      size += value.byteLength;
    }
    truncated = size > limit || !(await reader.read()).done;
  } finally {
    await reader.cancel().catch(() => undefined);
  }
  const bytes = Buffer.concat(chunks).subarray(0, limit);
  return { text: new TextDecoder().decode(bytes), truncated };
}
