/** Float-aware values for structured content: which numbers are Python floats, and pydantic's JSON float text. */
import { describe, expect, it } from "vitest";
import * as z from "zod/mini";
import { LaxFloat, LaxInt, PyFloat, pydanticJson, toPythonValues } from "../../src/index.js";
import { pydanticFloat } from "../../src/python/pydantic.js";

describe("pydanticFloat: pydantic-core's JSON text of a float (values seen in the fixtures' model_dump_json)", () => {
  const table: [number, string][] = [
    [21, "21.0"],
    [-11, "-11.0"],
    [0, "0.0"],
    [-0, "-0.0"],
    [1e-5, "0.00001"],
    [1e-7, "1e-7"],
    [1e16, "1e+16"],
    [1e21, "1e+21"],
    [5e-324, "5e-324"],
    [697422, "697422.0"],
    [0.30000000000000004, "0.30000000000000004"],
    [123456789.123, "123456789.123"],
    [20.714, "20.714"],
    [NaN, "null"],
    [Infinity, "null"],
  ];
  for (const [n, text] of table) it(`${n} → ${text}`, () => expect(pydanticFloat(n)).toBe(text));
});

describe("toPythonValues marks the numbers a schema declares as floats", () => {
  const Content = z.object({
    t: LaxFloat,
    n: LaxInt,
    plain: z.number(),
    count: z.number().check(z.int()),
    nested: z.object({ xs: z.array(LaxFloat) }),
    maybe: z._default(z.nullable(LaxFloat), null),
  });

  it("wraps float fields, nested and nullable ones included, and leaves ints alone", () => {
    const v = toPythonValues(Content, { t: 21, n: 3, plain: 2, count: 4, nested: { xs: [1, 2.5] }, maybe: 7 }) as Record<string, unknown>;
    expect(v.t).toEqual(new PyFloat(21));
    expect(v.n).toBe(3);
    expect(v.plain).toEqual(new PyFloat(2));
    expect(v.count).toBe(4);
    expect((v.nested as { xs: unknown[] }).xs).toEqual([new PyFloat(1), new PyFloat(2.5)]);
    expect(v.maybe).toEqual(new PyFloat(7));
  });

  it("renders compact JSON as pydantic's model_dump_json does", () => {
    const v = toPythonValues(Content, { t: 21, n: 3, plain: 1e-7, count: 4, nested: { xs: [] }, maybe: null });
    expect(pydanticJson(v)).toBe('{"t":21.0,"n":3,"plain":1e-7,"count":4,"nested":{"xs":[]},"maybe":null}');
  });

  it("looks through zod's other wrappers: a pipe's output, lazy, optional and readonly", () => {
    const Wrapped = z.object({
      piped: z.pipe(z.unknown(), z.number()),
      lazy: z.lazy(() => z.number()),
      opt: z.optional(z.readonly(z.number().check(z.int()))),
      objs: z.lazy(() => z.array(z.object({ f: z.number() }))),
    });
    const v = toPythonValues(Wrapped, { piped: 1, lazy: 2, opt: 3, objs: [{ f: 4 }] });
    expect(pydanticJson(v)).toBe('{"piped":1.0,"lazy":2.0,"opt":3,"objs":[{"f":4.0}]}');
  });

  it("without a schema numbers keep their JavaScript form (SPEC §7.4)", () => {
    expect(pydanticJson(toPythonValues(undefined, { a: 21, b: 0.5, s: "é\u0001" }))).toBe('{"a":21,"b":0.5,"s":"é\\u0001"}');
  });

  it("writes the same text whether or not the value holds anything JSON.stringify spells unlike pydantic", () => {
    // pydantic-core's model_dump_json of the same values, worked out by its rules: compact, non-ASCII raw,
    // a -0.0 float, 1e-7 in scientific form, None for an unset value.
    const plain = { s: "é\u2028\"\n", n: [0, -3, 12345], b: [true, false, null], o: { "": {}, "1": [] } };
    const text = '{"s":"é\u2028\\"\\n","n":[0,-3,12345],"b":[true,false,null],"o":{"1":[],"":{}}';
    expect(pydanticJson(plain)).toBe(text + "}");
    expect(pydanticJson({ ...plain, f: new PyFloat(300) })).toBe(text + ',"f":300.0}');
    expect(pydanticJson({ z: -0 })).toBe('{"z":-0.0}');
    expect(pydanticJson({ z: 1e-7, h: 0.5 })).toBe('{"z":1e-7,"h":0.5}');
    expect(pydanticJson({ u: undefined, a: [1, undefined] })).toBe('{"u":null,"a":[1,null]}');
    expect(pydanticJson(Object.assign(Object.create(null) as object, { k: 1 }))).toBe('{"k":1}');
  });

  it("beside a float, writes every other part of the tree as it would alone (null-prototype, class instance, hole, own __proto__, too deep)", () => {
    // The parts without a float are handed to JSON.stringify; each must come out as the writer spells it.
    const inst = new (class {
      a = 1;
    })();
    const v = {
      f: new PyFloat(1),
      plain: { s: "é", n: [1, 2], o: {} },
      np: Object.assign(Object.create(null) as object, { k: 2 }),
      inst,
      holes: [1, , 2],
      nested: { deep: [{ g: 0.25 }, { h: -0 }, { i: 1e-7 }], ok: true },
      proto: JSON.parse('{"__proto__": {"x": 1}}') as unknown,
    };
    expect(pydanticJson(v)).toBe(
      '{"f":1.0,"plain":{"s":"é","n":[1,2],"o":{}},"np":{"k":2},"inst":{"a":1},"holes":[1,,2],' +
        '"nested":{"deep":[{"g":0.25},{"h":-0.0},{"i":1e-7}],"ok":true},"proto":{"__proto__":{"x":1}}}',
    );
    let deep: unknown = 1;
    for (let i = 0; i < 300; i++) deep = [deep];
    expect(() => pydanticJson({ f: new PyFloat(1), deep })).toThrow(RangeError);
    expect(() => pydanticJson({ deep })).toThrow(RangeError);
  });
});
