/**
 * Structured messages with registered content schemas: validation of the content by its
 * model, pydantic-exact renderings (floats as Python floats), default format strings, and
 * the generic path for unregistered names.
 */
import { describe, expect, it } from "vitest";
import * as z from "zod/mini";
import {
  FormatStringError,
  JsonObjectSchema,
  LaxBool,
  LaxFloat,
  LaxInt,
  MessageRegistry,
  MessageRegistryError,
  MessageValidationError,
  dump,
  safeParseWith as parseWith,
  load,
  toModelMessage,
  toModelText,
  toText,
  type AnyChatMessage,
} from "../src/index.js";
import { deepFreeze, nonFiniteAsNull, orderedDiff, readJsonl, stringsIn, type FixtureRecord } from "./helpers/fixtures.js";

// The fixtures' pydantic content models, as an app would declare them (pydantic's lax rules: LaxInt, LaxFloat, …).
const WeatherReport = z.object({
  city: z.string(),
  temperature: LaxFloat,
  humidity: LaxInt,
  conditions: z.array(z.string()),
  alert: z._default(z.nullable(z.string()), null),
});
const Person = z.object({ name: z.string(), email: z._default(z.nullable(z.string()), null) });
const Ticket = z.object({
  ticket_id: LaxInt,
  title: z.string(),
  urgent: LaxBool,
  assignee: Person,
  watchers: z.array(Person),
  labels: z.record(z.string(), z.string()),
  score: LaxFloat,
});
const Measurement = z.object({
  label: z.string(),
  x: LaxFloat,
  y: LaxFloat,
  ok: LaxBool,
  note: z._default(z.nullable(z.string()), null),
  tags: z.array(z.string()),
  extra: JsonObjectSchema,
});

const classSchemas = new Map<string, z.core.$ZodType>();
function registry(): MessageRegistry {
  const r = new MessageRegistry();
  classSchemas.set("StructuredMessage[WeatherReport]", r.registerStructuredMessage("WeatherReport", WeatherReport));
  classSchemas.set("StructuredMessage[Ticket]", r.registerStructuredMessage("Ticket", Ticket));
  classSchemas.set("StructuredMessage[Measurement]", r.registerStructuredMessage("Measurement", Measurement));
  return r;
}

/** Python floats inside `Dict[str, Any]` (Measurement.extra) are plain JSON numbers to us: SPEC §7.4. */
const hasIntegralFloatInFreeForm = (rec: FixtureRecord) => /"extra":\{[^}]*\b\d+(\.0\b|e\+)/.test(rec.dump_json as string);

function attempt(f: () => unknown): { ok: true; value: unknown } | { ok: false; error: unknown } {
  try {
    return { ok: true, value: f() };
  } catch (error) {
    return { ok: false, error };
  }
}

function checkTexts(rec: FixtureRecord, m: AnyChatMessage, reg: MessageRegistry) {
  const expected = "reload_to_text" in rec ? rec.reload_to_text : rec.to_text;
  const t = attempt(() => toText(m, { registry: reg }));
  if (rec.to_text_error) {
    expect(t.ok).toBe(false);
    expect((t as { error: FormatStringError }).error.pythonMessage).toBe(rec.to_text_error);
  } else {
    expect(t).toEqual({ ok: true, value: expected });
    expect(toModelText(m, { registry: reg })).toBe(rec.to_model_text);
  }
  expect(orderedDiff(dump(toModelMessage(m, { registry: reg })), rec.to_model_message, new Set())).toBeNull();
}

describe("registered content models render exactly as pydantic does", () => {
  const reg = registry();
  for (const rec of readJsonl("autogen/messages.jsonl")) {
    if (rec.class !== "StructuredMessage" || hasIntegralFloatInFreeForm(rec)) continue;
    it(rec.name, () => {
      const m = reg.load(deepFreeze(structuredClone(rec.dump))) as AnyChatMessage;
      expect(orderedDiff(dump(m), rec.dump, new Set())).toBeNull();
      checkTexts(rec, m, reg);
    });
  }
  it("leaves out only the records with integral floats inside free-form dicts", () => {
    const left = readJsonl("autogen/messages.jsonl").filter((r) => r.class === "StructuredMessage" && hasIntegralFloatInFreeForm(r));
    expect(left.length).toBeLessThanOrEqual(3);
  });
});

describe("registered content models validate as AutoGen's registered factory does", () => {
  const reg = registry();
  for (const rec of readJsonl("autogen/load-cases.jsonl")) {
    const via = rec.via as string;
    if (!via.startsWith("factory+structured") && !via.startsWith("class:StructuredMessage")) continue;
    // Python's json.dumps writes the non-JSON NaN / Infinity there; dump writes null, as pydantic's JSON writer does.
    const expectedDump = rec.dump_nonfinite ? JSON.parse(nonFiniteAsNull(rec.dump_json as string)) : rec.dump;
    it(`${rec.name} [${via}]`, () => {
      const payload = deepFreeze(structuredClone(rec.payload));
      // `class:StructuredMessage[X]` is `StructuredMessage[X].load(payload)`: the class schema, not the factory.
      const r = via.startsWith("class:") ? parseWith(classSchemas.get(via.slice(6))!, payload, via.slice(6)) : reg.safeLoad(payload);
      expect(r.success, r.error?.message).toBe(rec.accepted);
      if (r.success) {
        const dumped = dump(r.data) as Record<string, unknown>;
        for (const f of (rec.generated as string[] | null) ?? []) dumped[f] = "<generated>";
        expect(orderedDiff(dumped, expectedDump, stringsIn(rec.payload))).toBeNull();
        if (!(rec.generated as string[] | null)?.length) checkTexts(rec, r.data as AnyChatMessage, reg);
      } else if (rec.error_type === "ValidationError") {
        const firstLoc = (rec.errors as { loc: unknown[] }[])[0]!.loc;
        expect(r.error.issues.map((i) => JSON.stringify(i.path))).toContain(JSON.stringify(firstLoc));
      }
    });
  }
});

describe("registration", () => {
  it("refuses a duplicate content model and a custom kind named like a built-in", () => {
    const reg = registry();
    expect(() => reg.registerStructuredMessage("Ticket", Ticket)).toThrow(
      new MessageRegistryError("Message type StructuredMessage[Ticket] is already registered."),
    );
    expect(() => reg.register({ type: "TextMessage", group: "event", schema: z.any(), toText: () => "" })).toThrow(
      "Message type TextMessage is already registered.",
    );
  });

  it("applies a default format string when the payload has none", () => {
    const reg = new MessageRegistry();
    reg.registerStructuredMessage("WeatherReport", WeatherReport, { formatString: "{city}: {temperature:.1f}°" });
    const m = reg.load({ type: "StructuredMessage[WeatherReport]", source: "bot", content: { city: "Oslo", temperature: "3", humidity: 1, conditions: [] } });
    expect(m.type).toBe("StructuredMessage[WeatherReport]");
    expect(toText(m, { registry: reg })).toBe("Oslo: 3.0°");
    const explicit = reg.load({ type: "StructuredMessage[WeatherReport]", source: "b", format_string: null, content: { city: "X", temperature: 1, humidity: 1, conditions: [] } });
    expect(toText(explicit, { registry: reg })).toBe('{"city":"X","temperature":1.0,"humidity":1,"conditions":[],"alert":null}');
  });

  it("validates content with the registered model and names the path", () => {
    const reg = registry();
    const e = reg.safeLoad({ type: "StructuredMessage[Ticket]", source: "a", content: { ticket_id: "x" } });
    expect(e.success).toBe(false);
    expect(MessageValidationError.isInstance(e.error)).toBe(true);
    expect(e.error!.message).toMatch(/^Invalid StructuredMessage\[Ticket\]: content\.ticket_id: expected an integer/);
  });

  it("the default registry loads unregistered structured messages generically", () => {
    const m = load({ type: "StructuredMessage[Anything]", source: "a", content: { n: 2.5, s: "x" }, format_string: "{s}={n}" });
    expect(toText(m)).toBe("x=2.5");
    expect(() => load({ type: "StructuredMessage[Anything]", source: "a", content: "not an object" })).toThrow(
      /content: expected an object, got string/,
    );
  });

  it("a format string from an untrusted payload reads only the content's own data", () => {
    for (const fmt of ["{__proto__}", "{constructor}", "{content.constructor}", "{s.__class__}", "{toString}"]) {
      const m = load({ type: "StructuredMessage[X]", source: "a", content: { s: "x", content: {} }, format_string: fmt });
      expect(() => toText(m)).toThrow(FormatStringError);
    }
  });

  it("custom kinds load, dump and render through the registry", () => {
    const reg = new MessageRegistry();
    const ProgressEvent = z.object({ id: z.string(), source: z.string(), percent: z.number(), type: z.literal("ProgressEvent") });
    reg.register({ type: "ProgressEvent", group: "event", schema: ProgressEvent, toText: (m) => `${m.percent}%` });
    const m = reg.load({ type: "ProgressEvent", id: "1", source: "a", percent: 40, extra: true });
    expect(toText(m, { registry: reg })).toBe("40%");
    expect(() => toModelText(m as never, { registry: reg })).toThrow(/needs a chat message/);
    expect(() => load({ type: "ProgressEvent", id: "1", source: "a", percent: 40 })).toThrow(/unknown message type/);
    expect(() => reg.register({ type: "Chatty", group: "chat", schema: ProgressEvent, toText: () => "" } as never)).toThrow(
      "Chat message type Chatty needs toModelText and toModelMessage renderers.",
    );
  });
});
