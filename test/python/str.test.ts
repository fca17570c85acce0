/**
 * Python `str` semantics (src/python/str.ts): `len`, and the whitespace set of `isspace`,
 * `strip`, `rstrip`, checked against CPython's answers in cpython.json (record-cpython.py).
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { codePointLength, isPySpaceCode, PY_SPACE_CLASS, pyIsSpace, pyRstrip, pyStrip } from "../../src/python/str.js";

describe("codePointLength", () => {
  it("counts a surrogate pair once and a lone surrogate once", () => {
    expect(codePointLength("")).toBe(0);
    expect(codePointLength("héllo")).toBe(5);
    expect(codePointLength("a\u{1F600}b")).toBe(3);
    expect(codePointLength("\ud800")).toBe(1);
    expect(codePointLength("\udc00\ud800")).toBe(2);
    expect(codePointLength("\ud800\ud800\udc00")).toBe(2);
    expect(codePointLength("\u{1F600}".repeat(1000))).toBe(1000);
  });
});

interface StrRecord {
  python: string;
  str: { isspace: number[]; strip: Array<[input: string, strip: string, rstrip: string, isspace: boolean, len: number]> };
}
const cpython: StrRecord = JSON.parse(readFileSync(new URL("./cpython.json", import.meta.url), "utf8"));

describe(`Python's whitespace set (CPython ${cpython.python}, every BMP code point)`, () => {
  const spaces = new Set(cpython.str.isspace);

  it("isPySpaceCode agrees with chr(c).isspace() on all 65,536 code units", () => {
    const wrong: number[] = [];
    for (let c = 0; c < 0x10000; c++) if (isPySpaceCode(c) !== spaces.has(c)) wrong.push(c);
    expect(wrong).toEqual([]);
  });

  it("PY_SPACE_CLASS, as a regex class, matches the same set", () => {
    const re = new RegExp(`^[${PY_SPACE_CLASS}]$`, "u");
    const wrong: number[] = [];
    for (let c = 0; c < 0x10000; c++) if (re.test(String.fromCharCode(c)) !== spaces.has(c)) wrong.push(c);
    expect(wrong).toEqual([]);
  });

  it.each(cpython.str.strip.map((r) => [JSON.stringify(r[0]), r] as const))("strip, rstrip, isspace, len of %s", (_, r) => {
    const [input, strip, rstrip, isspace, len] = r;
    expect([pyStrip(input), pyRstrip(input), pyIsSpace(input), codePointLength(input)]).toEqual([strip, rstrip, isspace, len]);
  });
});

describe("regexes in src/ that spell Python's whitespace use PY_SPACE_CLASS exactly", () => {
  it("every character class with \\x1c (Python counts U+001C–U+001F as space; JavaScript and Rust do not) is [PY_SPACE_CLASS]", () => {
    const src = fileURLToPath(new URL("../../src/", import.meta.url));
    const classes: string[] = [];
    for (const entry of readdirSync(src, { recursive: true, withFileTypes: true })) {
      if (!entry.isFile() || !entry.name.endsWith(".ts")) continue;
      const code = readFileSync(join(entry.parentPath, entry.name), "utf8");
      // Character classes in regex literals: `[` … `]` holding the escape \x1c.
      for (const m of code.matchAll(/\[(?:[^\]\\\n]|\\.)*\\x1c(?:[^\]\\\n]|\\.)*\]/g)) classes.push(`${entry.name}: ${m[0]}`);
    }
    expect(classes.length).toBeGreaterThan(0); // the Anthropic fence regex at least
    expect(classes.filter((c) => !c.endsWith(`: [${PY_SPACE_CLASS}]`))).toEqual([]);
  });
});
