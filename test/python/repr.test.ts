/**
 * CPython 3.11 repr()/str() rules: a hand-written table of Python facts, then every event
 * text and core repr in the golden fixtures that is built from Python reprs.
 */
import { describe, expect, it } from "vitest";
import { PyFloat, pyReprFloat } from "../../src/python/float.js";
import { pyRepr, pyReprBytes, pyReprCall, pyReprInt, pyReprString, pyStr } from "../../src/python/repr.js";
import { reprFunctionCall, reprFunctionExecutionResult, reprMemoryContent } from "../../src/kind-renderers/model-reprs.js";
import { readJsonl, type FixtureRecord } from "../helpers/fixtures.js";

const R = String.raw;
const utf8 = (s: string) => new TextEncoder().encode(s);

describe("pyReprString: Python facts", () => {
  // [input, what CPython 3.11 prints for repr(input)]
  const table: Array<[string, string]> = [
    ["", "''"],
    ["hello world", "'hello world'"],
    ["it's", `"it's"`],
    ['say "hi"', `'say "hi"'`],
    [`it's "both"`, R`'it\'s "both"'`],
    ["'", `"'"`],
    ['"', `'"'`],
    [`\\'"`, R`'\\\'"'`],
    ["\t'", R`"\t'"`],
    ["a\\b", R`'a\\b'`],
    ["C:\\Users\\x", R`'C:\\Users\\x'`],
    ["x\ny\rz\tw", R`'x\ny\rz\tw'`],
    // C0 controls without a named escape (including \b, \v, \f) and DEL
    ["\x00\x01\x07\x08\x0b\x0c\x1b\x1f\x7f", R`'\x00\x01\x07\x08\x0b\x0c\x1b\x1f\x7f'`],
    // C1 controls
    ["\x80\x85\x9f", R`'\x80\x85\x9f'`],
    // NBSP (Zs) and soft hyphen (Cf) are escaped; other Latin-1 letters/punctuation are not
    ["\xa0", R`'\xa0'`],
    ["soft\xadhyphen", R`'soft\xadhyphen'`],
    ["\xa1\xe9\xff", "'\xa1\xe9\xff'"],
    // zero-width and bidi marks (Cf), line/paragraph separators (Zl, Zp), other spaces (Zs)
    ["\u200b\u200c\u200d\u200e\u200f", R`'\u200b\u200c\u200d\u200e\u200f'`],
    ["\u2028\u2029", R`'\u2028\u2029'`],
    ["\u3000\u1680\u2000\u200a\u202f\u205f", R`'\u3000\u1680\u2000\u200a\u202f\u205f'`],
    ["bom\ufeff", R`'bom\ufeff'`],
    ["\u0600\u061c", R`'\u0600\u061c'`],
    ["\u{e0001}\u{1d173}", R`'\U000e0001\U0001d173'`],
    // private use (Co), BMP and astral
    ["\ue000\uf8ff", R`'\ue000\uf8ff'`],
    ["\u{f0000}\u{10fffd}", R`'\U000f0000\U0010fffd'`],
    // unassigned / noncharacters (Cn)
    ["\u0378\u0380", R`'\u0378\u0380'`],
    ["\uffff\u{10ffff}", R`'\uffff\U0010ffff'`],
    // printable non-ASCII: CJK, Thai, combining marks, astral emoji, variation selector
    ["日本語 ภาษาไทย", "'日本語 ภาษาไทย'"],
    ["e\u0301", "'e\u0301'"],
    ["😀 \u{1f44d}\u{1f3fd}", "'😀 \u{1f44d}\u{1f3fd}'"],
    ["\u2764\ufe0f", "'\u2764\ufe0f'"],
    ["👩\u200d👩", R`'👩\u200d👩'`],
    // lone surrogates (category Cs) print as \udxxx; a reversed pair is two lone surrogates
    ["\ud800", R`'\ud800'`],
    ["\udfff", R`'\udfff'`],
    ["a\udc00\ud83db", R`'a\udc00\ud83db'`],
    // more astral planes: Linear B and CJK Ext. B print, a plane-1 noncharacter does not
    ["\u{10000}\u{20000}", "'\u{10000}\u{20000}'"],
    ["\u{1ffff}", R`'\U0001ffff'`],
    // non-ASCII runs with controls and spaces inside
    ["日\x85本\u3000語 x", R`'日\x85本\u3000語 x'`],
    // escapes together with quote choice
    ["it's\x00", R`"it's\x00"`],
    ["\x00it's", R`"\x00it's"`],
    ["it's 日本\u3000😀\u{e0001}", R`"it's 日本\u3000😀\U000e0001"`],
    [`'"\n`, R`'\'"\n'`],
    [`\\'"`, R`'\\\'"'`],
  ];
  it.each(table)("repr(%j)", (input, expected) => {
    expect(pyReprString(input)).toBe(expected);
    expect(pyRepr(input)).toBe(expected);
  });

  it("agrees with the JS Unicode properties on every BMP code unit", () => {
    // str.isprintable() is False exactly for categories C* and Z* (except the ASCII space).
    const nonPrintable = /^(?:\p{C}|\p{Z})$/u;
    const named: Record<number, string> = { 0x09: R`\t`, 0x0a: R`\n`, 0x0d: R`\r`, 0x5c: R`\\`, 0x27: '"\'"' };
    const hexOf = (c: number) => (c < 0x100 ? "\\x" + c.toString(16).padStart(2, "0") : "\\u" + c.toString(16).padStart(4, "0"));
    let escaped = 0;
    for (let c = 0; c < 0x10000; c++) {
      const ch = String.fromCharCode(c);
      const got = pyReprString(ch);
      let want: string;
      if (c === 0x27) want = `"'"`;
      else if (named[c] !== undefined) want = "'" + named[c] + "'";
      else if (c !== 0x20 && nonPrintable.test(ch)) want = "'" + hexOf(c) + "'";
      else want = "'" + ch + "'";
      if (got !== want) throw new Error(`U+${c.toString(16)}: ${got} != ${want}`);
      if (got.length > 3) escaped++;
    }
    // Sanity: thousands of BMP code points are unassigned, private use or surrogates.
    expect(escaped).toBeGreaterThan(8000);
  });

  it("handles long strings in linear time and keeps the fast path exact", () => {
    const long = "The quick brown fox. ".repeat(50_000);
    expect(pyReprString(long)).toBe("'" + long + "'");
    const mixed = "a\u00a0'\"".repeat(50_000);
    expect(pyReprString(mixed)).toBe("'" + R`a\xa0\'"`.repeat(50_000) + "'");
    const cjk = "日本語のテキスト、".repeat(50_000) + "\n";
    expect(pyReprString(cjk)).toBe("'" + "日本語のテキスト、".repeat(50_000) + R`\n'`);
    expect(pyReprString("\n".repeat(100_000))).toBe("'" + R`\n`.repeat(100_000) + "'");
  });
});

describe("pyReprFloat: Python facts", () => {
  const table: Array<[number, string]> = [
    [0.1, "0.1"],
    [0.1 + 0.2, "0.30000000000000004"],
    [1 / 3, "0.3333333333333333"],
    [2.5, "2.5"],
    [21, "21.0"],
    [100, "100.0"],
    [-2, "-2.0"],
    [0, "0.0"],
    [-0, "-0.0"],
    [0.001, "0.001"],
    [0.0001, "0.0001"],
    [0.00012, "0.00012"],
    [0.000099, "9.9e-05"],
    [1e-5, "1e-05"],
    [-1e-5, "-1e-05"],
    [1e-7, "1e-07"],
    [1.5e-7, "1.5e-07"],
    [1e-100, "1e-100"],
    [5e-324, "5e-324"],
    [1e-323, "1e-323"],
    [2.2250738585072014e-308, "2.2250738585072014e-308"],
    [1e15, "1000000000000000.0"],
    [9999999999999998, "9999999999999998.0"],
    [9007199254740993, "9007199254740992.0"],
    [1e16, "1e+16"],
    [12345678901234567, "1.2345678901234568e+16"],
    [123456789012345678, "1.2345678901234568e+17"],
    [2 ** 63, "9.223372036854776e+18"],
    [1e21, "1e+21"],
    [1e22, "1e+22"],
    [1.5e300, "1.5e+300"],
    [-1.5e300, "-1.5e+300"],
    [1.7976931348623157e308, "1.7976931348623157e+308"],
    [Infinity, "inf"],
    [-Infinity, "-inf"],
    [NaN, "nan"],
  ];
  it.each(table)("repr(float(%d))", (input, expected) => {
    expect(pyReprFloat(input)).toBe(expected);
    expect(pyRepr(new PyFloat(input))).toBe(expected);
    expect(pyStr(new PyFloat(input))).toBe(expected);
  });

  it("plain JS numbers are int when integral (but -0, which only a float can be), float otherwise", () => {
    expect(pyRepr(2.5)).toBe("2.5");
    expect(pyRepr(1e-7)).toBe("1e-07");
    expect(pyRepr(NaN)).toBe("nan");
    expect(pyRepr(-Infinity)).toBe("-inf");
    expect(pyRepr(21)).toBe("21");
    expect(pyRepr(-0)).toBe("-0.0"); // repr(-0.0): a Python int has no negative zero
    expect(pyRepr(1e16)).toBe("10000000000000000");
  });
});

describe("pyReprInt / bool / None: Python facts", () => {
  it("ints", () => {
    expect(pyReprInt(0)).toBe("0");
    expect(pyReprInt(-0)).toBe("0");
    expect(pyReprInt(-42)).toBe("-42");
    expect(pyReprInt(9007199254740991)).toBe("9007199254740991");
    expect(pyReprInt(9007199254740993n)).toBe("9007199254740993");
    expect(pyReprInt(2n ** 64n + 1n)).toBe("18446744073709551617");
    expect(pyReprInt(-(2n ** 64n))).toBe("-18446744073709551616");
    // int(float) of doubles above 2^53 prints the double's exact value
    expect(pyReprInt(2 ** 64)).toBe("18446744073709551616");
    expect(pyReprInt(1e23)).toBe("99999999999999991611392");
    expect(pyRepr(2n ** 70n)).toBe("1180591620717411303424");
  });
  it("rejects non-integral numbers", () => {
    expect(() => pyReprInt(1.5)).toThrow(RangeError);
    expect(() => pyReprInt(NaN)).toThrow(RangeError);
    expect(() => pyReprInt(Infinity)).toThrow(RangeError);
  });
  it("bool and None", () => {
    expect(pyRepr(true)).toBe("True");
    expect(pyRepr(false)).toBe("False");
    expect(pyRepr(null)).toBe("None");
    expect(pyRepr(undefined)).toBe("None");
    expect(pyStr(true)).toBe("True");
    expect(pyStr(null)).toBe("None");
  });
});

describe("pyReprBytes: Python facts", () => {
  const table: Array<[Uint8Array, string]> = [
    [new Uint8Array(), "b''"],
    [utf8("abc"), "b'abc'"],
    [utf8("it's"), `b"it's"`],
    [utf8(`'"`), R`b'\'"'`],
    [utf8('"'), `b'"'`],
    [utf8("\\"), R`b'\\'`],
    [new Uint8Array([9, 10, 13, 0, 0x1f, 0x20, 0x7e, 0x7f, 0x80, 0xff]), R`b'\t\n\r\x00\x1f ~\x7f\x80\xff'`],
    [utf8("é"), R`b'\xc3\xa9'`],
    [new Uint8Array([0xff, 0xfe, 0x09, 0x80]), R`b'\xff\xfe\t\x80'`],
    [utf8("日本"), R`b'\xe6\x97\xa5\xe6\x9c\xac'`],
  ];
  it.each(table)("repr(bytes %#)", (input, expected) => {
    expect(pyReprBytes(input)).toBe(expected);
    expect(pyRepr(input)).toBe(expected);
    expect(pyStr(input)).toBe(expected);
  });
  it("long literal runs", () => {
    const n = 200_000;
    expect(pyReprBytes(new Uint8Array(n).fill(0x61))).toBe("b'" + "a".repeat(n) + "'");
  });
});

describe("containers", () => {
  it("dicts and lists as Python prints them", () => {
    expect(pyRepr([])).toBe("[]");
    expect(pyRepr({})).toBe("{}");
    expect(pyRepr([1, 2])).toBe("[1, 2]");
    expect(pyRepr({ a: 1, b: [1, 2.5, true] })).toBe("{'a': 1, 'b': [1, 2.5, True]}");
    expect(pyRepr([[], {}, [[null]]])).toBe("[[], {}, [[None]]]");
    expect(pyRepr({ x: [new PyFloat(1), new PyFloat(-0), new PyFloat(1e16)] })).toBe("{'x': [1.0, -0.0, 1e+16]}");
    expect(pyRepr({ "it's": null, k: undefined })).toBe(`{"it's": None, 'k': None}`);
    expect(pyRepr({ "\n": "\u3000", "": "" })).toBe(R`{'\n': '\u3000', '': ''}`);
    expect(pyRepr(["'", 2, 1e-7])).toBe(`["'", 2, 1e-07]`);
    expect(pyRepr([utf8("x")])).toBe("[b'x']");
    expect(pyStr(["a"])).toBe("['a']");
  });

  it("reads own enumerable string keys only", () => {
    const o: Record<string | symbol, unknown> = { a: 1 };
    Object.defineProperty(o, "hidden", { value: 2, enumerable: false });
    o[Symbol("s")] = 3;
    expect(pyRepr(o)).toBe("{'a': 1}");
    expect(pyRepr(JSON.parse('{"__proto__": 1, "b": 2}'))).toBe("{'__proto__': 1, 'b': 2}");
    const bare = Object.create(null) as Record<string, unknown>;
    bare.k = "v";
    expect(pyRepr(bare)).toBe("{'k': 'v'}");
  });

  it("allows shared references but rejects cycles", () => {
    const shared = [1];
    expect(pyRepr([shared, { s: shared }])).toBe("[[1], {'s': [1]}]");
    const cyc: unknown[] = [];
    cyc.push(cyc);
    expect(() => pyRepr(cyc)).toThrow(RangeError);
    const obj: Record<string, unknown> = {};
    obj.self = { back: obj };
    expect(() => pyRepr(obj)).toThrow(/cycle/);
  });

  it("limits nesting depth with a RangeError, not a stack overflow", () => {
    const nest = (n: number) => {
      let v: unknown = [];
      for (let i = 1; i < n; i++) v = [v];
      return v;
    };
    expect(pyRepr(nest(500))).toBe("[".repeat(500) + "]".repeat(500));
    expect(() => pyRepr(nest(100_000))).toThrow(RangeError);
    expect(() => pyRepr(nest(100_000))).toThrow(/nested deeper/);
  });

  it("names what it cannot render", () => {
    class Foo {}
    expect(() => pyRepr(new Map())).toThrow(TypeError);
    expect(() => pyRepr(new Map())).toThrow(/Map/);
    expect(() => pyRepr(new Date(0))).toThrow(/Date/);
    expect(() => pyRepr([new Foo()])).toThrow(/Foo/);
    expect(() => pyRepr({ a: new Uint16Array(1) })).toThrow(/Uint16Array/);
    expect(() => pyRepr(function named() {})).toThrow(/function \(named\)/);
    expect(() => pyRepr(Symbol("s"))).toThrow(/symbol/);
    expect(() => pyRepr([Symbol("s")])).toThrow(TypeError);
  });
});

describe("pyStr", () => {
  it("str() of str is the text itself", () => {
    expect(pyStr("it's\n")).toBe("it's\n");
    expect(pyStr(3)).toBe("3");
    expect(pyStr(0.5)).toBe("0.5");
    expect(pyStr({ a: "b" })).toBe("{'a': 'b'}");
  });
});

describe("dataclass / pydantic reprs", () => {
  it("pyReprCall", () => {
    expect(pyReprCall("Point", [["x", 1], ["y", new PyFloat(2)]])).toBe("Point(x=1, y=2.0)");
    expect(pyReprCall("Empty", [])).toBe("Empty()");
    expect(pyReprCall("M", [["s", "it's"], ["n", null]])).toBe(`M(s="it's", n=None)`);
  });
  it("FunctionCall / FunctionExecutionResult / MemoryContent", () => {
    expect(reprFunctionCall({ id: "c1", arguments: '{"a": 1}', name: "f" })).toBe(
      `FunctionCall(id='c1', arguments='{"a": 1}', name='f')`,
    );
    expect(reprFunctionExecutionResult({ content: "ok", name: "f", call_id: "c" })).toBe(
      "FunctionExecutionResult(content='ok', name='f', call_id='c', is_error=None)",
    );
    expect(reprFunctionExecutionResult({ content: "x\n", name: "f", call_id: "c", is_error: false })).toBe(
      R`FunctionExecutionResult(content='x\n', name='f', call_id='c', is_error=False)`,
    );
    expect(reprMemoryContent({ content: "hi", mime_type: "text/plain" })).toBe(
      "MemoryContent(content='hi', mime_type='text/plain', metadata=None)",
    );
    expect(reprMemoryContent({ content: { a: [1, 2.5] }, mime_type: "application/json", metadata: {} })).toBe(
      "MemoryContent(content={'a': [1, 2.5]}, mime_type='application/json', metadata={})",
    );
    expect(reprMemoryContent({ content: utf8("é"), mime_type: "application/octet-stream", metadata: null })).toBe(
      R`MemoryContent(content=b'\xc3\xa9', mime_type='application/octet-stream', metadata=None)`,
    );
  });
});

// ---------------------------------------------------------------------------------------------
// Fixture-driven checks

/**
 * Parses Python `json.dumps` output keeping what `JSON.parse` loses: numbers written with a
 * fraction or exponent (and NaN/Infinity) become PyFloat, integers beyond 2^53 become bigint.
 */
function parsePythonJson(text: string): unknown {
  let i = 0;
  const NUMBER = /-?(?:0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?/y;
  const ws = () => {
    while (i < text.length && " \t\n\r".includes(text.charAt(i))) i++;
  };
  const value = (): unknown => {
    ws();
    const c = text.charAt(i);
    if (c === "{") {
      i++;
      const out: Record<string, unknown> = {};
      ws();
      if (text.charAt(i) === "}") return i++, out;
      for (;;) {
        ws();
        const key = value() as string;
        ws();
        i++; // ':'
        Object.defineProperty(out, key, { value: value(), enumerable: true, writable: true, configurable: true });
        ws();
        if (text.charAt(i++) === "}") return out;
      }
    }
    if (c === "[") {
      i++;
      const out: unknown[] = [];
      ws();
      if (text.charAt(i) === "]") return i++, out;
      for (;;) {
        out.push(value());
        ws();
        if (text.charAt(i++) === "]") return out;
      }
    }
    if (c === '"') {
      let j = i + 1;
      while (text.charAt(j) !== '"') j += text.charAt(j) === "\\" ? 2 : 1;
      const s = JSON.parse(text.slice(i, j + 1)) as string;
      i = j + 1;
      return s;
    }
    for (const [lit, v] of [
      ["true", true],
      ["false", false],
      ["null", null],
      ["NaN", new PyFloat(NaN)],
      ["Infinity", new PyFloat(Infinity)],
      ["-Infinity", new PyFloat(-Infinity)],
    ] as const) {
      if (text.startsWith(lit, i)) return (i += lit.length), v;
    }
    NUMBER.lastIndex = i;
    const m = NUMBER.exec(text);
    if (!m) throw new SyntaxError(`bad JSON at ${i}: ${text.slice(i, i + 20)}`);
    i += m[0].length;
    if (m[1] !== undefined || m[2] !== undefined) return new PyFloat(Number(m[0]));
    const n = Number(m[0]);
    return Number.isSafeInteger(n) ? n : BigInt(m[0]);
  };
  const v = value();
  ws();
  if (i !== text.length) throw new SyntaxError("trailing data");
  return v;
}

it("parsePythonJson (test helper) keeps Python's number types", () => {
  expect(parsePythonJson('{"a":[1,2.0,1e+16,-0.0,18446744073709551617,NaN],"b":"x\\"y"}')).toEqual({
    a: [1, new PyFloat(2), new PyFloat(1e16), new PyFloat(-0), 18446744073709551617n, new PyFloat(NaN)],
    b: 'x"y',
  });
});

type Item = Record<string, unknown>;
const renderers: Record<string, (content: unknown[]) => string> = {
  ToolCallRequestEvent: (c) => "[" + c.map((x) => reprFunctionCall(x as { id: string; arguments: string; name: string })).join(", ") + "]",
  ToolCallExecutionEvent: (c) =>
    "[" +
    c.map((x) => reprFunctionExecutionResult(x as { content: string; name: string; call_id: string; is_error: boolean | null })).join(", ") +
    "]",
  MemoryQueryEvent: (c) =>
    "[" + c.map((x) => reprMemoryContent(x as { content: unknown; mime_type: string; metadata: Item | null })).join(", ") + "]",
  SelectSpeakerEvent: (c) => pyRepr(c),
};
const coreRepr: Record<string, (d: Item) => string> = {
  FunctionCall: (d) => reprFunctionCall(d as { id: string; arguments: string; name: string }),
  FunctionExecutionResult: (d) => reprFunctionExecutionResult(d as { content: string; name: string; call_id: string }),
  MemoryContent: (d) => reprMemoryContent(d as { content: unknown; mime_type: string; metadata: Item | null }),
};

interface Case {
  name: string;
  render: () => string;
  expected: string;
}

const unicodeSkipped: string[] = [];
const cases: Case[] = [];

function add(file: string, rec: FixtureRecord, expected: unknown, render: (dump: Item) => string) {
  if (/unicode-version-sensitive/.test(rec.name)) return void unicodeSkipped.push(`${file} ${rec.name}`);
  // A masked memory address is Python-only; JSON-loaded objects never contain one.
  if (typeof expected !== "string" || expected.includes("0xADDR")) return;
  if (typeof rec.dump_json !== "string") return; // dump() raised in Python: nothing to render
  const dumpJson = rec.dump_json;
  cases.push({ name: `${file} ${rec.name}`, expected, render: () => render(parsePythonJson(dumpJson) as Item) });
}

for (const file of ["messages.jsonl", "load-cases.jsonl"]) {
  for (const rec of readJsonl(`autogen/${file}`)) {
    if (file === "load-cases.jsonl" && rec.accepted !== true) continue;
    const render = typeof rec.type === "string" ? renderers[rec.type] : undefined;
    if (render) {
      // reload_to_text is what a JSON-only port must match; it differs from to_text when
      // Python built the object from richer types (enum mime types, bytes, Image).
      if (rec.to_text_nondeterministic && !("reload_to_text" in rec)) continue;
      const expected = "reload_to_text" in rec ? rec.reload_to_text : rec.to_text;
      add(file, rec, expected, (d) => render(d.content as unknown[]));
    }
    const core = file === "messages.jsonl" && typeof rec.class === "string" ? coreRepr[rec.class] : undefined;
    if (core && "reload_repr" in rec) add(file, rec, rec.reload_repr, core);
  }
}
// llm-messages.jsonl: core types validated from a JSON payload, so `repr` is already JSON-derived.
for (const rec of readJsonl("autogen/llm-messages.jsonl")) {
  const core = typeof rec.target === "string" ? coreRepr[rec.target] : undefined;
  if (core && rec.accepted === true) add("llm-messages.jsonl", rec, rec.repr, core);
}

describe("fixtures: event texts and core reprs built from Python repr", () => {
  it("covers the fixtures (and skips only a few Unicode-version cases)", () => {
    expect(cases.length).toBeGreaterThan(120);
    expect(unicodeSkipped.length).toBeGreaterThan(0);
    expect(unicodeSkipped.length).toBeLessThanOrEqual(8);
  });
  it.each(cases)("$name", ({ render, expected }) => {
    expect(render()).toBe(expected);
  });
});

describe("Unicode version difference (documented)", () => {
  it("still escapes code points unassigned in every Unicode version", () => {
    // From the unicode-version-sensitive fixtures: U+0378..U+0380 are unassigned everywhere,
    // so only the newer emoji differ between Python 3.11 and this engine.
    expect(pyReprString("code \u0380")).toBe(R`'code \u0380'`);
    expect(pyReprString("thought \u0378")).toBe(R`'thought \u0378'`);
  });
});
