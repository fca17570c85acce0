/**
 * Messages for zod checks in an app's own schemas: zod/mini loads no locale (its message is
 * "Invalid input" for every failed check), so the library words them as zod's English locale
 * does. The same check written with classic zod, parsed with that locale, must read the same.
 * (Importing classic zod installs the locale for every zod flavour: each parse sets it first.)
 */
import * as classic from "zod";
import * as z from "zod/mini";
import { describe, expect, it } from "vitest";
import { safeParseWith } from "../src/index.js";

const cases: [string, z.core.$ZodType, classic.ZodType, unknown][] = [
  ["string too short", z.string().check(z.minLength(3)), classic.string().min(3), "ab"],
  ["string too long", z.string().check(z.maxLength(2)), classic.string().max(2), "abc"],
  ["exact length", z.string().check(z.length(2)), classic.string().length(2), "abc"],
  ["array too short", z.array(z.number()).check(z.minLength(1)), classic.array(classic.number()).min(1), []],
  ["number too small", z.number().check(z.gte(0)), classic.number().min(0), -1],
  ["number too big (exclusive)", z.number().check(z.lt(10)), classic.number().lt(10), 10],
  ["multiple of", z.number().check(z.multipleOf(5)), classic.number().multipleOf(5), 7],
  ["prefix", z.string().check(z.startsWith("a")), classic.string().startsWith("a"), "b"],
  ["suffix", z.string().check(z.endsWith("z")), classic.string().endsWith("z"), "b"],
  ["includes", z.string().check(z.includes("x")), classic.string().includes("x"), "b"],
  ["pattern", z.string().check(z.regex(/^\d+$/)), classic.string().regex(/^\d+$/), "b"],
];

describe("messages of failed zod checks", () => {
  for (const [label, mini, withLocale, input] of cases) {
    it(label, () => {
      z.config(classic.locales.en());
      const theirs = safeParseWith(withLocale, input);
      z.config({ localeError: undefined });
      const ours = safeParseWith(mini, input);
      expect(ours.success || theirs.success).toBe(false);
      const message = ours.error!.issues[0]!.message;
      expect(message).not.toBe("Invalid input");
      expect(message).toBe(theirs.error!.issues[0]!.message);
    });
  }

  it("a message the app chose is kept", () => {
    z.config({ localeError: undefined });
    const r = safeParseWith(z.string().check(z.minLength(3, "name too short")), "ab");
    expect(r.error!.issues[0]!.message).toBe("name too short");
  });
});
