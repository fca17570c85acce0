/**
 * What is wrong with a JSON document that `JSON.parse` refused, said the way a person looks for
 * it: whether the text simply stops (a file copied or written only in part: `head -c`, a full disk,
 * a killed `json.dump`) and where, with the path of the value it stops in; or where the first
 * character that cannot be JSON is. One pass over the text, no allocation per character.
 */
import { formatPath } from "../errors.js";

/** Where a document breaks: cut off (the text ends inside a value) or a syntax error. @example describeBrokenJson('{"a": [1,').cutOff // true */
export interface BrokenJson {
  /** The text ends while a value is still open: it was cut off, not mistyped. */
  readonly cutOff: boolean;
  /** 1-based line and column of the end of the text (cut off) or of the offending character. */
  readonly line: number;
  readonly column: number;
  /** Where in the document: the keys and indexes down to the value the text stops in (a string, number or literal, else the innermost open object or array) or to the member with the syntax error; `[]`: the top. */
  readonly path: ReadonlyArray<string | number>;
  /** What was being read when the text ended (`"a string"`, `"an object"`, …); absent for a syntax error. */
  readonly inside?: string;
}

interface Open {
  readonly kind: "object" | "array";
  /** The member being read or just read: its key (object) or index (array); null before it starts and after its `,`. */
  at: string | number | null;
  /** An array's number of values so far. */
  count: number;
}

const WS = /[ \t\n\r]/;
const LITERAL = /^(?:true|false|null)/;
const NUMBER = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/;

/**
 * Reads `text` (which `JSON.parse` refused) as far as it is JSON and says where it breaks. A text
 * that ends with values still open, or inside a string, number or literal, is `cutOff`.
 *
 * @example describeBrokenJson('{\n  "a": {\n    "b": "tex').path // ["a", "b"] (in a string)
 */
export function describeBrokenJson(text: string): BrokenJson {
  const stack: Open[] = [];
  // What comes next: a value (`first`: or the `]` of an empty array), a key (or `}` of an empty object), `:`, `,` or a closing bracket, nothing.
  let expect: "value" | "first" | "key" | "colon" | "next" | "end" = "value";
  /** `pos` as line and column; the path of the member being read there, or (`container`) of the innermost open object or array. */
  const where = (pos: number, cutOff: boolean, inside?: string, container = false): BrokenJson => {
    let line = 1;
    let lineStart = 0;
    for (let j = text.indexOf("\n"); j !== -1 && j < pos; j = text.indexOf("\n", j + 1)) {
      line++;
      lineStart = j + 1;
    }
    const open = container ? stack.slice(0, -1) : stack;
    const path = open.flatMap((o) => (o.at === null ? [] : [o.at]));
    return { cutOff, line, column: pos - lineStart + 1, path, ...(inside ? { inside } : {}) };
  };
  /** Where the string opening at `start` ends (after its closing quote), or -1 when the text ends first; `bad`: a character a JSON string cannot hold. */
  let bad = -1;
  const stringEnd = (start: number): number => {
    for (let j = start + 1; j < text.length; j++) {
      const c = text.charCodeAt(j);
      if (c === 0x22) return j + 1;
      if (c < 0x20) return (bad = j), -2; // a raw control character (a newline, a tab)
      if (c === 0x5c) {
        j++; // a backslash: the next character is escaped
        if (j < text.length && !'"\\/bfnrtu'.includes(text[j]!)) return (bad = j), -2;
      }
    }
    return -1;
  };
  const close = () => {
    stack.pop();
    expect = stack.length ? "next" : "end";
  };
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  while (i < text.length) {
    const ch = text[i]!;
    if (WS.test(ch)) {
      i++;
      continue;
    }
    const top = stack.at(-1);
    if (expect === "first" && ch === "]") {
      close(); // `[]`
      i++;
      continue;
    }
    switch (expect) {
      case "end":
        return where(i, false);
      case "key": {
        if (ch === "}" && top!.at === null) {
          close();
          i++;
          continue;
        }
        if (ch !== '"') return where(i, false);
        const end = stringEnd(i);
        if (end === -1) return where(text.length, true, "a key");
        if (end === -2) return where(bad, false);
        try {
          top!.at = JSON.parse(text.slice(i, end)) as string;
        } catch {
          return where(i, false); // a bad \u escape
        }
        expect = "colon";
        i = end;
        continue;
      }
      case "colon":
        if (ch !== ":") return where(i, false);
        expect = "value";
        i++;
        continue;
      case "next":
        if (ch === ",") {
          top!.at = null;
          expect = top!.kind === "object" ? "key" : "value";
          i++;
          continue;
        }
        if (ch === (top!.kind === "object" ? "}" : "]")) {
          close();
          i++;
          continue;
        }
        return where(i, false);
    }
    // A value: in an array, it takes the next index.
    if (top?.kind === "array") top.at = top.count++;
    if (ch === "{" || ch === "[") {
      stack.push({ kind: ch === "{" ? "object" : "array", at: null, count: 0 });
      expect = ch === "{" ? "key" : "first";
      i++;
      continue;
    }
    expect = stack.length ? "next" : "end";
    if (ch === '"') {
      const end = stringEnd(i);
      if (end === -1) return where(text.length, true, "a string");
      if (end === -2) return where(bad, false);
      i = end;
      continue;
    }
    const rest = text.slice(i, i + 400);
    const m = LITERAL.exec(rest) ?? NUMBER.exec(rest);
    const tail = m === null ? text.slice(i) : text.slice(i + m[0].length);
    // The text ends in the middle of a literal or a number (`tru`, `-`, `1.`, `2e+`).
    if (m === null && /^(?:t(?:r(?:u)?)?|f(?:a(?:l(?:s)?)?)?|n(?:u(?:l)?)?|-)$/.test(tail)) return where(text.length, true, "a literal or number");
    if (m !== null && NUMBER.test(m[0]) && /^(?:\.|[eE][+-]?)$/.test(tail)) return where(text.length, true, "a number");
    if (m === null) return where(i, false);
    i += m[0].length;
  }
  if (expect === "end") return where(text.length, false); // complete: JSON.parse would not have refused it
  // Where the last value stops: trailing blanks (the line `head -c` cut into) are not part of it.
  return where(text.trimEnd().length, true, stack.length === 0 ? undefined : stack.at(-1)!.kind === "object" ? "an object" : "an array", true);
}

/**
 * One sentence for an input error: `<name> is cut off: …` or `<name> is not valid JSON: …`, with
 * the line, column and path of where it breaks. `reason` is `JSON.parse`'s message, used for a
 * syntax error; `bytes`, the size of the input read (decompressed).
 *
 * @example brokenJsonMessage("team_state.json", text, "Unexpected end of JSON input", 2000)
 * // "team_state.json is cut off: the JSON document stops at line 67, column 26 (after 2,000 bytes), in the middle of an array at agent_states.writer.message_buffer; was it written or copied only in part?"
 */
export function brokenJsonMessage(name: string, text: string, reason: string, bytes: number): string {
  const b = describeBrokenJson(text);
  const path = b.path.length ? formatPath(b.path) : "";
  if (b.cutOff) {
    return (
      `${name} is cut off: the JSON document stops at line ${b.line}, column ${b.column} ` +
      `(after ${bytes.toLocaleString("en-US")} bytes), in the middle of ${b.inside ?? "the document"}${path ? ` at ${path}` : ""}; ` +
      "was it written or copied only in part?"
    );
  }
  return `${name} is not valid JSON at line ${b.line}, column ${b.column}${path ? ` (at ${path})` : ""}: ${reason}`;
}
