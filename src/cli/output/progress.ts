import { type CliOutput, printLine } from '../io.js';

/** How often a plain-line progress report is written when stderr is not a terminal. */
const PLAIN_EVERY_MS = 1000;

/**
 * The export's progress on stderr: redrawn in place on a terminal, plain lines (at most one a
 * second) otherwise, so a log file is not flooded.
 */
export class Progress {
  readonly #stream: CliOutput;
  readonly #started = performance.now();
  #lastPlain = Number.NEGATIVE_INFINITY;
  #drawn = false;
  /** Transactions written so far. */
  count = 0;
  /** Pages written so far. */
  pages = 0;

  constructor(stream: CliOutput) {
    this.#stream = stream;
  }

  /** The line: count, pages, rate. */
  line(): string {
    const seconds = (performance.now() - this.#started) / 1000;
    const rate = seconds > 0 ? Math.round(this.count / seconds) : 0;
    return `${this.count} transactions, ${this.pages} page${this.pages === 1 ? '' : 's'}, ${rate}/s`;
  }

  /** After a page: redraw, or a plain line when one is due. */
  page(items: number): void {
    this.count += items;
    this.pages += 1;
    if (this.#stream.isTTY) {
      this.#stream.write(`\r\x1b[Kexporting: ${this.line()}`);
      this.#drawn = true;
    } else if (performance.now() - this.#lastPlain >= PLAIN_EVERY_MS) {
      this.#lastPlain = performance.now();
      printLine(this.#stream, `exporting: ${this.line()}`);
    }
  }

  /** Ends the redrawn line, so what follows starts on its own. */
  stop(): void {
    if (this.#drawn) this.#stream.write('\n');
    this.#drawn = false;
  }
}
