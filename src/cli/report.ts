/**
 * Reporting invalid items: one line per problem for people, one JSON object per item for
 * programs (`validate --format json`), `--max-errors` (report the first N, count the rest),
 * and the summaries at the end: errors grouped by kind and path, and where the invalid items
 * are.
 */
import { formatPath, issueText, type IssuePath } from "../errors.js";
import { describeLocation, type InputItem, type Location } from "./input.js";

/** A rejected item of the input. @example const bad: InvalidItem = { ok: false, at: { line: 2 }, syntaxError: "Unexpected token" } */
export type InvalidItem = Extract<InputItem, { ok: false }>;

/** The code of a line that is not JSON (pydantic's name for it). */
const JSON_INVALID = "json_invalid";

/**
 * The report lines for one rejected item: one per issue, each with the location and path.
 *
 * @example describeInvalid(item) // ["line 7: TextMessage: source: expected string, got number 42 [string_type]"]
 */
export function describeInvalid(item: InvalidItem): string[] {
  const where = describeLocation(item.at);
  if ("syntaxError" in item) return [`${where}: not valid JSON: ${item.syntaxError}`];
  const kind = item.error.type ?? "message";
  return item.error.issues.map((issue) => `${where}: ${kind}: ${formatPath(issue.path)}: ${issueText(issue)} [${issue.code}]`);
}

/** One problem of an item in the JSON report. */
export interface IssueRecord {
  /** The path as the text report writes it: `content[0].name`, `(root)`. */
  readonly path: string;
  /** The same path as keys and indexes: `["content", 0, "name"]`. */
  readonly loc: IssuePath;
  /** A pydantic-style error type: `missing`, `string_type`, `json_invalid`, … */
  readonly code: string;
  readonly message: string;
  /** What to fix, when the library knows (`did you mean "TextMessage"?`); absent otherwise. */
  readonly hint?: string;
}

/**
 * One invalid item in the JSON report (`validate --format json`): `line` for JSON Lines input,
 * `index` for an array, `document: true` for one multi-line JSON document; `type` is the item's message type when it is known, else null.
 *
 * @example { "report": "invalid", "line": 7, "type": "TextMessage", "issues": [{ "path": "source", "loc": ["source"], "code": "string_type", "message": "expected string, got number 42" }] }
 */
export type InvalidRecord = { readonly report: "invalid" } & ({ readonly line: number } | { readonly index: number } | { readonly document: true }) & {
  readonly type: string | null;
  readonly issues: readonly IssueRecord[];
};

/**
 * The JSON report object of one invalid item.
 *
 * @example JSON.stringify(invalidRecord(item)) // {"report":"invalid","line":2,"type":null,"issues":[{"path":"(root)","loc":[],"code":"json_invalid","message":"…"}]}
 */
export function invalidRecord(item: InvalidItem): InvalidRecord {
  const issues: IssueRecord[] =
    "syntaxError" in item
      ? [{ path: formatPath([]), loc: [], code: JSON_INVALID, message: item.syntaxError }]
      : item.error.issues.map((i) => ({ path: formatPath(i.path), loc: i.path, code: i.code, message: i.message, ...(i.hint === undefined ? {} : { hint: i.hint }) }));
  const type = "syntaxError" in item ? null : (item.error.type ?? null);
  return { report: "invalid", ...item.at, type, issues };
}

/** A path with every array index as `*`, so that `content[0].name` and `content[3].name` group together. */
export function genericPath(path: IssuePath): string {
  if (path.length === 0) return formatPath(path);
  let out = "";
  for (const seg of path) {
    if (typeof seg === "number") out += "[*]";
    else {
      const key = formatPath([seg]);
      out += key.startsWith("[") || out === "" ? key : `.${key}`;
    }
  }
  return out;
}

/** Errors of one kind at one path with one code, and how many. */
export interface ErrorGroup {
  /** The message type; null when it is unknown (no valid `type`) or the line is not JSON. */
  readonly type: string | null;
  /** {@link genericPath}; null for lines that are not JSON. */
  readonly path: string | null;
  readonly code: string;
  readonly count: number;
}

/** How many spans of invalid locations are kept (and listed); the items beyond are counted ("and N more"). */
const MAX_SPANS = 1000;

/** Consecutive invalid locations of one unit (`lines 4-9`). */
interface Span {
  readonly unit: "line" | "index" | "document";
  readonly from: number;
  to: number;
}

/**
 * The invalid items of a run: counted, grouped by kind and path, their locations kept as
 * spans; {@link InvalidItems.add} says whether an item is still to be reported (`--max-errors`).
 *
 * @example const invalid = new InvalidItems(10); if (invalid.add(item)) await io.err(describeInvalid(item).join("\n") + "\n")
 */
export class InvalidItems {
  /** Invalid items seen. */
  count = 0;
  /** Invalid items reported (at most `maxErrors`). */
  reported = 0;
  readonly #groups = new Map<string, { type: string | null; path: string | null; code: string; count: number }>();
  readonly #spans: Span[] = [];

  constructor(readonly maxErrors: number | undefined = undefined) {}

  /** Counts `item`; true when it is within `--max-errors` (report it). */
  add(item: InvalidItem): boolean {
    this.count++;
    this.#locate(item.at);
    if ("syntaxError" in item) this.#group(null, null, JSON_INVALID);
    else for (const issue of item.error.issues) this.#group(item.error.type ?? null, genericPath(issue.path), issue.code);
    if (this.maxErrors !== undefined && this.reported >= this.maxErrors) return false;
    this.reported++;
    return true;
  }

  /** Invalid items counted but not reported. */
  get unreported(): number {
    return this.count - this.reported;
  }

  #group(type: string | null, path: string | null, code: string): void {
    const key = JSON.stringify([type, path, code]);
    const g = this.#groups.get(key);
    if (g) g.count++;
    else this.#groups.set(key, { type, path, code, count: 1 });
  }

  #locate(at: Location): void {
    const [unit, n] = "line" in at ? (["line", at.line] as const) : "index" in at ? (["index", at.index] as const) : (["document", 1] as const);
    const last = this.#spans.at(-1);
    if (last && last.unit === unit && last.to === n - 1) last.to = n;
    // Memory stays bounded on a huge input with scattered errors: later ones are only counted.
    else if (this.#spans.length < MAX_SPANS) this.#spans.push({ unit, from: n, to: n });
  }

  /** The error groups, most frequent first (then in order of appearance). */
  groups(): ErrorGroup[] {
    return [...this.#groups.values()].sort((a, b) => b.count - a.count).map((g) => ({ ...g }));
  }

  /**
   * Where the invalid items are, as text: `line 7, lines 11-13`, the first `limit` items
   * (default: all) then `and N more`.
   */
  locations(limit?: number): string {
    const parts: string[] = [];
    let listed = 0;
    for (const span of this.#spans) {
      if (limit !== undefined && listed >= limit) break;
      const to = limit === undefined ? span.to : Math.min(span.to, span.from + (limit - listed) - 1);
      if (span.unit === "document") parts.push("the document");
      else parts.push(to === span.from ? `${span.unit} ${span.from}` : `${span.unit === "line" ? "lines" : "indexes"} ${span.from}-${to}`);
      listed += to - span.from + 1;
    }
    const more = this.count - listed;
    return more > 0 ? `${parts.join(", ")} and ${more} more` : parts.join(", ");
  }
}

/**
 * `1 item`, `2 items`; `noun` may give its plural form (`plural(n, "index", "indexes")`).
 *
 * @example plural(1, "item") // "1 item"
 */
export function plural(n: number, noun: string, many = `${noun}s`): string {
  return `${n} ${n === 1 ? noun : many}`;
}

/**
 * The grouped summary for people: `Errors by kind and path:` then one row per group.
 *
 * @example errorSummaryText(invalid) // "Errors by kind and path:\n  TextMessage: source [string_type]  2\n"
 */
export function errorSummaryText(invalid: InvalidItems): string {
  const rows = invalid.groups().map((g) => [g.path === null ? "not valid JSON" : `${g.type ?? "message"}: ${g.path} [${g.code}]`, g.count] as const);
  if (rows.length === 0) return "";
  const width = Math.max(...rows.map(([label]) => label.length));
  return `Errors by kind and path:\n${rows.map(([label, n]) => `  ${label.padEnd(width)}  ${n}\n`).join("")}`;
}

/**
 * The line saying how many invalid items `--max-errors` left unreported, or "".
 *
 * @example unreportedText(invalid) // "agentchat-messages: 5 more invalid items not reported (--max-errors 10)\n"
 */
export function unreportedText(invalid: InvalidItems): string {
  const n = invalid.unreported;
  return n > 0 ? `agentchat-messages: ${plural(n, "more invalid item")} not reported (--max-errors ${invalid.maxErrors})\n` : "";
}
