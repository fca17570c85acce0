/**
 * The options of the MAF conversions, checked before use: an options value that is not an object,
 * or a field of the wrong kind, is the library's error naming the field, never a `TypeError` later.
 */
import { MessageValidationError } from "../../errors.js";
import { describeValue } from "../../wire/check.js";

/** What an option may be: a `typeof`, an array of strings, or a registry (an object with `safeLoad`). */
type Kind = "function" | "string" | "strings" | "registry";

function fits(v: unknown, kind: Kind): boolean {
  if (kind === "strings") return Array.isArray(v) && v.every((x) => typeof x === "string");
  if (kind === "registry") return typeof (v as { safeLoad?: unknown } | null)?.safeLoad === "function";
  return typeof v === kind;
}

/**
 * `options` as an object whose given fields are of their kind (`undefined` means not given).
 * @example checkOptions(undefined, "toMafSession", { sessionId: "string" }) // {}
 */
export function checkOptions<T extends object>(options: unknown, what: string, fields: Readonly<Record<string, Kind>>): T {
  if (options === undefined) return {} as T;
  const fail = (path: string[], want: string, got: string): never => {
    throw new MessageValidationError(undefined, [{ path, code: "options_type", message: `expected ${want}, got ${got}` }], `${what} options`);
  };
  if (options === null || typeof options !== "object" || Array.isArray(options)) return fail([], "an options object", describeValue(options));
  for (const key in fields) {
    let v: unknown;
    try {
      v = (options as Record<string, unknown>)[key];
    } catch {
      return fail([key], "a value", "a throwing getter"); // what it threw is not repeated
    }
    const kind = fields[key]!;
    if (v !== undefined && !fits(v, kind)) fail([key], kind === "strings" ? "an array of strings" : kind === "registry" ? "a MessageRegistry" : `a ${kind}`, describeValue(v));
  }
  return options as T;
}
