// How a stored event reaches idle workers at once: the receiver's insert sends a NOTIFY on the
// inbox's channel in its own transaction (delivered to listeners in other processes only once it
// commits), and wakes the workers of its own process directly.
import { createHash } from 'node:crypto';
import type { InboxTable } from '../inbox-table.js';

/** @internal The inbox's new-event signal: its channel, its notifying insert, and its in-process listeners. */
export interface NewEventSignal {
  /** The `LISTEN` channel, quoted as an identifier. */
  readonly listen: string;
  /** As `table.insert` (the same `$1`…`$4`), notifying the channel when a row is stored: answers one row then, none for a known key. */
  readonly insert: string;
  /** The values after `table.insert`'s own: the channel. */
  readonly insertValues: readonly unknown[];
  /** Calls `wake` whenever this process stores an event; returns the function that stops it. */
  subscribe(wake: () => void): () => void;
  /** Wakes this process's subscribers: an event was stored. */
  stored(): void;
}

/** @internal The new-event signal of `table`. */
export function newEventSignal(table: InboxTable): NewEventSignal {
  // A channel name is an identifier (63 bytes at most) and a table name with its schema may be
  // longer: a digest of the name keeps every channel short and distinct.
  const channel = `credit_platform_inbox_${createHash('sha256').update(table.name).digest('hex').slice(0, 16)}`;
  const wakers = new Set<() => void>();
  return {
    listen: `"${channel}"`,
    insert: `WITH stored AS (${table.insert} RETURNING 1) SELECT pg_notify($5, '') FROM stored`,
    insertValues: [channel],
    subscribe(wake) {
      // One entry per subscription, even for the same function twice.
      const entry = () => wake();
      wakers.add(entry);
      return () => wakers.delete(entry);
    },
    stored() {
      for (const wake of wakers) wake();
    },
  };
}
