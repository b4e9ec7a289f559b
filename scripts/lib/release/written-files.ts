// The files `npm run release` writes or deletes, each with what it held before and what the
// release left in it. A release that stops puts back only those files, and only the ones that
// still hold what the release left: an edit a developer makes while the checks run (10 to 15
// minutes) is theirs, and is never discarded.
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** A file's content, or `undefined` for no file. */
type Content = string | undefined;

interface Written {
  readonly before: Content;
  after: Content;
}

/** What {@link WrittenFiles.restore} did: the files put back, and those left as a developer changed them. */
export interface Restored {
  restored: string[];
  left: string[];
}

export class WrittenFiles {
  readonly #root: string;
  readonly #files = new Map<string, Written>();

  /** Files are named relative to `root`, with `/`, as git names them. */
  constructor(root: string) {
    this.#root = root;
  }

  /** The files written or deleted so far, in the order first touched. */
  get names(): string[] {
    return [...this.#files.keys()];
  }

  write(file: string, text: string): void {
    this.#remember(file);
    writeFileSync(join(this.#root, file), text);
    this.#leave(file, text);
  }

  remove(file: string): void {
    this.#remember(file);
    rmSync(join(this.#root, file), { force: true });
    this.#leave(file, undefined);
  }

  /** The files that no longer hold what the release left in them: someone changed them since. */
  changedSince(): string[] {
    return this.names.filter((file) => this.#read(file) !== this.#files.get(file)?.after);
  }

  /**
   * Puts back, as it was before the release, every file that still holds what the release left
   * in it; a file changed since is left as it is.
   */
  restore(): Restored {
    const changed = new Set(this.changedSince());
    const restored: string[] = [];
    for (const [file, { before }] of this.#files) {
      if (changed.has(file)) continue;
      if (before === undefined) rmSync(join(this.#root, file), { force: true });
      else writeFileSync(join(this.#root, file), before);
      restored.push(file);
    }
    return { restored, left: [...changed] };
  }

  #remember(file: string): void {
    if (!this.#files.has(file)) this.#files.set(file, { before: this.#read(file), after: undefined });
  }

  #leave(file: string, content: Content): void {
    (this.#files.get(file) as Written).after = content;
  }

  #read(file: string): Content {
    const path = join(this.#root, file);
    return existsSync(path) ? readFileSync(path, 'utf8') : undefined;
  }
}
