/**
 * pydantic lax int / bool / float: driven by every fixture record that probes one of these
 * fields, plus hand-computed cases for pydantic-core rules the fixtures do not pin (each names
 * the upstream rule it follows).
 */
import { describe, expect, it } from "vitest";
import type { Check } from "../../src/wire/check.js";
import { laxBool, laxFloat, laxInt, scanDecimalLiteral } from "../../src/wire/coerce.js";
import { readJsonl, type FixtureRecord } from "../helpers/fixtures.js";

type Path = (string | number)[];
interface FixtureError {
  type: string;
  loc: Path;
}

/** Which fixture records probe which field (record name pattern → path inside payload/dump). */
const specs: { file: string; pattern: RegExp; path: Path; check: (v: unknown) => Check<unknown> }[] = [
  { file: "load-cases.jsonl", pattern: /^TextMessage\/models_usage\.prompt_tokens:/, path: ["models_usage", "prompt_tokens"], check: laxInt },
  { file: "load-cases.jsonl", pattern: /\/retry_attempt:/, path: ["retry_attempt"], check: laxInt },
  { file: "load-cases.jsonl", pattern: /\/result\.exit_code:/, path: ["result", "exit_code"], check: laxInt },
  { file: "llm-messages.jsonl", pattern: /^RequestUsage\/prompt_tokens:/, path: ["prompt_tokens"], check: laxInt },
  { file: "llm-messages.jsonl", pattern: /^CodeResult\/exit_code-str$/, path: ["exit_code"], check: laxInt },
  // `is_error` is Optional[bool]: the None and missing cases belong to the caller.
  { file: "load-cases.jsonl", pattern: /^ToolCallExecutionEvent\/is_error:(?!None$|missing$)/, path: ["content", 0, "is_error"], check: laxBool },
  { file: "llm-messages.jsonl", pattern: /^FunctionExecutionResultMessage\/is_error:(?!None$|missing$)/, path: ["content", 0, "is_error"], check: laxBool },
  { file: "llm-messages.jsonl", pattern: /^CreateResult\/cached-str$/, path: ["cached"], check: laxBool },
  { file: "llm-messages.jsonl", pattern: /^CreateResult\/logprob-str$/, path: ["logprobs", 0, "logprob"], check: laxFloat },
];

function at(value: unknown, path: Path): unknown {
  let v = value;
  for (const k of path) v = (v as Record<string | number, unknown> | null | undefined)?.[k];
  return v;
}

const cases = specs.flatMap((spec) =>
  readJsonl(`autogen/${spec.file}`)
    .filter((r) => spec.pattern.test(r.name) && !/above-2\^(53|64)/.test(r.name))
    .map((r) => [r.name, r, spec] as [string, FixtureRecord, (typeof specs)[number]]),
);

describe("lax scalars against the AutoGen fixtures", () => {
  it("finds the records", () => {
    expect(cases.length).toBeGreaterThan(100);
    for (const spec of specs) expect(cases.some(([, , s]) => s === spec)).toBe(true);
  });

  it.each(cases)("%s", (_name, rec, spec) => {
    const input = at(rec.payload, spec.path);
    const result = spec.check(input);
    if (rec.accepted) {
      expect(result).toEqual({ ok: true, value: at(rec.dump, spec.path) });
    } else {
      const err = (rec.errors as FixtureError[]).find(
        (e) => JSON.stringify(e.loc.slice(-spec.path.length)) === JSON.stringify(spec.path),
      );
      expect(err).toBeDefined();
      expect(result).toMatchObject({ ok: false, code: err?.type });
    }
  });
});

function expectOk(r: Check<unknown>, value: unknown): void {
  expect(r).toEqual({ ok: true, value });
}
function expectCode(r: Check<unknown>, code: string): void {
  expect(r).toMatchObject({ ok: false, code });
}

describe("laxInt: pydantic-core str_as_int / float_as_int", () => {
  it.each([
    // clean_int_str strips leading zeros, also within underscores ("0_0" → "0").
    ["007", 7], ["00", 0], ["0_0", 0], ["0_1", 1], ["00_1.000", 1],
    // An all-zero fraction is dropped by hand; "-0" is plain 0.
    ["3.00", 3], ["-3.00", -3], ["0.0", 0], ["-0", 0], ["+0", 0], ["-05", -5],
    // Single inner underscores, after trimming (Rust trim: Unicode White_Space incl. U+0085).
    [" 1_0 ", 10], ["1_0_0", 100], ["1_000.0", 1000], ["\u00851", 1], ["\u30001\u2029", 1],
    // strip_leading_zeros keeps a "-" after zeros, so upstream reads "0-5" as -5.
    ["0-5", -5], ["00-5", -5],
  ] as [string, number][])("accepts %j", (input, expected) => {
    expectOk(laxInt(input), expected);
  });

  it.each([
    "3.", ".0", "0.", "-", "+", "+-1", "-+1", "--1", "1__0", "_1", "1_", "+_1", "0_.0", "1.0_0",
    "1 000", "+ 1", "0x_1", "1e3", "٣",
    // Rust's trim keeps U+FEFF and U+001C (JavaScript's trim would strip the BOM).
    "\ufeff1", "\u001c1",
    // Out-of-range after cleaning is a plain parsing error (only the raw pass reports size).
    " " + "1".repeat(4301),
  ])("rejects %j with int_parsing", (input) => {
    expectCode(laxInt(input), "int_parsing");
  });

  it("reports jiter's 4300-character limit as int_parsing_size", () => {
    expectCode(laxInt("1".repeat(4301)), "int_parsing_size");
    expectCode(laxInt("-" + "1".repeat(4300)), "int_parsing_size");
    // The digit run alone decides, whatever follows it.
    expectCode(laxInt("1".repeat(4301) + "x"), "int_parsing_size");
    expectCode(laxInt("1".repeat(4301) + ".0"), "int_parsing_size");
    // Leading zeros are not a digit run for jiter, so they are cleaned instead.
    expectOk(laxInt("0".repeat(5000)), 0);
  });

  it("deviation: refuses integers a double cannot hold (Python keeps them)", () => {
    // 4300 characters pass jiter's limit, but 10^4299 is far beyond Number.MAX_VALUE.
    expectCode(laxInt("-" + "1".repeat(4299)), "int_parsing_size");
    expectCode(laxInt("1" + "0".repeat(400)), "int_parsing_size");
  });

  it("keeps integers beyond 2^53 as the nearest double", () => {
    expectOk(laxInt("9223372036854775808"), 9223372036854775808);
    expectOk(laxInt(2 ** 70), 2 ** 70);
  });

  it("rejects NaN and infinities with finite_number", () => {
    expectCode(laxInt(NaN), "finite_number");
    expectCode(laxInt(Infinity), "finite_number");
    expectCode(laxInt(-Infinity), "finite_number");
  });

  it("normalises -0 to 0", () => {
    const r = laxInt(-0);
    expect(r.ok && Object.is(r.value, 0)).toBe(true);
  });

  it("says what went wrong", () => {
    const r = laxInt("1e3");
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.message).toBe('expected an integer, got string "1e3"');
    const f = laxInt(1.5);
    if (!f.ok) expect(f.message).toBe("expected an integer, got a number with a fractional part (1.5)");
  });

  it("strict mode accepts only integral numbers", () => {
    expectOk(laxInt(3, true), 3);
    expectCode(laxInt("3", true), "int_type");
    expectCode(laxInt(true, true), "int_type");
    expectCode(laxInt(1.5, true), "int_type");
  });
});

describe("laxBool: pydantic-core str_as_bool / int_as_bool", () => {
  it.each([["YES", true], ["Off", false], ["tRuE", true], ["N", false], ["Y", true]] as const)(
    "accepts %j (ASCII case-insensitive)",
    (input, expected) => expectOk(laxBool(input), expected),
  );

  it.each(["1 ", "01", "1.0", "ＴＲＵＥ", "truee", "yes\u0000"])("rejects %j with bool_parsing", (input) => {
    expectCode(laxBool(input), "bool_parsing");
  });

  it("treats integral floats like ints and other numbers as the wrong type", () => {
    expectOk(laxBool(-0), false);
    expectCode(laxBool(2.0), "bool_parsing");
    // An i64 other than 0/1 is a parsing error ...
    expectCode(laxBool(-(2 ** 63)), "bool_parsing");
    // ... but a float beyond i64 fails float_as_int and ends as a type error.
    expectCode(laxBool(2 ** 63), "bool_type");
    expectCode(laxBool(1e300), "bool_type");
    expectCode(laxBool(NaN), "bool_type");
    expectCode(laxBool(null), "bool_type");
  });

  it("strict mode accepts only booleans", () => {
    expectOk(laxBool(false, true), false);
    expectCode(laxBool("true", true), "bool_type");
    expectCode(laxBool(1, true), "bool_type");
  });
});

describe("laxFloat: pydantic-core str_as_float (Rust f64::from_str)", () => {
  it.each([
    ["+nan", NaN], ["-inf", -Infinity], ["Infinity", Infinity], ["INFINITY", Infinity], ["nan ", NaN], [" nan", NaN],
    ["1.", 1], [".5", 0.5], ["1e5", 1e5], ["1E+05", 1e5], ["1.e5", 1e5], ["00012.50", 12.5], ["1.5 ", 1.5],
    ["\u00a01 ", 1], ["\u00851", 1], ["1e400", Infinity], ["-0", -0],
    // Underscores are retried on the untrimmed string: "in_f" → "inf", "1_e5" → "1e5".
    ["1_0.5", 10.5], ["in_f", Infinity], ["1_e5", 1e5],
  ] as [string, number][])("accepts %j", (input, expected) => {
    const r = laxFloat(input);
    expect(r.ok).toBe(true);
    if (r.ok) expect(Object.is(r.value, expected)).toBe(true);
  });

  it.each([
    "infinit", " 1_0", "1__0", "_1", "1.5e", "0x10", "1,5", "١", "\ufeff1", "\u001c1", ".", "+", "e5", "", "   ", "+-1",
  ])("rejects %j with float_parsing", (input) => {
    expectCode(laxFloat(input), "float_parsing");
  });

  it("accepts numbers and, in lax mode, booleans", () => {
    expectOk(laxFloat(-1.5), -1.5);
    expectOk(laxFloat(true), 1);
    expectOk(laxFloat(false), 0);
    expectCode(laxFloat(null), "float_type");
    expectCode(laxFloat([1]), "float_type");
  });

  it("strict mode accepts only numbers", () => {
    expectOk(laxFloat(2, true), 2);
    expectCode(laxFloat(true, true), "float_type");
    expectCode(laxFloat("2", true), "float_type");
  });
});

describe("scanDecimalLiteral", () => {
  it("follows the Rust / lexical decimal grammar", () => {
    for (const s of ["1", "-1.", "+.5", "1.e5", "1E-5", "007.50"]) expect(scanDecimalLiteral(s, 0, s.length)).toBe(true);
    for (const s of ["", ".", "-", "e5", "1e", "1e+", "1.5.2", " 1", "inf", "1_0"]) {
      expect(scanDecimalLiteral(s, 0, s.length)).toBe(false);
    }
  });
});
