import type { FakeCreditPlatform } from '../../src/testing/index.js';

export const ORIGIN = 'https://api.example.test';

export interface Envelope {
  success: boolean;
  // biome-ignore lint/suspicious/noExplicitAny: tests read arbitrary fields of the fake's answers
  data: any;
  message: string | null;
  errors?: { field: string; message: string; code: string }[];
}

export interface CallResult {
  status: number;
  headers: Headers;
  body: Envelope;
}

/** One request through `fake.handle`, body parsed as the envelope. */
export async function call(
  fake: FakeCreditPlatform,
  method: string,
  path: string,
  options: {
    key?: string | null;
    body?: unknown;
    rawBody?: string;
    headers?: Record<string, string>;
    clientAddress?: string;
  } = {},
): Promise<CallResult> {
  const headers = new Headers(options.headers);
  const key = options.key === undefined ? fake.apiKey : options.key;
  if (key !== null) headers.set('x-api-key', key);
  let body: string | undefined = options.rawBody;
  if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    headers.set('content-type', 'application/json');
  }
  const url = path.startsWith('http') ? path : `${ORIGIN}/api/v1${path}`;
  const response = await fake.handle(new Request(url, { method, headers, body }), { clientAddress: options.clientAddress });
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: JSON.parse(text) as Envelope };
}

/** Asserts the error envelope and returns its first error code. */
export function errorCode(result: CallResult): string | undefined {
  if (result.body.success !== false || result.body.data !== null || typeof result.body.message !== 'string') {
    throw new Error(`not an error envelope: ${JSON.stringify(result.body)}`);
  }
  return result.body.errors?.[0]?.code;
}

/** Records every delivery the fake sends and answers with the given statuses in turn (last one repeats). */
export function recordingTransport(statuses: number[] = [200]) {
  const received: { url: string; headers: Headers; body: string }[] = [];
  const transport = async (request: Request): Promise<Response> => {
    received.push({ url: request.url, headers: request.headers, body: await request.text() });
    const status = statuses[Math.min(received.length - 1, statuses.length - 1)] ?? 200;
    return new Response(null, { status });
  };
  return { received, transport };
}
