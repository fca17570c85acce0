/**
 * Message ids. AutoGen writes a uuid4 string; any string is valid on the wire. The library
 * generates ULIDs with the `ulid` package's monotonic factory (48-bit millisecond time, then 80
 * random bits from Web Crypto's `crypto.getRandomValues` in browsers and edge workers), so ids
 * sort by creation time, also when one process creates many in the same millisecond. An app
 * that wants other ids (uuid4, to look like Python's) installs its own generator.
 *
 * The state below is process-wide (see `processWide`): every entry point and both module systems
 * (an app's ESM code and a CommonJS dependency) use one generator and one monotonic sequence.
 */
import { monotonicFactory } from "ulid";
import { processWide } from "./process-wide.js";

/**
 * A function that returns a new message id.
 *
 * @example const uuid4: IdGenerator = () => crypto.randomUUID();
 */
export type IdGenerator = () => string;

/** The installed generator, and the ULID factory (created on first use: importing the library must not touch Web Crypto). */
const ids: { custom?: IdGenerator; ulid?: IdGenerator } = /* @__PURE__ */ processWide("ids", () => ({}));

/**
 * A new message id: the installed generator's ({@link setIdGenerator}), else a ULID from a
 * monotonic factory (26 characters of Crockford's base 32, time first; ids from one process
 * sort in creation order). Schemas call it for a missing `id`.
 *
 * @throws TypeError when an installed generator returns something other than a string.
 * @example newMessageId() // "01JQ…" (26 characters)
 */
export function newMessageId(): string {
  if (ids.custom === undefined) return (ids.ulid ??= monotonicFactory())();
  const id: unknown = ids.custom();
  if (typeof id !== "string") {
    throw new TypeError(`the id generator given to setIdGenerator returned ${id === null ? "null" : typeof id}, not a string`);
  }
  return id;
}

/**
 * Installs the function that makes every new message id from now on (in `load`, `parse`,
 * `createMessage`: wherever an `id` is filled in), for the whole process. Use
 * {@link resetIdGenerator} to go back to ULIDs.
 *
 * @throws TypeError when `generate` is not a function.
 * @example
 * // uuid4 strings, as Python AutoGen writes them:
 * setIdGenerator(() => crypto.randomUUID());
 */
export function setIdGenerator(generate: IdGenerator): void {
  if (typeof generate !== "function") throw new TypeError(`setIdGenerator expects a function, got ${typeof generate}`);
  ids.custom = generate;
}

/**
 * Goes back to the library's ULIDs after {@link setIdGenerator}. The monotonic order carries
 * on from the ULIDs made before.
 *
 * @example resetIdGenerator(); newMessageId().length // 26
 */
export function resetIdGenerator(): void {
  ids.custom = undefined;
}
