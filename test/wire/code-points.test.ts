/** Python's `len(str)` on JavaScript strings. */
import { describe, expect, it } from "vitest";
import { codePointLength } from "../../src/wire/code-points.js";

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
