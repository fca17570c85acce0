/**
 * `dump` compiles each object schema to generated code where `new Function` is allowed and to
 * closures otherwise (zod's `jitless`, strict CSPs, Cloudflare Workers). This file switches
 * generated code off before the library loads (vitest gives each test file its own modules) and
 * holds the closure mode to Python's dumps; test/fixtures.test.ts holds the default mode. The
 * component models too: loaded through the compiled path in closures, dumped back as AutoGen wrote them.
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

describe("component models without generated code (the compiled loading path as closures)", () => {
  it("every recorded model loads and dumps back identically, AutoGen's text included; a broken config is refused at config.<field>", async () => {
    const { dumpComponent, dumpComponentJson, loadComponent, safeLoadComponent, Component } = await import("../src/components/index.js");
    const { fastParser, DECLINE } = await import("../src/fast/compile.js");
    const { allComponents, recordedComponents } = await import("./components/helpers.js");
    const deviations = (await import("./fixtures/deviations.json", { with: { type: "json" } })).default as Record<string, Record<string, string>>;
    let texts = 0;
    let nested = 0;
    for (const r of recordedComponents()) {
      const loaded = loadComponent(structuredClone(r.dump));
      expect(JSON.stringify(dumpComponent(loaded))).toBe(JSON.stringify(r.dump));
      if (r.text !== undefined && !(r.file === "autogen-components/components.jsonl" && deviations[r.file]?.[r.name.split(" ")[0]!])) {
        expect(dumpComponentJson(loaded)).toBe(r.text);
        texts++;
      }
      for (const c of allComponents(r.dump)) {
        // The compiled path (closures here) takes them all, but the one FunctionTool whose
        // `global_imports` holds an `Alias` (fast-modes.test.ts); a copy with a config field of a wrong type it declines.
        const name = (c.config as { name?: unknown }).name;
        if (name !== "square_root_critic") expect(fastParser(Component)!(c)).not.toBe(DECLINE);
        const key = Object.keys(c.config).find((k) => typeof c.config[k] === "string");
        if (key === undefined) continue;
        const broken = { ...c, config: { ...c.config, [key]: [1] } };
        expect(fastParser(Component)!(broken)).toBe(DECLINE);
        const e = safeLoadComponent(broken);
        expect(e.success).toBe(false);
        expect(e.error!.issues[0]!.path.slice(0, 2)).toEqual(["config", key]);
        nested++;
      }
    }
    expect(texts).toBeGreaterThan(100);
    expect(nested).toBeGreaterThan(300);
  });
});
