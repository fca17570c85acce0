/**
 * The own-properties rule, enforced: what the library reads of a value handed to it is its own
 * enumerable properties (a class instance or prototype chain through a view, wire/own-view.ts),
 * and a value it cannot read (one that contains itself, a getter or proxy that throws) is a
 * {@link MessageValidationError} naming the path. The wire rules only find the place; the error
 * is made here, above errors.ts, so that wire/ never imports it.
 */
import { MessageValidationError } from "./errors.js";
import { describeThrown } from "./wire/check.js";
import { viewOwn, type ViewStop } from "./wire/own-view.js";

/** The error for a value the walk could not read. */
function unreadable(stop: ViewStop): never {
  const { path, thrown, cycle } = stop;
  throw new MessageValidationError(undefined, [
    cycle
      ? { path, code: "recursion_loop", message: "cyclic reference: the value contains itself" }
      : { path, code: "value_error", message: `could not read the value: ${describeThrown(thrown)}` },
  ]);
}

/**
 * `value` as the library reads it (see {@link viewOwn}): the value itself when it is plain data
 * all the way down, else a copy with views in place of class instances and prototype chains.
 * Throws a {@link MessageValidationError} naming the path where the value cannot be read
 * (`content[0][1]: cyclic reference: the value contains itself`).
 *
 * @example
 * class Note { type = "TextMessage"; source = "me"; get content() { return "inherited" } }
 * Object.keys(ownView(new Note()) as object) // ["type", "source"]: the getter lives on the prototype
 */
export function ownView(value: unknown): unknown {
  return viewOwn(value, unreadable);
}

/**
 * {@link ownView} of a value that is not plain data at its top, else the value itself: the O(1)
 * check the hot paths (load, dump, the renderers, Console) make before paying for a walk.
 * What `JSON.parse`, `load` and `createMessage` return is plain all the way down; a class
 * instance or prototype chain handed in at the top is what the own-properties rule is about.
 *
 * @example viewUnlessPlain(loaded) === loaded // true: nothing to copy
 */
export function viewUnlessPlain(value: unknown): unknown {
  // json-data's isPlainObject, inline (the hot path).
  if (value !== null && typeof value === "object" && !Array.isArray(value)) {
    const proto = Object.getPrototypeOf(value);
    if (proto === Object.prototype || proto === null) return value;
  }
  return viewOwn(value, unreadable);
}
