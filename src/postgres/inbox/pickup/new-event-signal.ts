// How a stored event reaches idle workers at once: the receiver wakes the workers of its own
// process directly, and sends a NOTIFY on the inbox's channel for the workers of other processes.
//
// The NOTIFY is not part of the insert's transaction: PostgreSQL holds one lock per database from a
// notifying transaction's pre-commit until its end, WAL flush included, so notifying inserts commit
// one flush at a time (at 200 deliveries/s on a loaded machine, acknowledgements queued for
// seconds). It goes after the insert committed, in a transaction of its own that does not wait for
// its flush (a notification lost in a crash only leaves the event to the next poll), and at most one
// at a time per inbox: deliveries stored while one is on its way share the next. It goes on a
// worker's LISTEN connection when this process runs one, so that it never takes one of the
// connections the workers leave to the receiver.
import { createHash } from 'node:crypto';
import type { PostgresPool } from '../../postgres-pool.js';

type Sender = Pick<PostgresPool, 'query'>;

/** @internal The inbox's new-event signal: its channel, and what wakes the workers when an event is stored. */
export interface NewEventSignal {
  /** The `LISTEN` channel, quoted as an identifier. */
  readonly listen: string;
  /** Calls `wake` whenever this inbox stores an event; returns the function that stops it. */
  subscribe(wake: () => void): () => void;
  /** An event was stored (committed): wakes this process's workers, and notifies the others'. */
  stored(): void;
  /** Sends the notifications on `connection` (a worker's LISTEN connection) until the returned function is called. */
  sendThrough(connection: Sender): () => void;
}

/** @internal The new-event signal of the inbox table `name`, notifying through `pool`. */
export function newEventSignal(pool: Pick<PostgresPool, 'query'>, name: string): NewEventSignal {
  // A channel name is an identifier (63 bytes at most) and a table name with its schema may be
  // longer: a digest of the name keeps every channel short and distinct.
  const channel = `credit_platform_inbox_${createHash('sha256').update(name).digest('hex').slice(0, 16)}`;
  const wakers = new Set<() => void>();
  const senders = new Set<Sender>();
  let sending = false;
  let again = false;

  async function notifyOthers(): Promise<void> {
    if (sending) {
      again = true;
      return;
    }
    sending = true;
    try {
      do {
        again = false;
        const [sender = pool] = senders;
        await sender.query("SELECT set_config('synchronous_commit', 'off', true), pg_notify($1, '')", [channel]);
      } while (again);
    } catch {
      // The workers find the event at their next poll; the receiver's own statements report a database that is down.
    } finally {
      sending = false;
    }
  }

  return {
    listen: `"${channel}"`,
    subscribe(wake) {
      // One entry per subscription, even for the same function twice.
      const entry = () => wake();
      wakers.add(entry);
      return () => wakers.delete(entry);
    },
    stored() {
      for (const wake of wakers) wake();
      void notifyOthers();
    },
    sendThrough(connection) {
      senders.add(connection);
      return () => senders.delete(connection);
    },
  };
}
