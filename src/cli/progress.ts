/**
 * The progress line of a long run on a terminal: items, megabytes read (and the share of the
 * file when its size is known), rate. It appears only once the run has lasted `delayMs` (so
 * a small input never flashes one), is redrawn at most every `intervalMs`, is cleared before
 * anything else is written and at the end, and is never shown when stderr is not a terminal
 * (the caller decides; see run.ts).
 */

/** How a {@link Progress} line is drawn. @example new Progress({ write: (t) => process.stderr.write(t), label: "validate" }) */
export interface ProgressOptions {
  /** Writes to the terminal, synchronously and in order with the rest of stderr. */
  readonly write: (text: string) => void;
  /** What runs (`validate`), shown first. */
  readonly label: string;
  /** Milliseconds, monotonic (default `performance.now`). */
  readonly now?: () => number;
  /** The input's size in bytes, when it is a file. */
  readonly total?: number | undefined;
  /** How long a run lasts before the line appears (default 1000 ms). */
  readonly delayMs?: number;
  /** The least time between two redraws (default 250 ms). */
  readonly intervalMs?: number;
  /** The terminal's width: the line is cut to fit (default 80). */
  readonly columns?: number;
}

/** Erases the current terminal line: carriage return, then erase to the end of the line. */
export const CLEAR_LINE = "\r\x1b[K";

const count = new Intl.NumberFormat("en-US");

/**
 * A throttled, self-clearing progress line.
 *
 * @example
 * const p = new Progress({ write: (t) => process.stderr.write(t), label: "validate" });
 * p.bytes(chunk.length); p.item(); … p.done();
 */
export class Progress {
  readonly #o: Required<Omit<ProgressOptions, "total">> & { total: number | undefined };
  readonly #start: number;
  #items = 0;
  #bytes = 0;
  #lastDraw = -Infinity;
  #shown = false;
  #done = false;

  constructor(options: ProgressOptions) {
    this.#o = {
      now: () => performance.now(),
      delayMs: 1000,
      intervalMs: 250,
      columns: 80,
      ...options,
      total: options.total,
    };
    this.#start = this.#o.now();
  }

  /** Counts bytes read. */
  bytes(n: number): void {
    this.#bytes += n;
    this.#tick();
  }

  /** Counts one item. */
  item(): void {
    this.#items++;
    // Reading the clock for every one of millions of small items would cost more than the line.
    if ((this.#items & 63) === 0) this.#tick();
  }

  /** Erases the line if it is shown (before other output); it is redrawn at the next tick. */
  clear(): void {
    if (!this.#shown) return;
    this.#o.write(CLEAR_LINE);
    this.#shown = false;
  }

  /** Erases the line for good. */
  done(): void {
    this.clear();
    this.#done = true;
  }

  /** The text of the line now (without the clearing prefix). */
  text(): string {
    const seconds = Math.max((this.#o.now() - this.#start) / 1000, 1e-3);
    const mb = this.#bytes / 1e6;
    const share = this.#o.total ? ` (${Math.min(100, Math.floor((100 * this.#bytes) / this.#o.total))}%)` : "";
    const items = `${count.format(this.#items)} ${this.#items === 1 ? "item" : "items"}`;
    const line = `${this.#o.label}: ${items}, ${mb.toFixed(1)} MB read${share}, ${(mb / seconds).toFixed(1)} MB/s`;
    // One character short of the width: writing the last column makes some terminals wrap.
    return line.length < this.#o.columns ? line : line.slice(0, Math.max(0, this.#o.columns - 1));
  }

  #tick(): void {
    if (this.#done) return;
    const t = this.#o.now();
    if (t - this.#start < this.#o.delayMs || t - this.#lastDraw < this.#o.intervalMs) return;
    this.#lastDraw = t;
    this.#o.write(`${CLEAR_LINE}${this.text()}`);
    this.#shown = true;
  }
}
