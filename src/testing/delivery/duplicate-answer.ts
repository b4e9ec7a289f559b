// Whether a receiver's 2xx answer says it had already handled the event id: the receivers of
// credit-platform/webhooks answer a repeated id with `{"received":true,"duplicate":true}`. Only
// the first bytes are read, so an endpoint cannot make the fake hold a large or endless answer.

const READ_BYTES = 4096;

async function readPrefix(body: ReadableStream<Uint8Array>): Promise<string> {
  const reader = body.getReader();
  const bytes = new Uint8Array(READ_BYTES);
  let read = 0;
  try {
    while (read < READ_BYTES) {
      const { done, value } = await reader.read();
      if (done) break;
      const chunk = value.subarray(0, READ_BYTES - read);
      bytes.set(chunk, read);
      read += chunk.byteLength;
    }
  } finally {
    await reader.cancel().catch(() => undefined);
  }
  return new TextDecoder().decode(bytes.subarray(0, read));
}

/**
 * Whether an answer's text says the receiver had already handled the event id: the receivers of
 * credit-platform/webhooks answer a repeated id with 200 and `{"received":true,"duplicate":true}`.
 */
export function saysDuplicate(text: string): boolean {
  try {
    // Object() boxes a primitive and turns null into {}: any JSON value can be asked for the flag.
    return Object(JSON.parse(text)).duplicate === true;
  } catch {
    return false;
  }
}

/** Reads at most 4 KiB of `response` (and cancels the rest); true when it is a 2xx `duplicate` answer. */
export async function isDuplicateAnswer(response: Response): Promise<boolean> {
  if (!response.ok || response.body === null) {
    await response.body?.cancel().catch(() => undefined);
    return false;
  }
  return saysDuplicate(await readPrefix(response.body));
}
