/**
 * How the MAF conversions report what they cannot carry over.
 */

/**
 * One thing a conversion could not carry over: `code` is stable (for tests and filtering),
 * `message` says what happened, `path` where (from the top of the input).
 *
 * @example { code: "dropped", message: "ModelClientStreamingChunkEvent has no MAF form; dropped", path: [3] }
 */
export interface MafConversionLoss {
  readonly code: "dropped" | "handoff-context" | "metadata" | "content-kind" | "usage";
  readonly message: string;
  readonly path: ReadonlyArray<string | number>;
}

/**
 * The option every MAF conversion takes.
 *
 * @example toMafMessages(run, { onLoss: (loss) => console.warn(loss.code, loss.message) });
 */
export interface MafLossOption {
  /** Called once per loss; default: losses are silent (each conversion documents them). */
  readonly onLoss?: (loss: MafConversionLoss) => void;
}
