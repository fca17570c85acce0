/**
 * The fast path's two compilers (src/fast/compile.ts): generated code (where `new Function` is
 * allowed) and plain closures (zod's `jitless`, strict CSPs, Cloudflare Workers). On every
 * fixture payload and the 10k transcript both give the same answer: the same declines, and
 * accepted values equal in content and key order. test/fast-path.test.ts holds the default
 * (generated) mode against zod; this file holds the closure mode against zod as well.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import * as z from "zod/mini";
import { DECLINE, compileParser, type FastParser } from "../src/fast/compile.js";
import { LaxFloat, LaxInt, StringMap, defaultRegistry } from "../src/index.js";
import { LLM_KINDS } from "../src/kinds.js";
import { readJsonl } from "./helpers/fixtures.js";
import { keyOrder, masked } from "./helpers/values.js";

type Schema = z.core.$ZodType;
const jitCache = new WeakMap<Schema, FastParser | null>();
const plainCache = new WeakMap<Schema, FastParser | null>();

function schemaFor(type: unknown): Schema | undefined {
  if (typeof type !== "string") return undefined;
  return defaultRegistry.kind(type)?.schema ?? LLM_KINDS.get(type);
}

const counts = { accepted: 0, declined: 0 };

/** Runs both modes and zod on one payload and checks they agree. */
function agree(schema: Schema, payload: unknown): void {
  const jit = compileParser(schema, jitCache, true);
  const plain = compileParser(schema, plainCache, false);
  expect(jit === null).toBe(plain === null);
  if (!jit || !plain) return;
  const a = jit(payload);
  const b = plain(payload);
  if (a === DECLINE || b === DECLINE) {
    expect(a).toBe(b);
    counts.declined++;
    return;
  }
  counts.accepted++;
  const zod = z.safeParse(schema, payload);
  expect(zod.success).toBe(true);
  const [ma, mb, mz] = [masked(a, payload), masked(b, payload), masked(zod.data, payload)];
  expect(ma).toStrictEqual(mb);
  expect(mb).toStrictEqual(mz);
  expect(keyOrder(ma)).toEqual(keyOrder(mz));
  expect(keyOrder(mb)).toEqual(keyOrder(mz));
}

describe("fast path: generated code and closures agree", () => {
  it("on load-cases.jsonl, messages.jsonl and llm-messages.jsonl", () => {
    for (const rec of readJsonl("autogen/load-cases.jsonl")) {
      const via = rec.via as string;
      const type = via.startsWith("class:") ? via.slice("class:".length) : (rec.payload as { type?: unknown } | null)?.type;
      const schema = schemaFor(type);
      if (schema) agree(schema, rec.payload);
    }
    for (const rec of readJsonl("autogen/messages.jsonl")) {
      const dumped = rec.dump as { type?: unknown } | undefined;
      const schema = schemaFor(dumped?.type);
      if (schema) agree(schema, dumped);
    }
    for (const rec of readJsonl("autogen/llm-messages.jsonl")) {
      const schema = LLM_KINDS.get((rec.payload as { type?: string } | null)?.type ?? "");
      if (schema) agree(schema, rec.payload);
    }
    expect(counts.accepted).toBeGreaterThan(100);
    expect(counts.declined).toBeGreaterThan(100);
  });

  it("on the 10k transcript, where every message is accepted", () => {
    const payloads = JSON.parse(readFileSync(new URL("../bench/data/transcript-10k.json", import.meta.url), "utf8")) as { type: string }[];
    const before = counts.accepted;
    for (const p of payloads) agree(schemaFor(p.type)!, p);
    expect(counts.accepted - before).toBe(payloads.length);
  });

  it("with keys that need quoting in generated code, wrappers and wire fields", () => {
    const Odd = z.object({
      'a"b': z.string(),
      "back\\slash": z.nullable(z.string()),
      "line\u2028sep": z._default(z.literal("x"), "x"),
      constructor: z._default(LaxInt, 7),
      "0": z.array(z.union([z.string(), LaxFloat])),
      "kind": z.enum(["a", "b"]),
      map: z._default(StringMap, () => ({})),
    });
    const good = { 'a"b': "q", "back\\slash": null, constructor: "3", "0": ["s", 1.5, "2"], kind: "b", map: { k: "v" } };
    agree(Odd, good);
    agree(Odd, { ...good, "line\u2028sep": "x", map: {} });
    expect(compileParser(Odd, new WeakMap(), true)!(good)).toEqual({ "0": ["s", 1.5, "2"], 'a"b': "q", "back\\slash": null, "line\u2028sep": "x", constructor: 3, kind: "b", map: { k: "v" } });
    for (const bad of [{ ...good, kind: "c" }, { ...good, "0": [null] }, { ...good, constructor: 1.5 }, { ...good, map: { k: 1 } }, { ...good, "line\u2028sep": "y" }, [good], null]) {
      agree(Odd, bad);
      expect(compileParser(Odd, new WeakMap(), true)!(bad)).toBe(DECLINE);
    }
    // An empty shape: any plain object gives a fresh `{}`.
    const Empty = z.object({});
    agree(Empty, { a: 1 });
    expect(compileParser(Empty, new WeakMap(), true)!({ a: 1 })).toStrictEqual({});
    // A `__proto__` key cannot be an object-literal key: such schemas are left to zod in both modes.
    const Proto = z.object({ ["__proto__"]: z.string() });
    expect(compileParser(Proto, new WeakMap(), true)).toBeNull();
    expect(compileParser(Proto, new WeakMap(), false)).toBeNull();
  });
});
