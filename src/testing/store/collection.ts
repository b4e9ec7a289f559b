import { httpError } from '../http-envelope.js';

/**
 * Records built on demand from their position: how 100 000 seeded transactions cost
 * almost nothing until a page asks for them.
 */
export interface GeneratedRecords<T extends { id: string }> {
  count: number;
  at(index: number): T;
  /** The position of a generated id, or undefined if the id is not one of them. */
  indexOf(id: string): number | undefined;
}

/**
 * A page of a list endpoint, in the shape the SDK reads first.
 *
 * @example
 * ```ts
 * const page: ListPage<TransactionRecord> = { items: [], nextCursor: null };
 * ```
 */
export interface ListPage<T> {
  /** This page's records. */
  items: T[];
  /** The cursor of the next page, `null` on the last one. */
  nextCursor: string | null;
}

/** No generated records. */
const NONE: GeneratedRecords<never> = { count: 0, at: () => undefined as never, indexOf: () => undefined };

/**
 * An ordered store addressed by sequence number: generated records first, then the
 * stored ones in insertion order. Deleting leaves a hole rather than shifting, so a
 * cursor (a sequence number) stays valid and a walk sees every survivor exactly once
 * even while records are added behind it.
 */
export class Collection<T extends { id: string }> {
  readonly #name: string;
  readonly #generated: GeneratedRecords<T>;
  readonly #stored: (T | undefined)[] = [];
  readonly #seqById = new Map<string, number>();
  #size = 0;

  constructor(name: string, generated: GeneratedRecords<T> = NONE) {
    this.#name = name;
    this.#generated = generated;
    this.#size = generated.count;
  }

  get size(): number {
    return this.#size;
  }

  #base(): number {
    return this.#generated.count;
  }

  #atSeq(seq: number): T | undefined {
    const base = this.#base();
    return seq < base ? this.#generated.at(seq) : this.#stored.at(seq - base);
  }

  get(id: string): T | undefined {
    const seq = this.#seqById.get(id) ?? this.#generated.indexOf(id);
    return seq === undefined ? undefined : this.#atSeq(seq);
  }

  insert(record: T): T {
    this.#seqById.set(record.id, this.#base() + this.#stored.length);
    this.#stored.push(record);
    this.#size++;
    return record;
  }

  /** Swaps in a new version of a stored record (generated ones are read-only). */
  put(record: T): T {
    const seq = this.#seqById.get(record.id);
    if (seq === undefined) throw new Error(`${this.#name}: cannot replace a record that is not stored`);
    this.#stored[seq - this.#base()] = record;
    return record;
  }

  delete(id: string): T | undefined {
    const seq = this.#seqById.get(id);
    if (seq === undefined) return undefined;
    const record = this.#stored[seq - this.#base()];
    this.#stored[seq - this.#base()] = undefined;
    this.#seqById.delete(id);
    this.#size--;
    return record;
  }

  /** Every live record, oldest first (for the admin surface; not used by paging). */
  *values(): IterableIterator<T> {
    for (let seq = 0; seq < this.#base(); seq++) yield this.#generated.at(seq);
    yield* this.storedValues();
  }

  /** Only the records added after seeding (for snapshots; generated ones never change). */
  storedValues(): T[] {
    return this.#stored.filter((r): r is T => r !== undefined);
  }

  /** One page after `cursor`; touches only the records it returns (plus holes). */
  page(cursor: string | undefined, limit: number): ListPage<T> {
    const end = this.#base() + this.#stored.length;
    let seq = cursor === undefined ? 0 : this.#decode(cursor, end) + 1;
    const items: T[] = [];
    // `seq` starts at or before `end` (a cursor decodes below it) and steps by one, so it meets `end`.
    for (; seq !== end && items.length < limit; seq++) {
      const record = this.#atSeq(seq);
      if (record) items.push(record);
    }
    // Past the holes that follow the page: a cursor is given only when a record comes after it, and
    // it points just before that record (limit >= 1, so an unfinished walk has returned items).
    while (seq !== end && !this.#atSeq(seq)) seq++;
    return { items, nextCursor: seq === end ? null : this.#encode(seq - 1) };
  }

  #encode(seq: number): string {
    return btoa(`${this.#name}:${seq}`).replace(/=/g, '').replace(/\+/g, '-').replace(/\//g, '_');
  }

  /** Only cursors this collection issued decode; anything else is the client's error. */
  #decode(cursor: string, end: number): number {
    let text = '';
    try {
      text = atob(cursor.replace(/-/g, '+').replace(/_/g, '/'));
    } catch {
      // fall through to the error below
    }
    const match = /^([a-z_]+):(\d{1,15})$/.exec(text);
    const seq = match ? Number(match[2]) : Number.NaN;
    if (!match || match[1] !== this.#name || !(seq < end)) {
      throw httpError(422, 'INVALID_CURSOR', 'cursor', 'Cursor is not valid for this list');
    }
    return seq;
  }
}
