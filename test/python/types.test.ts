/**
 * Python's type names, truthiness and subscript errors (src/python/types.ts) against CPython:
 * each JSON document's value as `json.loads` gives it, with `type(v).__name__`, `bool(v)`,
 * `v["k"]` and `v[10]` recorded by record-cpython.py into cpython.json.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { PyFloat } from "../../src/python/float.js";
import * as json from "../../src/python/json.js";
import { indexOutOfRange, isDict, pyTruthy, pyTypeName, strSubscriptError } from "../../src/python/types.js";

type Outcome = { result?: unknown; error?: { type: string; message: string } };
interface TypeRecord {
  doc: string;
  type: string;
  truthy: boolean;
  get_str: Outcome;
  get_past_end?: Outcome;
}
interface BytesRecord {
  bytes: true;
  type: string;
  truthy: [boolean, boolean];
  get_str: Outcome;
  get_past_end: Outcome;
}
const cpython: { python: string; types: Array<TypeRecord | BytesRecord> } = JSON.parse(
  readFileSync(new URL("./cpython.json", import.meta.url), "utf8"),
);
const values = cpython.types.filter((r): r is TypeRecord => !("bytes" in r));
const bytes = cpython.types.find((r): r is BytesRecord => "bytes" in r)!;

/** The value as a JavaScript caller holds it: JSON.parse's, except that a float stays a PyFloat where JSON.parse would make an int. */
function jsValues(doc: string): unknown[] {
  const parsed = JSON.parse(doc.replace(/^NaN$/, "null"));
  const out: unknown[] = doc === "NaN" ? [NaN, new PyFloat(NaN)] : [parsed];
  if (/^-?\d+\.\d+$/.test(doc)) out.push(new PyFloat(Number(doc)));
  if (/^-?\d+$/.test(doc)) out.push(BigInt(doc));
  return out.filter((v) => !(doc.includes(".0") && typeof v === "number")); // 0.0 parses to the int 0
}

describe(`type(v).__name__ and bool(v), as CPython ${cpython.python} gives them`, () => {
  it.each(values.map((r) => [r.doc, r] as const))("%s", (doc, r) => {
    for (const v of jsValues(doc)) {
      expect(pyTypeName(v), String(v)).toBe(r.type);
      expect(pyTruthy(v), String(v)).toBe(r.truthy);
      expect(isDict(v)).toBe(r.type === "dict");
    }
  });

  it("bytes (Uint8Array)", () => {
    expect(pyTypeName(new Uint8Array(0))).toBe(bytes.type);
    expect([pyTruthy(new Uint8Array(0)), pyTruthy(new Uint8Array([1]))]).toEqual(bytes.truthy);
  });

  it("undefined is None; a function or symbol has no Python type here", () => {
    expect([pyTypeName(undefined), pyTruthy(undefined)]).toEqual(["NoneType", false]);
    expect([pyTypeName(() => 1), pyTypeName(Symbol("s"))]).toEqual(["object", "object"]);
  });
});

describe("what subscripting raises, as CPython gives it", () => {
  it.each(values.map((r) => [r.doc, r] as const))('v["k"] and v[10] for %s', (doc, r) => {
    const type = pyTypeName(json.loads(doc));
    if (r.get_str.error?.type === "TypeError") expect(strSubscriptError(type)).toBe(r.get_str.error.message);
    else expect(type).toBe("dict"); // a dict raises KeyError instead
    const past = r.get_past_end?.error;
    expect(indexOutOfRange(type)).toBe(past?.type === "IndexError" ? past.message : undefined);
  });

  it("bytes", () => {
    expect(strSubscriptError("bytes")).toBe(bytes.get_str.error!.message);
    expect(indexOutOfRange("bytes")).toBe(bytes.get_past_end.error!.message);
  });
});

describe("json.loads values", () => {
  it("have the Python types json.loads gives", () => {
    expect(values.map((r) => pyTypeName(json.loads(r.doc)))).toEqual(values.map((r) => r.type));
  });
});
