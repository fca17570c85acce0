/**
 * The compiled fast loading path (src/fast/compile.ts) against zod: for every payload zod
 * accepts, the fast path either declines or returns a value deep-equal and key-order-equal
 * to zod's; for every payload zod rejects, the fast path declines.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import * as z from "zod/mini";
import { DECLINE, fastParser } from "../src/fast/compile.js";
import { JsonObjectSchema, LaxBool, LaxFloat, LaxInt, MessageRegistry, baseMessageFields, messageType } from "../src/index.js";
import * as lib from "../src/index.js";
import { LLM_KINDS } from "../src/kinds.js";
import { readJsonl } from "./helpers/fixtures.js";
import { keyOrder, masked } from "./helpers/values.js";

const Person = z.object({ name: z.string(), email: z._default(z.nullable(z.string()), null) });
const registry = new MessageRegistry();
registry.registerStructuredMessage(
  "WeatherReport",
  z.object({ city: z.string(), temperature: LaxFloat, humidity: LaxInt, conditions: z.array(z.string()), alert: z._default(z.nullable(z.string()), null) }),
);
registry.registerStructuredMessage(
  "Ticket",
  z.object({ ticket_id: LaxInt, title: z.string(), urgent: LaxBool, assignee: Person, watchers: z.array(Person), labels: z.record(z.string(), z.string()), score: LaxFloat }),
);
registry.registerStructuredMessage(
  "Measurement",
  z.object({ label: z.string(), x: LaxFloat, y: LaxFloat, ok: LaxBool, note: z._default(z.nullable(z.string()), null), tags: z.array(z.string()), extra: JsonObjectSchema }),
);

const stats = { accepted: 0, declined: 0, rejected: 0 };

/** Compares the two paths on one payload; returns whether the fast path accepted it. */
function compare(schema: z.core.$ZodType, payload: unknown): boolean {
  const zod = z.safeParse(schema, payload);
  const fast = fastParser(schema);
  const got = fast === null ? DECLINE : fast(payload);
  if (!zod.success) {
    stats.rejected++;
    expect(got).toBe(DECLINE);
    return false;
  }
  if (got === DECLINE) {
    stats.declined++;
    return false;
  }
  stats.accepted++;
  const a = masked(got, payload);
  const b = masked(zod.data, payload);
  expect(a).toStrictEqual(b);
  expect(keyOrder(a)).toEqual(keyOrder(b));
  expect(JSON.stringify(a)).toBe(JSON.stringify(b));
  return true;
}

function schemaFor(type: unknown): z.core.$ZodType | undefined {
  if (typeof type !== "string") return undefined;
  return registry.kind(type)?.schema ?? LLM_KINDS.get(type);
}

describe("fast path vs zod", () => {
  it("load-cases.jsonl: same result for accepted payloads, declines rejected ones", () => {
    for (const rec of readJsonl("autogen/load-cases.jsonl")) {
      const via = rec.via as string;
      const type = via.startsWith("class:") ? via.slice("class:".length) : (rec.payload as { type?: unknown } | null)?.type;
      const schema = schemaFor(type);
      if (schema) compare(schema, rec.payload);
    }
  });

  it("llm-messages.jsonl: model-client types", () => {
    for (const rec of readJsonl("autogen/llm-messages.jsonl")) {
      // Targets are the exported schemas: LLMMessage, the model-client messages, core value types.
      const schema = (lib as unknown as Record<string, unknown>)[rec.target as string];
      expect(schema instanceof z.core.$ZodType).toBe(true);
      compare(schema as z.core.$ZodType, rec.payload);
    }
  });

  it("messages.jsonl: every dump AutoGen wrote is accepted by the fast path, as zod does", () => {
    for (const rec of readJsonl("autogen/messages.jsonl")) {
      const dumped = rec.dump as { type?: unknown } | undefined;
      const schema = schemaFor(dumped?.type);
      if (!schema) continue;
      const accepted = compare(schema, dumped);
      // Built-in kinds must take the fast path (records/refinements in content models may not).
      if (registry.kind(dumped!.type as string)?.schema && !String(dumped!.type).startsWith("StructuredMessage[")) expect(accepted).toBe(true);
    }
  });

  it("the 10k transcript: every message takes the fast path with zod's result", () => {
    const payloads = JSON.parse(readFileSync(new URL("../bench/data/transcript-10k.json", import.meta.url), "utf8")) as { type: string }[];
    for (const p of payloads) expect(compare(schemaFor(p.type)!, p)).toBe(true);
  });

  it("declines what it does not model, and the registry still answers through zod", () => {
    const Refined = z.object({ ...baseMessageFields, content: z.string().check(z.minLength(3)), type: messageType("Refined") });
    expect(fastParser(Refined)).toBeNull();
    const r = new MessageRegistry().register({ type: "Refined", group: "event", schema: Refined, toText: (m) => m.content });
    expect(r.safeLoad({ type: "Refined", source: "a", content: "ab" }).success).toBe(false);
    expect(r.safeLoad({ type: "Refined", source: "a", content: "abc" }).success).toBe(true);
    // __proto__ in free-form JSON stays data; getters that throw go to zod.
    const tm = schemaFor("TextMessage")!;
    compare(tm, JSON.parse('{"type":"TextMessage","source":"a","content":"x","metadata":{"__proto__":"p"}}'));
    const hostile = { type: "TextMessage", source: "a", get content(): string { throw new Error("boom"); } };
    expect(registry.safeLoad(hostile).success).toBe(false);
    expect(stats.accepted).toBeGreaterThan(10000);
    expect(stats.rejected).toBeGreaterThan(100);
  });
});
