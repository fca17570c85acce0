/**
 * `MessageValidationError`, the one error `load` and the schemas' loaders throw, and the
 * translation of zod issues into short, path-first messages.
 */
import type * as z from "zod/mini";
import { describeValue, quoteShort } from "./wire/check.js";
import { didYouMean, jsonTextHint } from "./wire/hints.js";

/** A path into a payload: object keys and array indexes. */
export type IssuePath = ReadonlyArray<string | number>;

/** One problem found in a payload. */
export interface MessageIssue {
  /** Where, from the root of the payload (`["content", 0, "name"]`). */
  readonly path: IssuePath;
  /** What is wrong, e.g. `expected string, got number`. */
  readonly message: string;
  /** A pydantic-style error type (`missing`, `string_type`, `int_parsing`, `unknown_type`, …). */
  readonly code: string;
  /**
   * How to fix it, when the library can tell: `did you mean "TextMessage"?`, `this string looks
   * like JSON text: parse it first (JSON.parse)`, the forms a datetime takes, what an image is.
   */
  readonly hint?: string;
}

const MARKER = Symbol.for("agentchat-messages.MessageValidationError");

/**
 * Thrown when a payload is not a valid message. Its message names the kind and the first
 * problem's path: `Invalid ToolCallRequestEvent: content[0].name: expected string, got number`.
 * Use {@link MessageValidationError.isInstance} across bundles/realms instead of `instanceof`.
 *
 * @example
 * try { load(payload) } catch (e) {
 *   if (MessageValidationError.isInstance(e)) console.log(e.type, e.issues[0]?.path)
 * }
 */
export class MessageValidationError extends Error {
  static override readonly name: string = "MessageValidationError"; // what Node prints, even when a bundler renames the class
  override readonly name = "MessageValidationError";
  /** The message `type` being validated, when it is known. */
  readonly type: string | undefined;
  /** Every problem found, in payload order. Never empty. */
  readonly issues: readonly MessageIssue[];

  /** `subject` names what was validated when `type` is unknown ("state" for a saved state). */
  constructor(type: string | undefined, issues: readonly MessageIssue[], subject = "message") {
    const first = issues[0];
    super(`Invalid ${type ?? subject}: ${first ? describeIssue(first) : "invalid payload"}${issues.length > 1 ? ` (and ${issues.length - 1} more)` : ""}`);
    this.type = type;
    this.issues = issues;
    Object.defineProperty(this, MARKER, { value: true });
  }

  /**
   * True for a `MessageValidationError` from any copy of this library.
   *
   * @example MessageValidationError.isInstance(new Error("x")) // false
   */
  static isInstance(value: unknown): value is MessageValidationError {
    try {
      return typeof value === "object" && value !== null && (value as Record<symbol, unknown>)[MARKER] === true;
    } catch {
      return false; // a thrown proxy whose trap throws: not ours
    }
  }
}

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/**
 * Formats a path as `content[0].name`; keys that are not identifiers are quoted:
 * `metadata["trace id"]`, and cut after 40 characters. The empty path is `(root)`.
 *
 * @example formatPath(["content", 0, "name"]) // "content[0].name"
 */
export function formatPath(path: IssuePath): string {
  if (path.length === 0) return "(root)";
  let out = "";
  for (const seg of path) {
    if (typeof seg === "number") out += `[${seg}]`;
    else if (seg.length <= 40 && IDENTIFIER.test(seg)) out += out ? `.${seg}` : seg;
    else out += `[${quoteShort(seg)}]`; // a key of the payload: cut like any echoed value
  }
  return out;
}

/**
 * `path: message (hint)` for one issue.
 *
 * @example describeIssue({ path: ["id"], message: "expected string, got null", code: "string_type" }) // "id: expected string, got null"
 */
export function describeIssue(issue: MessageIssue): string {
  return `${formatPath(issue.path)}: ${issueText(issue)}`;
}

/**
 * `message (hint)` for one issue, without its path.
 *
 * @example issueText({ path: ["type"], code: "literal_error", message: 'expected "TextMessage", got string "textmessage"', hint: 'did you mean "TextMessage"?' })
 */
export function issueText(issue: MessageIssue): string {
  return issue.hint === undefined ? issue.message : `${issue.message} (${issue.hint})`;
}

// ---- zod issues -> MessageIssue ---------------------------------------------------

type ZodIssue = z.core.$ZodIssue;

const gotText = describeValue;

const TYPE_CODES: Record<string, string> = {
  string: "string_type",
  number: "float_type",
  int: "int_type",
  boolean: "bool_type",
  array: "list_type",
  object: "model_type",
};

/** Zod's `expected` names in the words pydantic users know. */
function expectedName(expected: string): string {
  return expected === "nonoptional" ? "a value" : expected;
}

/** The "expected" noun of an issue that failed at the root of a union branch, if it is a type mismatch. */
function rootTypeMismatch(issues: readonly ZodIssue[]): string | null {
  if (issues.length !== 1) return null;
  const issue = issues[0]!;
  if (issue.path.length !== 0) return null;
  if (issue.code === "invalid_type") return expectedName(issue.expected);
  if (issue.code === "custom") {
    const params = issue.params as { code?: string; expected?: string } | undefined;
    if (params?.expected && params.code?.endsWith("_type")) return params.expected;
  }
  if (issue.code === "invalid_union") return unionExpected(issue);
  return null;
}

function unionExpected(issue: z.core.$ZodIssueInvalidUnion): string | null {
  const names: string[] = [];
  for (const branch of issue.errors) {
    const name = rootTypeMismatch(branch);
    if (name === null) return null;
    names.push(name);
  }
  return names.length ? [...new Set(names)].join(" or ") : null;
}

/** The issue, with its hint when there is one. */
function withHint(issue: MessageIssue, hint: string | undefined): MessageIssue {
  return hint === undefined ? issue : { ...issue, hint };
}

/** Zod's container types, where a string holding JSON text is a likely mistake. */
const CONTAINER = /^(object|array|record|tuple|map)$/;

/** The hint a branch of a union carries at its root (a wire field checker's), if any. */
function branchHint(issue: z.core.$ZodIssueInvalidUnion): string | undefined {
  for (const branch of issue.errors) {
    const hint = branch.length === 1 && branch[0]!.code === "custom" ? (branch[0]!.params as { hint?: string } | undefined)?.hint : undefined;
    if (hint !== undefined) return hint;
  }
  return undefined;
}

function pushIssue(out: MessageIssue[], issue: ZodIssue, prefix: readonly PropertyKey[], input: unknown): void {
  const path = [...prefix, ...issue.path].filter((s): s is string | number => typeof s !== "symbol");
  const valueAt = issue.input !== undefined ? issue.input : lookup(input, path);
  switch (issue.code) {
    case "invalid_type": {
      if (valueAt === undefined) out.push({ path, code: "missing", message: "Field required" });
      else
        out.push(withHint({
          path,
          code: TYPE_CODES[issue.expected] ?? `${issue.expected}_type`,
          message: `expected ${expectedName(issue.expected)}, got ${gotText(valueAt)}`,
        }, CONTAINER.test(issue.expected) ? jsonTextHint(valueAt) : undefined));
      return;
    }
    case "invalid_value": {
      const options = issue.values.map((v) => JSON.stringify(v)).join(" | ");
      const hint = didYouMean(valueAt, issue.values.filter((v): v is string => typeof v === "string"));
      out.push(withHint({ path, code: "literal_error", message: `expected ${options}, got ${gotText(valueAt)}` }, hint));
      return;
    }
    case "invalid_union": {
      const disc = (issue as { discriminator?: string }).discriminator;
      if (disc !== undefined) {
        const tag = lookup(input, path);
        // Like pydantic, report a bad tag at the union's own location, not at the tag key.
        const at = path[path.length - 1] === disc ? path.slice(0, -1) : path;
        const tags = (issue as { options?: unknown[] }).options ?? [];
        const options = tags.map((o) => JSON.stringify(o)).join(", ");
        out.push(withHint({
          path: at,
          code: tag === undefined ? "union_tag_not_found" : "union_tag_invalid",
          message: `${tag === undefined ? `missing "${disc}"` : `unknown ${disc} ${gotText(tag)}`}: expected one of ${options}`,
        }, didYouMean(tag, tags.filter((t): t is string => typeof t === "string"))));
        return;
      }
      const combined = unionExpected(issue);
      if (combined !== null) {
        const hint = branchHint(issue) ?? (/\b(object|array)\b/.test(combined) ? jsonTextHint(valueAt) : undefined);
        out.push(withHint({ path, code: "union_type", message: `expected ${combined}, got ${gotText(valueAt)}` }, hint));
        return;
      }
      // Report the branch that got furthest: not a plain type mismatch, deepest first issue; a
      // member the `type` did not select (a tagged union's tag mismatch) counts as not started.
      let best: readonly ZodIssue[] | undefined;
      let bestDepth = -1;
      for (const branch of issue.errors) {
        if (rootTypeMismatch(branch) !== null) continue;
        const tagMismatch = branch.every((i) => i.code === "invalid_union" && (i as { discriminator?: string }).discriminator !== undefined);
        const depth = tagMismatch ? -0.5 : Math.max(...branch.map((i) => i.path.length));
        if (depth > bestDepth) {
          best = branch;
          bestDepth = depth;
        }
      }
      for (const sub of best ?? issue.errors[0] ?? []) pushIssue(out, sub, path, input);
      return;
    }
    case "custom": {
      const params = issue.params as { code?: string; hint?: string } | undefined;
      out.push(withHint({ path, code: params?.code ?? "value_error", message: issue.message }, params?.hint));
      return;
    }
    case "unrecognized_keys":
      return; // objects strip unknown keys; never reported
    default:
      out.push({ path, code: issue.code, message: issue.message === GENERIC ? describeCheck(issue) : issue.message });
  }
}

/** zod/mini loads no locale: its message for a failed check is this, whatever the check. */
const GENERIC = "Invalid input";

const UNITS: Record<string, string> = { string: "characters", array: "items", set: "items", map: "entries", file: "bytes" };

/** The text zod's English locale gives a failed size, format or multiple-of check. */
function describeCheck(issue: ZodIssue): string {
  switch (issue.code) {
    case "too_small":
    case "too_big": {
      const small = issue.code === "too_small";
      const limit = String(small ? issue.minimum : issue.maximum);
      const adj = issue.exact ? "exactly " : (small ? ">" : "<") + (issue.inclusive ? "=" : "");
      const unit = UNITS[issue.origin];
      return `Too ${small ? "small" : "big"}: expected ${issue.origin} ${unit ? `to have ${adj}${limit} ${unit}` : `to be ${adj}${limit}`}`;
    }
    case "invalid_format": {
      const f = issue as { format: string; prefix?: string; suffix?: string; includes?: string; pattern?: string };
      if (f.format === "starts_with") return `Invalid string: must start with "${f.prefix}"`;
      if (f.format === "ends_with") return `Invalid string: must end with "${f.suffix}"`;
      if (f.format === "includes") return `Invalid string: must include "${f.includes}"`;
      if (f.format === "regex") return `Invalid string: must match pattern ${f.pattern}`;
      return `Invalid ${f.format}`;
    }
    case "not_multiple_of":
      return `Invalid number: must be a multiple of ${String(issue.divisor)}`;
    case "invalid_key":
      return `Invalid key in ${issue.origin}`;
    case "invalid_element":
      return `Invalid value in ${issue.origin}`;
    default:
      return GENERIC;
  }
}

function lookup(root: unknown, path: readonly (string | number)[]): unknown {
  let cur = root;
  for (const seg of path) {
    if (cur === null || typeof cur !== "object" || !Object.hasOwn(cur, seg)) return undefined;
    cur = (cur as Record<string | number, unknown>)[seg];
  }
  return cur;
}

/**
 * Turns a zod error on `input` into issues with readable messages.
 *
 * @example issuesFromZod(TextMessage.safeParse({}).error!, {})[0] // { path: ["source"], code: "missing", … }
 */
export function issuesFromZod(error: z.core.$ZodError, input: unknown, prefix: IssuePath = []): MessageIssue[] {
  const out: MessageIssue[] = [];
  for (const issue of error.issues) pushIssue(out, issue, prefix, input);
  return out;
}
