/**
 * The built `agentchat-messages/state` entry, as an app gets it (ESM and CommonJS): it uses the
 * main entry's registry (shared chunks), so a structured message registered through the main
 * entry is validated inside a state loaded through the subpath.
 */
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const dist = (f: string) => join(ROOT, "dist", f);
const require = createRequire(import.meta.url);

beforeAll(() => {
  if (existsSync(dist("state/index.cjs")) && existsSync(dist("state/index.js"))) return;
  execFileSync(process.execPath, [join(ROOT, "node_modules", "tsup", "dist", "cli-default.js")], { cwd: ROOT, stdio: "pipe", timeout: 180_000 });
}, 200_000);

const doc = { type: "RoundRobinManagerState", message_thread: [{ type: "StructuredMessage[PkgWeather]", source: "bot", content: { city: 3 } }] };

describe("the built ./state entry shares the main entry's registry", () => {
  it("CommonJS", () => {
    const main = require(dist("index.cjs"));
    const state = require(dist("state/index.cjs"));
    const z = require("zod/mini");
    expect(() => state.loadState(doc)).not.toThrow(); // generic structured message
    main.defaultRegistry.registerStructuredMessage("PkgWeather", z.object({ city: z.string() }));
    expect(() => state.loadState(doc)).toThrow("message_thread[0].content.city: expected string, got number 3");
  });

  it("ESM", async () => {
    const main = await import(pathToFileURL(dist("index.js")).href);
    const state = await import(pathToFileURL(dist("state/index.js")).href);
    const z = await import("zod/mini");
    // The ESM and CommonJS builds share their registrations (README, "One set of registrations per
    // process"): after the CommonJS case, PkgWeather is already registered here too.
    if (!main.defaultRegistry.types().includes("StructuredMessage[PkgWeather]")) {
      main.defaultRegistry.registerStructuredMessage("PkgWeather", z.object({ city: z.string() }));
    }
    const e = (() => {
      try {
        state.loadState(doc);
      } catch (err) {
        return err;
      }
    })();
    expect(main.MessageValidationError.isInstance(e)).toBe(true);
    expect(e).toBeInstanceOf(main.MessageValidationError);
  });
});
