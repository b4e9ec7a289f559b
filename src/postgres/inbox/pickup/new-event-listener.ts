// A worker's LISTEN connection: one pool connection held for the worker's life, on which the
// receivers' NOTIFYs arrive, so an idle worker in another process starts a new event at once
// rather than at its next poll. Polling goes on beside it: a lost connection costs only latency,
// and is opened again after a pause that doubles while it keeps failing.
import type { PostgresPool, PostgresPoolClient } from '../../postgres-pool.js';

const FIRST_RETRY_MS = 1_000;
const LAST_RETRY_MS = 30_000;

// What node-postgres' Client has beyond what the store declares: its backend's process id, and
// the events of a listening connection (a notification names the backend that sent it).
type ClientListener = (arg?: Error | { readonly processId?: number }) => void;
interface ListeningClient {
  readonly processID?: number | null;
  on(event: 'notification' | 'end' | 'error', listener: ClientListener): unknown;
  removeListener(event: 'notification' | 'end' | 'error', listener: ClientListener): unknown;
}

/** @internal What a worker's listener needs. */
export interface NewEventListenerOptions<Client extends PostgresPoolClient> {
  readonly pool: PostgresPool<Client>;
  /** The channel, quoted as an identifier. */
  readonly listen: string;
  /** Called for each notification, and once after each (re)connection (events stored meanwhile). */
  readonly onNewEvent: () => void;
  /** Told when the connection could not be opened or was lost. */
  readonly onError: (error: Error) => void;
  /** Given the connection once it listens; the function it returns is called when the connection is gone. */
  readonly onListening: (client: Client) => () => void;
}

/** @internal A running listener. */
export interface NewEventListener {
  /** Closes the connection (never handed back to the pool: it would keep receiving notifications). */
  close(): void;
}

function lostError(cause: unknown): Error {
  return new Error(
    "credit-platform: the inbox worker's LISTEN connection failed; it polls for new events until the connection is back.",
    { cause },
  );
}

/** @internal Starts listening; reconnects after a failure until `close()`. */
export function listenForNewEvents<Client extends PostgresPoolClient>(
  options: NewEventListenerOptions<Client>,
): NewEventListener {
  const { pool, listen, onNewEvent, onError, onListening } = options;
  let closed = false;
  let current: { client: Client; drop: (error?: Error) => boolean } | undefined;
  let unlisten: (() => void) | undefined;
  let retryMs = FIRST_RETRY_MS;
  let retry: ReturnType<typeof setTimeout> | undefined;

  const later = (error: unknown) => {
    if (closed) return;
    onError(lostError(error));
    retry = setTimeout(() => void connect(), retryMs);
    retryMs = Math.min(retryMs * 2, LAST_RETRY_MS);
  };

  async function connect(): Promise<void> {
    retry = undefined;
    let client: Client;
    try {
      client = await pool.connect();
    } catch (error) {
      later(error);
      return;
    }
    if (closed) {
      client.release(true);
      return;
    }
    const events = client as unknown as ListeningClient;
    const notified: ClientListener = (message) => {
      // Sent on this very connection by this process's receiver, which woke its workers itself.
      if ((message as { processId?: number } | undefined)?.processId !== events.processID) onNewEvent();
    };
    // Once per connection, whichever of 'error', 'end' or close() comes first.
    const drop = (error?: Error): boolean => {
      if (current?.client !== client) return false;
      current = undefined;
      unlisten?.();
      unlisten = undefined;
      events.removeListener('notification', notified);
      events.removeListener('error', failed);
      events.removeListener('end', ended);
      client.release(error ?? true);
      return true;
    };
    function failed(arg?: Error | object): void {
      const error = arg instanceof Error ? arg : undefined;
      if (drop(error)) later(error);
    }
    function ended(): void {
      failed(new Error('the connection ended'));
    }
    current = { client, drop };
    events.on('notification', notified);
    events.on('error', failed);
    events.on('end', ended);
    try {
      await client.query(`LISTEN ${listen}`);
    } catch (error) {
      failed(error instanceof Error ? error : new Error(String(error)));
      return;
    }
    retryMs = FIRST_RETRY_MS;
    if (current?.client === client) unlisten = onListening(client);
    onNewEvent();
  }

  void connect();
  return {
    close() {
      closed = true;
      clearTimeout(retry);
      current?.drop();
    },
  };
}
