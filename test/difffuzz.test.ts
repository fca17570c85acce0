/**
 * The disagreements differential fuzzing against real AutoGen 0.7.5 found
 * (test/fixtures/autogen-difffuzz/findings.jsonl, see its README): per class, a minimal example and
 * random ones, with what AutoGen did. Each must now behave as AutoGen did: accepted with AutoGen's
 * dump (a non-finite float written `null`, as pydantic's JSON writer writes it: Python's
 * `json.dumps` writes the non-JSON `Infinity` there) and AutoGen's texts, or rejected with a
 * `MessageValidationError` where AutoGen raised (even where AutoGen's exception was a crash rather
 * than a validation error: README difference 5). A case the library deliberately handles
 * differently is declared in test/fixtures/deviations.json with its README difference.
 */
import { describe, expect, it } from "vitest";
import * as z from "zod/mini";
import {
  LLMMessage,
  MessageValidationError,
  dump,
  dumpAs,
  safeParseWith,
  toModelMessage,
  toModelText,
  toText,
  type AnyChatMessage,
} from "../src/index.js";
import * as lib from "../src/index.js";
import { difffuzzRegistry } from "./helpers/content-models.js";
import { deepFreeze, nonFiniteAsNull, orderedDiff, readJson, readJsonl, stringsIn } from "./helpers/fixtures.js";

interface Finding {
  class: string;
  example: "minimal" | "random";
  kind: "message" | "llm" | "core";
  via: string | null;
  target: string | null;
  payload_text: string;
  python: { accepted: boolean; error_type: string | null; dump_json: string | null; to_text: string | null; to_model_text: string | null };
}

// The content models registered on both sides (the fixture README's pydantic classes).
const registry = difffuzzRegistry();

/** The schema a core / model-client record was validated against. */
function schemaOf(f: Finding): z.core.$ZodType {
  if (f.kind === "llm") return LLMMessage;
  return (lib as unknown as Record<string, z.core.$ZodType>)[f.target!]!;
}

function load(f: Finding, payload: unknown) {
  return f.kind === "message" ? registry.safeLoad(payload) : safeParseWith(schemaOf(f), payload, f.target ?? "LLMMessage");
}

/** Each finding's name: its class and which example it is (`(minimal)`, `(random 3)`). */
const FINDINGS: [string, Finding][] = (() => {
  const seen = new Map<string, number>();
  return (readJsonl("autogen-difffuzz/findings.jsonl") as unknown as Finding[]).map((f) => {
    const n = f.example === "random" ? (seen.get(f.class) ?? 0) + 1 : 0;
    if (f.example === "random") seen.set(f.class, n);
    return [`${f.class} (${f.example === "minimal" ? "minimal" : `random ${n}`})`, f];
  });
})();

const DEVIATIONS = readJson<Record<string, Record<string, string>>>("deviations.json")["findings.jsonl"] ?? {};

/** Whether a loaded value holds NaN or ±Infinity anywhere. */
function hasNonFinite(v: unknown): boolean {
  if (typeof v === "number") return !Number.isFinite(v);
  return v !== null && typeof v === "object" && Object.values(v).some(hasNonFinite);
}

/** The library's dump with the fields AutoGen generated (`"<generated>"` in its dump) masked. */
function maskedDump(value: unknown, expected: Record<string, unknown>, f: Finding): unknown {
  const dumped = (f.kind === "core" ? dumpAs(schemaOf(f), value) : dump(value)) as Record<string, unknown>;
  for (const [k, v] of Object.entries(expected)) if (v === "<generated>" && typeof dumped[k] === "string") dumped[k] = "<generated>";
  return dumped;
}

describe("differential fuzzing findings behave as AutoGen 0.7.5 did", () => {
  it("has every class of the recording, each with its minimal example", () => {
    const classes = new Set(FINDINGS.map(([, f]) => f.class));
    expect(classes.size).toBe(20);
    for (const c of classes) expect(FINDINGS.some(([name]) => name === `${c} (minimal)`)).toBe(true);
  });

  for (const [name, f] of FINDINGS) {
    it(name, () => {
      const payload = deepFreeze(JSON.parse(f.payload_text));
      const r = load(f, payload);
      const deviation = DEVIATIONS[name];
      if (deviation) {
        // A documented difference: the library rejects what AutoGen accepted, with its own error.
        expect(f.python.accepted).toBe(true);
        expect(r.success).toBe(false);
        expect(MessageValidationError.isInstance(r.error)).toBe(true);
        return;
      }
      expect(r.success, r.success ? "accepted" : r.error.message).toBe(f.python.accepted);
      if (!r.success) {
        expect(MessageValidationError.isInstance(r.error)).toBe(true);
        return;
      }
      // AutoGen's dump, with pydantic's JSON spelling of non-finite floats (null).
      const expected = JSON.parse(nonFiniteAsNull(f.python.dump_json!)) as Record<string, unknown>;
      const dumped = maskedDump(r.data, expected, f);
      expect(orderedDiff(dumped, expected, stringsIn(payload))).toBeNull();
      // What dump writes is JSON any serializer writes back as valid JSON, and it reloads to itself.
      const text = JSON.stringify(dumped);
      expect(JSON.stringify(JSON.parse(text))).toBe(text);
      if (f.kind !== "message") return;
      // It reloads to itself, unless a float field held inf or nan: its null is no float to pydantic
      // either (`model_validate_json(m.model_dump_json())` fails the same way).
      const written = JSON.stringify(dump(r.data));
      const reloaded = registry.safeLoad(JSON.parse(written));
      if (reloaded.success) expect(JSON.stringify(dump(reloaded.data))).toBe(written);
      else expect(hasNonFinite(r.data), reloaded.error.message).toBe(true);
      if (f.python.to_text !== null) expect(toText(r.data, { registry })).toBe(f.python.to_text);
      if (f.python.to_model_text !== null) {
        expect(toModelText(r.data as AnyChatMessage, { registry })).toBe(f.python.to_model_text);
        expect(() => toModelMessage(r.data as AnyChatMessage, { registry })).not.toThrow();
      }
    });
  }
});
