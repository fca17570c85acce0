/**
 * `dump` compiles each object schema to generated code where `new Function` is allowed and to
 * closures otherwise (zod's `jitless`, strict CSPs, Cloudflare Workers). This file switches
 * generated code off before the library loads (vitest gives each test file its own modules) and
 * holds the closure mode to Python's dumps; test/fixtures.test.ts holds the default mode.
 */
import { describe, expect, it } from "vitest";
import * as z from "zod/mini";
import { readJsonl, skipReason } from "./helpers/fixtures.js";

z.config({ jitless: true });
const { dump, load } = await import("../src/index.js");
const { jitAllowed } = await import("../src/fast/compile.js");

describe("dump without generated code", () => {
  it("runs in closure mode here", () => {
    expect(jitAllowed()).toBe(false);
  });

  it("writes every messages.jsonl chat message and event exactly as Python does", () => {
    let checked = 0;
    for (const rec of readJsonl("autogen/messages.jsonl")) {
      // As test/fixtures.test.ts: SPEC §7 cases and declared deviations aside, float-free records byte for byte.
      if (skipReason("messages.jsonl", rec) || rec.kind === "core" || /\d\.0\b|e[-+]\d/.test(rec.dump_json as string)) continue;
      expect(JSON.stringify(dump(load(structuredClone(rec.dump)))), rec.name as string).toBe(rec.dump_json);
      checked++;
    }
    expect(checked).toBeGreaterThan(50);
  });
});

describe("dump of hand-built values (both modes take this path for a value missing keys)", () => {
  it("leaves out absent keys and copies an object found in a scalar field", () => {
    const odd = { nested: [1] };
    const out = dump({ type: "TextMessage", content: odd, source: "a" }) as Record<string, unknown>;
    expect(Object.keys(out)).toEqual(["source", "content", "type"]);
    expect(out.content).toEqual(odd);
    expect(out.content).not.toBe(odd);
  });
});
