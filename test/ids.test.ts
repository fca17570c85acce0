/**
 * Message ids: ULIDs from the `ulid` package's monotonic factory by default, an app's own
 * generator when installed. Expectations come from the ULID spec (26 characters of Crockford's
 * base 32, the first 10 the millisecond time), not from the generator.
 */
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { fileURLToPath, pathToFileURL } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { createMessage, load, newMessageId, resetIdGenerator, setIdGenerator } from "../src/index.js";

const CROCKFORD = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
const ULID = /^[0-7][0-9A-HJKMNP-TV-Z]{25}$/;

/** The millisecond time a ULID's first 10 characters encode. */
function ulidTime(id: string): number {
  let t = 0;
  for (const ch of id.slice(0, 10)) t = t * 32 + CROCKFORD.indexOf(ch);
  return t;
}

afterEach(() => resetIdGenerator());

describe("default ids are monotonic ULIDs", () => {
  it("have the ULID format: 26 Crockford base-32 characters, time first", () => {
    const before = Date.now();
    const id = newMessageId();
    const after = Date.now();
    expect(id).toMatch(ULID);
    expect(ulidTime(id)).toBeGreaterThanOrEqual(before);
    expect(ulidTime(id)).toBeLessThanOrEqual(after);
  });

  it("sort in creation order over 10,000 ids made in a tight loop (many in the same millisecond)", () => {
    const ids: string[] = [];
    for (let i = 0; i < 10_000; i++) ids.push(newMessageId());
    for (const id of ids) expect(id).toMatch(ULID);
    expect(new Set(ids).size).toBe(ids.length);
    // String order is creation order: no pair out of place.
    const outOfOrder = ids.findIndex((id, i) => i > 0 && !(ids[i - 1]! < id));
    expect(outOfOrder).toBe(-1);
    // The loop is faster than 10,000 ms, so some ids share a millisecond: the order held there too.
    const times = ids.map(ulidTime);
    expect(new Set(times).size).toBeLessThan(ids.length);
    expect(times.every((t, i) => i === 0 || t >= times[i - 1]!)).toBe(true);
  });

  it("fill the id of loaded and created messages", () => {
    expect(load({ type: "TextMessage", source: "a", content: "x" }).id).toMatch(ULID);
    expect(createMessage("TextMessage", { source: "a", content: "x" }).id).toMatch(ULID);
  });

  it("keep an id the payload has", () => {
    expect(load({ type: "TextMessage", source: "a", content: "x", id: "given" }).id).toBe("given");
  });
});

describe("an app's own generator", () => {
  const UUID4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

  it("is used by newMessageId, load and createMessage once installed (uuid4, as Python writes ids)", () => {
    setIdGenerator(() => crypto.randomUUID());
    expect(newMessageId()).toMatch(UUID4);
    expect(load({ type: "TextMessage", source: "a", content: "x" }).id).toMatch(UUID4);
    expect(createMessage("TextMessage", { source: "a", content: "x" }).id).toMatch(UUID4);
  });

  it("is called once per new id", () => {
    let n = 0;
    setIdGenerator(() => `id-${++n}`);
    expect([newMessageId(), newMessageId(), load({ type: "TextMessage", source: "a", content: "x" }).id]).toEqual(["id-1", "id-2", "id-3"]);
  });

  it("is replaced by a later setIdGenerator", () => {
    setIdGenerator(() => "first");
    setIdGenerator(() => "second");
    expect(newMessageId()).toBe("second");
  });

  it("gives way to ULIDs again after resetIdGenerator, still after the ULIDs made before", () => {
    const earlier = newMessageId();
    setIdGenerator(() => "custom");
    expect(newMessageId()).toBe("custom");
    resetIdGenerator();
    const later = newMessageId();
    expect(later).toMatch(ULID);
    expect(earlier < later).toBe(true);
  });

  it("must be a function", () => {
    expect(() => setIdGenerator("uuid" as never)).toThrow(new TypeError("setIdGenerator expects a function, got string"));
    expect(newMessageId()).toMatch(ULID); // the failed call installed nothing
  });

  it("must return a string: anything else is a TypeError, not a message with a non-string id", () => {
    setIdGenerator(() => 42 as never);
    expect(() => newMessageId()).toThrow(new TypeError("the id generator given to setIdGenerator returned number, not a string"));
    // load's contract holds: only MessageValidationError leaves it, naming the cause.
    expect(() => load({ type: "TextMessage", source: "a", content: "x" })).toThrow(
      expect.objectContaining({ name: "MessageValidationError", message: expect.stringContaining("returned number, not a string") }),
    );
    setIdGenerator(() => null as never);
    expect(() => newMessageId()).toThrow(/returned null, not a string/);
  });
});

describe("the ulid dependency runs in browsers and edge workers", () => {
  it("resolves, outside Node, to a build that imports nothing and draws from crypto.getRandomValues", () => {
    const pkg = JSON.parse(readFileSync(new URL("../node_modules/ulid/package.json", import.meta.url), "utf8"));
    // What a browser or edge bundler picks: the "default" condition of ".", its ESM file.
    const file = pkg.exports["."].default.default as string;
    const code = readFileSync(new URL(`../node_modules/ulid/${file}`, import.meta.url), "utf8");
    expect(code).not.toMatch(/^\s*import\b|\brequire\s*\(|node:/m);
    expect(code).toContain("getRandomValues");
  });
});

describe("one generator per process, whichever entry point installs it", () => {
  const ROOT = fileURLToPath(new URL("../", import.meta.url));
  /** The built package (`npm run build`; built here with tsup when missing, as test/browser.test.ts does). */
  function requireDist(): NodeRequire {
    if (!existsSync(`${ROOT}dist/contracts/index.cjs`)) {
      execFileSync(process.execPath, [`${ROOT}node_modules/tsup/dist/cli-default.js`], { cwd: ROOT, stdio: "pipe", timeout: 120_000 });
    }
    return createRequire(`${ROOT}package.json`);
  }

  it("CommonJS: a generator installed through the main entry fills the ids a subpath's schemas make", () => {
    const req = requireDist();
    const main = req(`${ROOT}dist/index.cjs`);
    const contracts = req(`${ROOT}dist/contracts/index.cjs`);
    try {
      main.setIdGenerator(() => "from-main-entry");
      const result = contracts.TaskResult.parse({ messages: [{ type: "TextMessage", source: "a", content: "x" }], stop_reason: null });
      expect(result.messages[0].id).toBe("from-main-entry");
    } finally {
      main.resetIdGenerator();
    }
    expect(contracts.TaskResult.parse({ messages: [{ type: "TextMessage", source: "a", content: "x" }] }).messages[0].id).toMatch(ULID);
  });

  it("ESM: the same through dist/index.js and dist/contracts/index.js", async () => {
    requireDist();
    const main = await import(pathToFileURL(`${ROOT}dist/index.js`).href);
    const contracts = await import(pathToFileURL(`${ROOT}dist/contracts/index.js`).href);
    try {
      main.setIdGenerator(() => "from-main-entry");
      const result = contracts.TaskResult.parse({ messages: [{ type: "TextMessage", source: "a", content: "x" }] });
      expect(result.messages[0].id).toBe("from-main-entry");
    } finally {
      main.resetIdGenerator();
    }
  });
});
