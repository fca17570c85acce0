/**
 * Message ids. AutoGen writes a uuid4 string; any string is valid on the wire. The library
 * generates ULIDs with the `ulid` package's monotonic factory (48-bit millisecond time, then 80
 * random bits from Web Crypto's `crypto.getRandomValues` in browsers and edge workers), so ids
 * sort by creation time, also when one process creates many in the same millisecond. An app
 * that wants other ids (uuid4, to look like Python's) installs its own generator.
 *
 * The state below is module-level, and the build shares this module between every entry point
 * (ESM and CommonJS), so one generator serves the whole process.
 */
import { monotonicFactory } from "ulid";

/**
 * A function that returns a new message id.
 *
 * @example const uuid4: IdGenerator = () => crypto.randomUUID();
 */
export type IdGenerator = () => string;

/** Created on first use, not at import: importing the library must not touch Web Crypto. */
let ulidFactory: IdGenerator | undefined;
let custom: IdGenerator | undefined;

/**
 * A new message id: the installed generator's ({@link setIdGenerator}), else a ULID from a
 * monotonic factory (26 characters of Crockford's base 32, time first; ids from one process
 * sort in creation order). Schemas call it for a missing `id`.
 *
 * @throws TypeError when an installed generator returns something other than a string.
 * @example newMessageId() // "01JQ…" (26 characters)
 */
export function newMessageId(): string {
  if (custom === undefined) return (ulidFactory ??= monotonicFactory())();
  const id: unknown = custom();
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
  custom = generate;
}

/**
 * Goes back to the library's ULIDs after {@link setIdGenerator}. The monotonic order carries
 * on from the ULIDs made before.
 *
 * @example resetIdGenerator(); newMessageId().length // 26
 */
export function resetIdGenerator(): void {
  custom = undefined;
}
