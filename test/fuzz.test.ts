/**
 * Fuzzing `load` / `safeLoad`: arbitrary JSON and JS values, payloads shaped like each kind
 * (fields from the schemas, values from anywhere), and mutations of every golden fixture
 * payload. The loader returns a message or throws a `MessageValidationError`, never anything
 * else; what it returns dumps and reloads to itself and renders.
 *
 * `FUZZ_RUNS` sets the number of runs per property (default 300; `npm run fuzz` uses 20000).
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import * as z from "zod/mini";
import {
  FormatStringError,
  MessageRegistryError,
  MessageValidationError,
  dump,
  isChatMessage,
  load,
  safeLoad,
  toModelMessage,
  toModelText,
  toText,
  type AnyChatMessage,
} from "../src/index.js";
import { AgentScopeError, formatAnthropic, formatGemini, formatOpenAI, msgToDict, toAgentScope } from "../src/agentscope/index.js";
import { ConsoleRenderer } from "../src/console/index.js";
import { AISDKConversionError, toModelMessages } from "../src/providers/ai-sdk/index.js";
import { AnthropicConversionError, toAnthropicMessages } from "../src/providers/anthropic/index.js";
import { GeminiConversionError, toGeminiContents } from "../src/providers/gemini/index.js";
import { OpenAIConversionError, toOpenAIMessages } from "../src/providers/openai/index.js";
import { readMessages } from "../src/stream/index.js";
import { main } from "../src/cli/run.js";
import { toModelContext } from "../src/context/index.js";
import { renderHtml } from "../src/html/index.js";
import { ALL_KINDS, anyKey, arbitraryFor, defOf, jsonValue, objectOf } from "./helpers/arbitraries.js";
import { difffuzzRegistry } from "./helpers/content-models.js";
import { readJsonl } from "./helpers/fixtures.js";
import { freezeAll } from "./property/contract.js";
import { mutate, mutations } from "./property/mutations.js";

const RUNS = Math.max(1, Number.parseInt(process.env.FUZZ_RUNS ?? "", 10) || 300);
const PARAMS = { numRuns: RUNS };
// 20000 runs of the mutation property take a while; in `npm test` the default keeps it to seconds.
const TIMEOUT = Math.max(30_000, RUNS * 20);

function describeThrown(e: unknown): string {
  return e instanceof Error ? `${e.name}: ${e.message}\n${e.stack ?? ""}` : String(e);
}

/** The contract: a message or a MessageValidationError; the message dumps/reloads to itself and renders. */
function checkLoad(payload: unknown): void {
  let message: unknown;
  let threw = false;
  try {
    message = load(payload);
  } catch (e) {
    threw = true;
    if (!MessageValidationError.isInstance(e)) throw new Error(`load threw something else than MessageValidationError: ${describeThrown(e)}`);
    expect(e.issues.length).toBeGreaterThan(0);
    expect(typeof e.message).toBe("string");
  }
  let result: ReturnType<typeof safeLoad>;
  try {
    result = safeLoad(payload);
  } catch (e) {
    throw new Error(`safeLoad threw: ${describeThrown(e)}`);
  }
  expect(result.success).toBe(!threw);
  if (!result.success) {
    expect(MessageValidationError.isInstance(result.error)).toBe(true);
    return;
  }
  const m = message as { type: string; format_string?: unknown };
  expect(typeof m.type).toBe("string");
  expect(Object.getPrototypeOf(m)).toBe(Object.prototype);
  // What load accepted is a valid message: it dumps to JSON text and reloads to the same JSON.
  const text = JSON.stringify(dump(m));
  expect(JSON.stringify(dump(load(JSON.parse(text))))).toBe(text);
  try {
    expect(typeof toText(m)).toBe("string");
  } catch (e) {
    // Only a structured message's own format string may fail, as in Python.
    if (!(e instanceof FormatStringError && typeof m.format_string === "string")) throw e;
  }
}

/** Values of any JS shape (JSON-ish: no functions, symbols or class instances beyond the basics). */
const anything = fc.anything({
  maxDepth: 4,
  withNullPrototype: true,
  withObjectString: true,
  withBoxedValues: true,
  withSparseArray: true,
  withBigInt: true,
  withDate: true,
  withMap: true,
  withSet: true,
  withTypedArray: true,
});

describe("load on arbitrary values", () => {
  it("JSON values", () => {
    fc.assert(fc.property(fc.jsonValue(), checkLoad), PARAMS);
  }, TIMEOUT);

  it("JS values of any shape", () => {
    fc.assert(fc.property(anything, checkLoad), PARAMS);
  }, TIMEOUT);

  it("JSON-ish values with a known `type`", () => {
    const types = ALL_KINDS.filter((k) => k.group !== "llm").map((k) => k.name.replace("*", "Anything"));
    fc.assert(
      fc.property(fc.constantFrom(...types), fc.dictionary(anyKey, fc.oneof(jsonValue, anything), { maxKeys: 6, noNullPrototype: true }), (type, rest) => {
        const payload = objectOf([...Object.entries(rest), ["type", type]]);
        checkLoad(payload);
      }),
      PARAMS,
    );
  }, TIMEOUT);
});

describe("load on payloads shaped like each kind", () => {
  for (const kind of ALL_KINDS.filter((k) => k.group !== "llm")) {
    const shape = (defOf(kind.schema).shape ?? {}) as Record<string, z.core.$ZodType>;
    it(kind.name, () => {
      // Each field: a valid value, any JSON value, any JS value, or missing.
      const fields = Object.keys(shape).map((key) =>
        fc.oneof(
          { weight: 3, arbitrary: key === "type" ? kind.arbitrary.map((m) => m.type) : arbitraryFor(shape[key]!) },
          { weight: 1, arbitrary: jsonValue },
          { weight: 1, arbitrary: anything },
          { weight: 1, arbitrary: fc.constant(undefined) },
        ).map((v) => [key, v] as const),
      );
      fc.assert(
        fc.property(fc.tuple(...fields), (entries) => checkLoad(objectOf(entries.filter(([, v]) => v !== undefined)))),
        PARAMS,
      );
    }, TIMEOUT);
  }
});

// ---------------------------------------------------------------------------------------
// Mutations of the golden payloads.

const PAYLOADS: unknown[] = [
  ...readJsonl("autogen/load-cases.jsonl").map((r) => r.payload),
  ...readJsonl("autogen/messages.jsonl").map((r) => r.dump),
].filter((p) => p !== undefined);

/** Mutations with any JS value in a replaced place, nesting up to 5,000 and strings up to 1,000,000 characters (test/property/mutations.ts). */
const mutation = mutations({ values: fc.oneof(jsonValue, anything), maxNest: 5000, maxLength: 1_000_000 });

function jsonText(v: unknown): string | undefined {
  try {
    return JSON.stringify(v);
  } catch {
    return undefined; // BigInt, or nesting deeper than JSON.stringify's stack
  }
}

describe("load on mutated golden payloads", () => {
  it(`mutates each of the ${PAYLOADS.length} fixture payloads`, () => {
    expect(PAYLOADS.length).toBeGreaterThan(500);
    const before = Object.getOwnPropertyNames(Object.prototype).join();
    fc.assert(
      fc.property(fc.nat({ max: PAYLOADS.length - 1 }), fc.array(mutation, { minLength: 1, maxLength: 4 }), (index, ms) => {
        let payload: unknown = structuredClone(PAYLOADS[index]);
        for (const m of ms) payload = mutate(payload, m);
        checkLoad(payload);
        // And as JSON text, parsed back (JSON.parse makes `__proto__` an own data key too), when
        // the test's own JSON.stringify can write it (very deep nesting exhausts its stack).
        const text = jsonText(payload);
        if (text !== undefined) checkLoad(JSON.parse(text));
      }),
      { numRuns: Math.max(RUNS, PAYLOADS.length) },
    );
    expect(Object.getOwnPropertyNames(Object.prototype).join()).toBe(before);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  }, TIMEOUT * 3);

  it("loads every unmutated payload within the contract", () => {
    for (const p of PAYLOADS) checkLoad(structuredClone(p));
  });
});

// ---------------------------------------------------------------------------------------
// Every writer, on whatever load accepts (issue 22: no foreign exception anywhere).

/** The errors the library documents; anything else escaping a writer is a bug. */
const LIBRARY_ERRORS = [
  MessageValidationError,
  FormatStringError,
  MessageRegistryError,
  OpenAIConversionError,
  AnthropicConversionError,
  GeminiConversionError,
  AISDKConversionError,
  AgentScopeError,
] as const;

/** Runs a writer; a library error is fine (the writer refused the input), anything else is not. */
function guard<T>(what: string, f: () => T): T | undefined {
  try {
    return f();
  } catch (e) {
    if (LIBRARY_ERRORS.some((E) => e instanceof E)) return undefined;
    throw new Error(`${what} threw something other than a library error: ${describeThrown(e)}`);
  }
}

// The fixtures' content models (test/fixtures/autogen-difffuzz/README.md), so registered structured
// content with float fields goes through the writers too.
const registry = difffuzzRegistry();

/** Whether a value holds NaN or ±Infinity anywhere. */
function nonFiniteIn(v: unknown): boolean {
  if (typeof v === "number") return !Number.isFinite(v);
  return v !== null && typeof v === "object" && Object.values(v).some(nonFiniteIn);
}

/** Dumps of accepted payloads, for the stream and CLI checks below. */
const accepted: unknown[] = [];

/** Loads a payload and runs every writer on the result. */
function checkWriters(payload: unknown): void {
  const before = jsonText(payload);
  // Never mutated: frozen (a write throws, which `guard` reports), and its JSON text unchanged. A
  // value nested thousands deep is at the edge of JSON.stringify's stack, which may write it one
  // time and not the next: the text is compared when both writes succeed, the freeze holds always.
  freezeAll(payload);
  const r = guard("load", () => registry.safeLoad(payload));
  const after = jsonText(payload);
  if (before !== undefined && after !== undefined) expect(after).toBe(before);
  if (!r || !r.success) return;
  const m = r.data;
  const dumped = guard("dump", () => dump(m));
  if (dumped === undefined) throw new Error("dump refused a loaded message");
  expect(nonFiniteIn(dumped)).toBe(false); // JSON data for any serializer: non-finite floats are null
  const text = JSON.stringify(dumped);
  expect(JSON.stringify(JSON.parse(text))).toBe(text);
  if (accepted.length < 400) accepted.push(dumped);
  guard("toText", () => toText(m, { registry }));
  guard("toText (iterm)", () => toText(m, { registry, iterm: true }));
  guard("Console", () => new ConsoleRenderer().write(m));
  guard("HTML", () => renderHtml([m], { registry }));
  const source = (m as { source?: unknown }).source;
  if (typeof source === "string" && source) guard("toModelContext", () => JSON.stringify(toModelContext([m], { agent: source, registry })));
  const msg = guard("toAgentScope", () => toAgentScope(m));
  if (msg) {
    guard("msgToDict", () => JSON.stringify(msgToDict(msg)));
    guard("AgentScope formatOpenAI", () => formatOpenAI([msg]));
    guard("AgentScope formatAnthropic", () => formatAnthropic([msg]));
    guard("AgentScope formatGemini", () => formatGemini([msg]));
  }
  if (!isChatMessage(m)) return;
  guard("toModelText", () => toModelText(m as AnyChatMessage, { registry }));
  const um = guard("toModelMessage", () => toModelMessage(m as AnyChatMessage, { registry }));
  if (!um) return;
  guard("toOpenAIMessages", () => JSON.stringify(toOpenAIMessages([um], { model: "gpt-4o" })));
  guard("toAnthropicMessages", () => JSON.stringify(toAnthropicMessages([um], { model: "claude-sonnet-4-20250514" })));
  guard("toGeminiContents", () => JSON.stringify(toGeminiContents([um])));
  guard("AI SDK toModelMessages", () => JSON.stringify(toModelMessages([um])));
}

const FINDINGS = readJsonl("autogen-difffuzz/findings.jsonl").map((r) => JSON.parse(r.payload_text as string) as unknown);

describe("every writer on mutated payloads", () => {
  it(`load → dump → toText → toModelText → toModelMessage → providers, AgentScope, Console: only library errors`, () => {
    const sources = [...PAYLOADS, ...FINDINGS];
    fc.assert(
      fc.property(fc.nat({ max: sources.length - 1 }), fc.array(mutation, { minLength: 1, maxLength: 3 }), (index, ms) => {
        let payload: unknown = structuredClone(sources[index]);
        for (const m of ms) payload = mutate(payload, m);
        checkWriters(payload);
        const text = jsonText(payload);
        if (text !== undefined) checkWriters(JSON.parse(text));
      }),
      PARAMS,
    );
  }, TIMEOUT * 3);

  it("the findings' payloads themselves", () => {
    for (const p of FINDINGS) checkWriters(structuredClone(p));
  });

  describe("the stream reader and the CLI on what was accepted", () => {
    const dir = mkdtempSync(join(tmpdir(), "agentchat-fuzz-"));
    afterAll(() => rmSync(dir, { recursive: true, force: true }));
    const io = { out: async () => {}, err: async () => {}, stderrIsTTY: false };

    it("reads every line back and converts or renders without throwing", async () => {
      expect(accepted.length).toBeGreaterThan(50);
      const file = join(dir, "accepted.jsonl");
      writeFileSync(file, accepted.map((d) => JSON.stringify(d)).join("\n") + "\n");
      const chunks = (async function* () {
        yield accepted.map((d) => JSON.stringify(d)).join("\n") + "\n";
      })();
      let lines = 0;
      for await (const item of readMessages(chunks, { registry })) {
        lines++;
        if (!item.ok) expect(MessageValidationError.isInstance(item.error)).toBe(true);
      }
      expect(lines).toBe(accepted.length);
      // The commands report what they cannot handle and exit 0 or 1: none throws.
      for (const args of [
        ["validate"],
        ["validate", "--format", "json"],
        ["stats"],
        ["render", "--stats"],
        ["convert", "--to", "agentscope"],
        ["convert", "--to", "openai"],
        ["convert", "--to", "anthropic"],
        ["convert", "--to", "gemini"],
        ["convert", "--to", "ai-sdk"],
      ]) {
        expect([0, 1]).toContain(await main([...args, file], io));
      }
    }, 60_000);
  });
});
