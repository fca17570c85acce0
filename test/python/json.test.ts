/**
 * Python's `json.loads` / `json.dumps` (src/python/json.ts) against CPython 3.11: every expected
 * value comes from test/python/cpython.json, which record-cpython.py wrote with that interpreter.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import * as json from "../../src/python/json.js";
import { PyFloat } from "../../src/python/float.js";
import fc from "fast-check";
const { dumps, dumpsPlainJson } = json;

interface PyOptions {
  ensure_ascii?: boolean;
  separators?: [string, string];
}
interface Recorded {
  python: string;
  dumps: Array<{ doc: string; options: PyOptions; result: string }>;
  dumps_js_values: Array<{ doc: string; options: PyOptions; result: string }>;
  unsafe_integers: Array<{ value: string; int: string; float: string }>;
  loads_errors: Array<{ text: string; type: string; message: string }>;
}

const cpython: Recorded = JSON.parse(readFileSync(new URL("./cpython.json", import.meta.url), "utf8"));

/** Python's keyword arguments as {@link json.DumpsOptions}. */
function options(py: PyOptions): json.DumpsOptions {
  return { ensureAscii: py.ensure_ascii, separators: py.separators };
}

const label = (c: { doc: string; options: PyOptions }) => `${c.doc.slice(0, 50)} ${JSON.stringify(c.options)}`;

describe(`json.dumps(json.loads(doc), **options) as CPython ${cpython.python} writes it`, () => {
  it.each(cpython.dumps.map((c) => [label(c), c] as const))("%s", (_, c) => {
    expect(json.dumps(json.loads(c.doc), options(c.options))).toBe(c.result);
  });
});

describe("json.dumps of the value JSON.parse gives (documents without integral floats)", () => {
  it.each(cpython.dumps_js_values.map((c) => [label(c), c] as const))("%s", (_, c) => {
    expect(json.dumps(JSON.parse(c.doc), options(c.options))).toBe(c.result);
  });

  it("writes a PyFloat as a float and a bigint as an int, whatever their value", () => {
    // CPython: json.dumps([21.0, 2**64]) == '[21.0, 18446744073709551616]'
    expect(json.dumps([new PyFloat(21), 2n ** 64n])).toBe("[21.0, 18446744073709551616]");
    expect(json.dumps(undefined)).toBe("null");
  });

  it("writes an integral number beyond 2^53 as the int (default) or the float it may have been", () => {
    for (const c of cpython.unsafe_integers) {
      const n = Number(c.value);
      expect(json.dumps(n), c.value).toBe(c.int);
      expect(json.dumps(n, { unsafeIntegers: "int" }), c.value).toBe(c.int);
      expect(json.dumps(n, { unsafeIntegers: "float" }), c.value).toBe(c.float);
    }
  });

  it("raises TypeError, as Python does, for a value JSON cannot hold", () => {
    const e = (() => {
      try {
        json.dumps({ f: () => 1 });
      } catch (err) {
        return err;
      }
    })();
    expect(e).toBeInstanceOf(json.PyJsonError);
    expect(e).toMatchObject({ pythonType: "TypeError", message: "Object of type function is not JSON serializable" });
  });
});

describe("json.loads: Python's view of a document", () => {
  it("keeps ints exact (bigint), floats as PyFloat, keys in document order, the last of a repeated key", () => {
    const v = json.loads('{"2": 1.0, "1": 123456789012345678901234567890, "b": 1, "b": NaN}');
    expect(v).toBeInstanceOf(json.PyJsonDict);
    const d = v as json.PyJsonDict;
    expect([...d.entries.keys()]).toEqual(["2", "1", "b"]);
    expect(d.entries.get("2")).toEqual(new PyFloat(1));
    expect(d.entries.get("1")).toBe(123456789012345678901234567890n);
    expect((d.entries.get("b") as PyFloat).value).toBeNaN();
  });

  it("gives JavaScript values back with toJsValue: NaN as null, a __proto__ key as a plain key", () => {
    const v = json.toJsValue(json.loads('{"n": [1, 2.5, NaN, -Infinity], "__proto__": {"x": 1}}')) as Record<string, unknown>;
    expect(v.n).toEqual([1, 2.5, null, null]);
    expect(Object.getPrototypeOf(v)).toBe(Object.prototype);
    expect(Object.keys(v)).toEqual(["n", "__proto__"]);
  });

  it.each(cpython.loads_errors.map((c) => [c.text.slice(0, 30), c] as const))("raises as CPython does: %j", (_, c) => {
    let caught: unknown;
    try {
      json.loads(c.text);
    } catch (e) {
      caught = e;
    }
    if (c.type === "JSONDecodeError") {
      expect(caught).toBeInstanceOf(json.JSONDecodeError);
      // Python adds "line L column C"; the reason and the character offset are the same.
      const [, reason, at] = /^(.*): line \d+ column \d+ \(char (\d+)\)$/.exec(c.message)!;
      expect((caught as Error).message).toBe(`${reason}: char ${at}`);
    } else {
      expect(caught).toBeInstanceOf(json.PyJsonError);
      expect(caught).toMatchObject({ pythonType: c.type, message: c.message });
    }
  });
});

describe("json.dumps(..., ensure_ascii=False) strings (JSON.stringify's escapes, lone surrogates as Python writes them)", () => {
  it.each([
    // [the string, what CPython 3.11's json.dumps(s, ensure_ascii=False) writes]
    ["a\\ud800b", '"a\\\\ud800b"'], // a backslash and the letters "ud800": the backslash escaped, no surrogate
    ["\ud800", '"\ud800"'], // a lone high surrogate: written as it is
    ["x\udfffy\u0001", '"x\udfffy\\u0001"'], // a lone low surrogate as it is; a C0 control still escaped
    ["\u2028\u007f\u00e9\u{1f600}", '"\u2028\u007f\u00e9\u{1f600}"'], // U+2028, DEL, é, an astral pair: raw
    ["\u0000\u001f\b\f\n\r\t\"\\", '"\\u0000\\u001f\\b\\f\\n\\r\\t\\"\\\\"'],
  ])("%j", (s, expected) => {
    expect(dumps(s, { ensureAscii: false })).toBe(expected);
    expect(dumps([s, { [s]: s }], { ensureAscii: false })).toBe(`[${expected}, {${expected}: ${expected}}]`);
  });
});

describe("dumpsPlainJson: json.dumps's text of plain JSON, from JSON.stringify", () => {
  it("writes Python's separators, escapes and float spellings", () => {
    // Each expectation is CPython 3.11's json.dumps of the same value.
    expect(dumpsPlainJson({ a: [1, { b: [] }, {}], "c:d": "x,\ny" })).toBe('{"a": [1, {"b": []}, {}], "c:d": "x,\\ny"}');
    expect(dumpsPlainJson([1e-7, 0.00001, 0.0001, 1.5, -2.5e-8, 123456789.123])).toBe("[1e-07, 1e-05, 0.0001, 1.5, -2.5e-08, 123456789.123]");
    expect(dumpsPlainJson(["é", "\ud800", "😀", "\u007f", "~", "\u0000\u001f", '"\\/'])).toBe('["\\u00e9", "\\ud800", "\\ud83d\\ude00", "\\u007f", "~", "\\u0000\\u001f", "\\"\\\\/"]');
    expect(dumpsPlainJson({ n: 2 ** 60, m: -(2 ** 60), z: -0, t: true, f: false, x: null })).toBe('{"n": 1152921504606846976, "m": -1152921504606846976, "z": 0, "t": true, "f": false, "x": null}');
    expect(dumpsPlainJson("a: 1e5, b")).toBe('"a: 1e5, b"'); // inside a string nothing changes
  });

  it("escapes characters of every UTF-8 length, next to separators and numbers", () => {
    // CPython 3.11: json.dumps({"\u20ac": ["\u4e2d,", "a\u00e9:", "\U0001f600\x7f"], "n": 1e-07})
    expect(dumpsPlainJson({ "€": ["中,", "aé:", "😀\u007f"], n: 1e-7 })).toBe('{"\\u20ac": ["\\u4e2d,", "a\\u00e9:", "\\ud83d\\ude00\\u007f"], "n": 1e-07}');
  });

  it("grows its buffer for numbers Python spells longer (an integral 1e308 is an int of 309 digits)", () => {
    const v = [...Array.from({ length: 40 }, () => 1e308), "é"];
    const text = dumpsPlainJson(v);
    expect(text).toBe(dumps(v));
    expect(text.length).toBe(40 * 309 + 40 * 2 + 2 + 8); // 40 ints, 40 separators ", " between 41 items, the brackets, "\u00e9" quoted
  });

  it("spells each number that is not a safe integer (nor -0) with the given function, others as digits", () => {
    const seen: number[] = [];
    const spell = (n: number) => (seen.push(n), `<${n}>`);
    expect(dumpsPlainJson([0, -0, 7, -(2 ** 53 - 1), 2 ** 53, 0.5, 1e-7], spell)).toBe("[0, <0>, 7, -9007199254740991, <9007199254740992>, <0.5>, <1e-7>]");
    expect(seen).toEqual([-0, 2 ** 53, 0.5, 1e-7]);
    expect(Object.is(seen[0], -0)).toBe(true);
  });

  it("grows its buffer for long strings that need escapes late, and for many of them", () => {
    const long = "x".repeat(70_000) + "\u0001".repeat(20_000) + "é😀\n";
    // Long strings with nothing to escape are copied whole; one unit to escape at the end takes the unit by unit path.
    const ends = ['"', "\\", "\u007f", "\u001f", "é", "\ud800"].map((c) => "z".repeat(100) + c);
    const v = { [long]: [long, "y".repeat(40_000), long, ...ends], n: Array.from({ length: 5000 }, (_, i) => i / 7) };
    expect(dumpsPlainJson(v)).toBe(dumps(v));
  });

  it("is safe to call again from inside a write (a getter), and writes only own enumerable keys, as JSON.stringify", () => {
    const inner = { b: "é" };
    const outer = Object.create({ inherited: 1 }) as Record<string, unknown>;
    Object.defineProperty(outer, "hidden", { value: 1, enumerable: false });
    Object.defineProperty(outer, "a", { get: () => dumpsPlainJson(inner), enumerable: true });
    outer.c = [undefined, () => 1];
    outer.skip = undefined;
    expect(dumpsPlainJson(outer)).toBe('{"a": "{\\"b\\": \\"\\\\u00e9\\"}", "c": [null, null]}');
  });

  it("writes each value afresh in a buffer lent by an earlier, longer write, or by one a getter broke off", () => {
    const long = "x".repeat(5000);
    expect(dumpsPlainJson({ a: long, b: [1, 2.5] })).toBe(`{"a": "${long}", "b": [1, 2.5]}`);
    expect(dumpsPlainJson({ c: "é" })).toBe('{"c": "\\u00e9"}');
    const broken = Object.defineProperty({ a: long }, "b", { get: () => { throw new Error("boom"); }, enumerable: true });
    expect(() => dumpsPlainJson(broken)).toThrow("boom");
    expect(dumpsPlainJson([true, "y"])).toBe('[true, "y"]');
  });

  it("writes keys the same from its cache of key bytes as without, before and after the cache fills", () => {
    expect(dumpsPlainJson({ "": 1, 'a"': 2, "é": 3, [`${"k".repeat(33)}`]: 4 })).toBe(`{"": 1, "a\\"": 2, "\\u00e9": 3, "${"k".repeat(33)}": 4}`);
    const o: Record<string, unknown> = {};
    for (let i = 0; i < 300; i++) o[`key${i}`] = { [`key${i}`]: i, "x\ny": [] };
    const want = dumps(o);
    expect(dumpsPlainJson(o)).toBe(want);
    expect(dumpsPlainJson(o)).toBe(want); // a second time: the first 256 names from the cache
    expect(want.startsWith('{"key0": {"key0": 0, "x\\ny": []}, "key1": {"key1": 1, ')).toBe(true);
  });

  it("writes no key an enumerable Object.prototype property adds to every object", () => {
    const proto = Object.prototype as Record<string, unknown>;
    proto.polluted = 1;
    try {
      expect(dumpsPlainJson({ a: { b: [{}] }, c: Object.assign(Object.create(null) as object, { d: 1 }) })).toBe('{"a": {"b": [{}]}, "c": {"d": 1}}');
    } finally {
      delete proto.polluted;
    }
  });

  it("gives dumps's text for any plain JSON value", () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.string({ unit: "binary" }), (v, s) => {
        expect(dumpsPlainJson(v)).toBe(dumps(v));
        expect(dumpsPlainJson({ [s]: [s, v] })).toBe(dumps({ [s]: [s, v] }));
      }),
      { numRuns: 100 },
    );
  }, 60_000);
});
