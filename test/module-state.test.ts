/**
 * Module-level state (issue 19.1's audit): the registries are process-wide
 * (src/process-wide.ts; the ESM + CommonJS case runs in test/package/registry.test.ts), and the
 * per-call state some hot paths keep in module variables survives a call re-entering itself.
 */
import { execFileSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { pyFormat } from "../src/python/format.js";
import * as z from "zod/mini";
import { MessageRegistry, defaultRegistry } from "../src/registry.js";
import { baseMessageFields, messageType } from "../src/schemas/base.js";
import { LIBRARY_VERSION, processWide, processWideKey } from "../src/process-wide.js";
import { ensureBuilt, ROOT } from "./helpers/dist.js";

describe("processWide", () => {
  it("creates an instance once per name and keeps it on globalThis under a versioned Symbol.for key", () => {
    let created = 0;
    const a = processWide("test/counter", () => ({ n: ++created }));
    const b = processWide("test/counter", () => ({ n: ++created }));
    expect(a).toBe(b);
    expect(created).toBe(1);
    const key = Symbol.for(`agentchat-messages@${LIBRARY_VERSION}/test/counter`);
    expect(processWideKey("test/counter")).toBe(key);
    expect((globalThis as Record<symbol, unknown>)[key]).toBe(a);
    // Run from the sources, the version is "dev": a built copy (named by its version) never shares with it.
    expect(LIBRARY_VERSION).toBe("dev");
  });

  it("holds the default registry's registrations, which app code cannot replace", () => {
    const key = processWideKey("registrations");
    const registrations = (globalThis as Record<symbol, { kinds: Map<string, unknown> }>)[key]!;
    defaultRegistry.register({
      type: "ModuleStateProbeEvent",
      group: "event",
      schema: z.object({ ...baseMessageFields, type: messageType("ModuleStateProbeEvent") }),
      toText: () => "",
    });
    expect(registrations.kinds.has("ModuleStateProbeEvent")).toBe(true);
    expect(new MessageRegistry().kind("ModuleStateProbeEvent")).toBeUndefined(); // a registry of one's own stays apart
    expect(() => {
      (globalThis as Record<symbol, unknown>)[key] = {};
    }).toThrow(TypeError);
    expect(Object.keys(globalThis).some((k) => k.includes("agentchat"))).toBe(false); // no enumerable global
  });

  it("with a global that takes no new property, each copy keeps its own registry and still works", () => {
    ensureBuilt();
    // zod keeps its own config on globalThis: load it first.
    const code = `await import("zod/mini");
      Object.preventExtensions(globalThis);
      const m = await import("agentchat-messages");
      process.stdout.write(JSON.stringify([m.load({ type: "TextMessage", source: "a", content: "hi" }).content, m.defaultRegistry.types().length]));`;
    const out = execFileSync(process.execPath, ["--input-type=module", "-e", code], { cwd: ROOT, encoding: "utf8" });
    expect(JSON.parse(out)).toEqual(["hi", new MessageRegistry().types().length]);
  });
});

describe("pyFormat's per-call state", () => {
  it("survives a Proxy among the values that calls pyFormat while the outer call runs", () => {
    const reentrant = new Proxy(
      { x: 1 },
      {
        getOwnPropertyDescriptor(target, key) {
          expect(pyFormat("{z!r}", { z: "inner" })).toBe("'inner'");
          return Reflect.getOwnPropertyDescriptor(target, key);
        },
      },
    );
    expect(pyFormat("{a[x]} {b:>3}", { a: reentrant, b: "B" })).toBe("1   B");
  });
});
