/**
 * The paused runs of an `AutoGenAgent`: a back-end connection waiting for a human's answer,
 * keyed by AG-UI thread. Bounded: each pause expires, and the oldest is closed when the table is
 * full. A pause whose connection the back end closes is kept as closed, so that the next resume
 * says why instead of waiting.
 */
import { AutoGenBackendError } from "./errors.js";
import type { AutoGenRunItem } from "./items.js";
import type { AutoGenConnection } from "./transports.js";

/** One paused run. */
export interface PausedRun {
  /** The interrupt the run ended with. */
  readonly interruptId: string;
  readonly connection: AutoGenConnection;
  readonly iterator: AsyncIterator<AutoGenRunItem>;
  /** The read already under way while paused (it sees the back end close). */
  readonly pending: Promise<IteratorResult<AutoGenRunItem>>;
  /** Why it cannot be resumed any more, once it cannot. */
  dead: AutoGenBackendError | null;
  timer: ReturnType<typeof setTimeout> | null;
}

const closeQuietly = (c: AutoGenConnection) => {
  try {
    c.close(false);
  } catch {
    // a connection that is broken already
  }
};

/** The table of paused runs of one agent (shared by its clones). */
export class PauseTable {
  readonly #runs = new Map<string, PausedRun>();
  /** Why the pauses the table let go of were closed (evicted), bounded like the table: a late resume says why. */
  readonly #closed = new Map<string, AutoGenBackendError>();
  readonly #max: number;
  readonly #ttl: number;
  readonly #url: string | undefined;

  constructor(maxPausedRuns: number, pauseTimeoutMs: number, url: string | undefined) {
    this.#max = maxPausedRuns;
    this.#ttl = pauseTimeoutMs;
    this.#url = url;
  }

  /** The expiry time of a pause starting now, or undefined when pauses do not expire. */
  expiresAt(): string | undefined {
    return Number.isFinite(this.#ttl) ? new Date(Date.now() + this.#ttl).toISOString() : undefined;
  }

  /** Holds a paused run for `threadId` (closing any other of that thread, and the oldest when full). */
  put(threadId: string, run: Omit<PausedRun, "dead" | "timer">): void {
    this.discard(threadId);
    while (this.#runs.size >= this.#max) {
      const [oldest, old] = this.#runs.entries().next().value as [string, PausedRun];
      this.#runs.delete(oldest);
      this.#kill(old, new AutoGenBackendError("PAUSE_EVICTED", `the paused run of thread ${JSON.stringify(oldest)} was closed: more than ${this.#max} runs were paused`, this.#url));
      this.#closed.delete(oldest);
      this.#closed.set(oldest, old.dead!);
      if (this.#closed.size > this.#max) this.#closed.delete(this.#closed.keys().next().value!);
    }
    this.#closed.delete(threadId);
    const paused: PausedRun = { ...run, dead: null, timer: null };
    if (Number.isFinite(this.#ttl)) {
      paused.timer = setTimeout(() => this.#kill(paused, new AutoGenBackendError("PAUSE_EXPIRED", `the paused run of thread ${JSON.stringify(threadId)} expired after ${this.#ttl} ms without an answer`, this.#url)), this.#ttl);
      // A pause alone does not keep a process alive (its socket may).
      (paused.timer as { unref?: () => void }).unref?.();
    }
    // The back end closing (or failing) while nobody reads: the pause is over.
    paused.pending.then(
      (r) => {
        if (r.done) this.#kill(paused, new AutoGenBackendError("CLOSED", "the back end closed the connection of the paused run", this.#url));
      },
      (e: unknown) => this.#kill(paused, new AutoGenBackendError("CLOSED", "the connection of the paused run failed", this.#url, { cause: e })),
    );
    this.#runs.set(threadId, paused);
  }

  /** Why the pause of `threadId` was let go of (evicted while full), once; undefined when nothing is known. */
  closedBecause(threadId: string): AutoGenBackendError | undefined {
    const why = this.#closed.get(threadId);
    this.#closed.delete(threadId);
    return why;
  }

  /** Takes the paused run of `threadId` out of the table (its timer stopped). */
  take(threadId: string): PausedRun | undefined {
    const run = this.#runs.get(threadId);
    if (run === undefined) return undefined;
    this.#runs.delete(threadId);
    if (run.timer !== null) clearTimeout(run.timer);
    run.timer = null;
    return run;
  }

  /** Closes and forgets the paused run of `threadId`, if any. */
  discard(threadId: string): void {
    this.#closed.delete(threadId);
    const run = this.take(threadId);
    if (run && run.dead === null) this.#kill(run, new AutoGenBackendError("CLOSED", "the paused run was closed", this.#url));
  }

  /** Closes every paused run. */
  clear(): void {
    for (const threadId of [...this.#runs.keys()]) this.discard(threadId);
    this.#closed.clear();
  }

  /** Number of runs held (closed ones included, until taken or evicted). */
  get size(): number {
    return this.#runs.size;
  }

  #kill(run: PausedRun, why: AutoGenBackendError): void {
    if (run.timer !== null) clearTimeout(run.timer);
    run.timer = null;
    if (run.dead !== null) return;
    run.dead = why;
    closeQuietly(run.connection);
    void Promise.resolve()
      .then(() => run.iterator.return?.())
      .catch(() => {});
  }
}
