/**
 * Free-form JSON (`Dict[str, Any]`, dump's deep copy): what is accepted, what is copied, and the
 * path, code and message of each kind of rejection.
 */
import { describe, expect, it } from "vitest";
import { copyJsonObject, copyJsonValue, MAX_JSON_DEPTH, toJsonValue } from "../../src/wire/json-data.js";

/** `value` wrapped in `levels` single-element arrays. */
function nested(levels: number, value: unknown): unknown {
  let v = value;
  for (let i = 0; i < levels; i++) v = [v];
  return v;
}

describe("copyJsonValue", () => {
  it("copies without sharing anything with the input", () => {
    const input = { a: [1, { b: "x" }], c: null, d: true };
    const r = copyJsonValue(input);
    expect(r).toEqual({ ok: true, value: input });
    if (!r.ok) return;
    const out = r.value as { a: [number, { b: string }] };
    expect(out).not.toBe(input);
    expect(out.a).not.toBe(input.a);
    expect(out.a[1]).not.toBe(input.a[1]);
  });

  it("keeps __proto__ as an own data key without touching prototypes", () => {
    const r = copyJsonValue(JSON.parse('{"__proto__": {"polluted": 1}, "k": [{"__proto__": 2}]}'));
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const out = r.value as Record<string, unknown>;
    expect(Object.keys(out)).toEqual(["__proto__", "k"]);
    expect(Object.getPrototypeOf(out)).toBe(Object.prototype);
    expect(Object.getOwnPropertyDescriptor(out, "__proto__")?.value).toEqual({ polluted: 1 });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it("names the path of the first offending value, in order", () => {
    expect(copyJsonValue({ a: [1, { b: undefined }], z: () => 1 })).toEqual({
      ok: false,
      path: ["a", 1, "b"],
      code: "json_invalid",
      message: "expected JSON data, got undefined",
    });
    expect(copyJsonValue([0, [10n]])).toMatchObject({ ok: false, path: [1, 0], message: "expected JSON data, got bigint" });
  });

  it("keeps NaN and ±Infinity: Python's Dict[str, Any] holds them as floats (json.loads reads 1e400 as inf)", () => {
    const input = JSON.parse('{"a": 1e400, "b": [-1e400, {"c": 1}]}');
    expect(input.a).toBe(Infinity);
    expect(copyJsonValue(input)).toEqual({ ok: true, value: { a: Infinity, b: [-Infinity, { c: 1 }] } });
    expect(copyJsonObject({ n: NaN })).toEqual({ ok: true, value: { n: NaN } });
  });

  it("rejects non-JSON values with their kind", () => {
    const cases: [unknown, string][] = [
      [undefined, "expected JSON data, got undefined"],
      [() => 1, "expected JSON data, got function"],
      [10n, "expected JSON data, got bigint"],
      [new Map(), "expected JSON data, got an instance of Map"],
      [Object.create(Object.create(null) as object), "expected JSON data, got a non-plain object"],
    ];
    for (const [value, message] of cases) {
      expect(copyJsonValue({ k: value })).toEqual({ ok: false, path: ["k"], code: "json_invalid", message });
    }
  });

  it("accepts null-prototype objects as data", () => {
    const o = Object.create(null) as Record<string, unknown>;
    o.a = 1;
    expect(copyJsonValue(o)).toEqual({ ok: true, value: { a: 1 } });
  });

  it(`allows ${MAX_JSON_DEPTH} levels of nesting and no more`, () => {
    expect(copyJsonValue(nested(MAX_JSON_DEPTH, 1)).ok).toBe(true);
    expect(copyJsonValue(nested(MAX_JSON_DEPTH + 1, 1))).toEqual({
      ok: false,
      path: Array(MAX_JSON_DEPTH).fill(0),
      code: "recursion_loop",
      message: `nested deeper than ${MAX_JSON_DEPTH} levels`,
    });
    // Scalars do not count as a level.
    expect(copyJsonValue(nested(MAX_JSON_DEPTH, "deep")).ok).toBe(true);
  });

  it("lets an exception thrown by a getter through", () => {
    const hostile = { get a() { throw new SyntaxError("from the getter"); } };
    expect(() => copyJsonValue(hostile)).toThrow(SyntaxError);
  });

  it("is usable again after a failure", () => {
    expect(copyJsonValue([10n]).ok).toBe(false);
    expect(copyJsonValue({ a: [undefined] })).toMatchObject({ path: ["a", 0] });
    expect(copyJsonValue([1])).toEqual({ ok: true, value: [1] });
  });
});

describe("copyJsonObject", () => {
  it("requires an object at the root", () => {
    for (const [value, type] of [[[], "array"], [null, "null"], ["x", "string"], [new Date(0), "an instance of Date"]] as const) {
      expect(copyJsonObject(value)).toEqual({ ok: false, code: "dict_type", message: `expected an object, got ${type}`, path: [] });
    }
  });

  it("counts the root object as the first level", () => {
    expect(copyJsonObject({ a: nested(MAX_JSON_DEPTH - 1, 1) }).ok).toBe(true);
    expect(copyJsonObject({ a: nested(MAX_JSON_DEPTH, 1) })).toMatchObject({ ok: false, code: "recursion_loop" });
  });
});

describe("toJsonValue", () => {
  it("writes NaN and ±Infinity null, as pydantic's model_dump_json does, and copies the rest", () => {
    const input = { t: Infinity, n: [NaN, 1.5, -Infinity], s: "inf", o: { z: -0 } };
    const r = toJsonValue(input);
    expect(r).toEqual({ ok: true, value: { t: null, n: [null, 1.5, null], s: "inf", o: { z: -0 } } });
    expect(input.t).toBe(Infinity); // the input is untouched
    if (r.ok) expect(JSON.stringify(r.value)).toBe('{"t":null,"n":[null,1.5,null],"s":"inf","o":{"z":0}}');
  });

  it("rejects what copyJsonValue rejects, with the same path", () => {
    expect(toJsonValue({ a: [Infinity, new Map()] })).toEqual({ ok: false, path: ["a", 1], code: "json_invalid", message: "expected JSON data, got an instance of Map" });
  });
});
