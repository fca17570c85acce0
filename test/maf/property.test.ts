/**
 * Property tests of `agentchat-messages/maf`: `loadMaf ∘ dumpMaf` is the identity on generated
 * values (key order included), dumping is idempotent, and any JSON value, for any class, gives a
 * value or the library's `MessageValidationError` (never another exception), without touching its input.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { MessageValidationError } from "../../src/errors.js";
import { CONTENT_TYPES, dumpMaf, dumpMafJson, loadMaf, MAF_CLASSES, mafText, type MafClass, type MafValue } from "../../src/maf/index.js";
import { deepFreeze } from "../helpers/arbitraries.js";

const RUNS = { numRuns: Number(process.env.FUZZ_RUNS ?? 150) };
const TIMEOUT = 120_000; // generous: the machine is shared

const str = fc.oneof(fc.string({ maxLength: 12 }), fc.string({ unit: "binary", maxLength: 12 }), fc.constantFrom("", " ", "é", "日本語", "\u2028", "\ud800", "__proto__", "1", "10"));
const json = fc.jsonValue({ maxDepth: 2, depthSize: "xsmall" });
const key = fc.oneof(fc.string({ maxLength: 8 }), fc.constantFrom("__proto__", "0", "12", "type", "constructor"));
const dict = fc.dictionary(key, json, { maxKeys: 3 });

// A content: a known or unknown kind, some of MAF's fields with any JSON; one level of nested contents where MAF loads them.
const contentFields = (nested: fc.Arbitrary<unknown>) =>
  fc
    .record(
      {
        type: fc.oneof(fc.constantFrom(...CONTENT_TYPES), str.filter((s) => s.length > 0)),
        text: str,
        uri: str,
        media_type: fc.option(str),
        call_id: str,
        name: str,
        arguments: fc.oneof(str, dict),
        informational_only: fc.oneof(fc.boolean(), json),
        result: json,
        usage_details: fc.dictionary(fc.string({ maxLength: 8 }), fc.integer(), { maxKeys: 3 }),
        outputs: fc.oneof(fc.array(fc.oneof(nested, json), { maxLength: 2 }), dict),
        items: fc.array(nested, { maxLength: 2 }),
        function_call: fc.oneof(nested, fc.constant({})),
        status: fc.option(str),
        exit_code: fc.integer(),
        additional_properties: fc.oneof(dict, fc.constant(null), fc.array(fc.tuple(fc.string({ maxLength: 8 }), json), { maxLength: 2 })),
        annotations: fc.array(fc.record({ type: fc.constant("citation"), title: str, annotated_regions: fc.array(fc.record({ type: fc.constant("text_span"), start_index: fc.nat(), end_index: fc.nat() }), { maxLength: 1 }) }, { requiredKeys: ["type"] }), { maxLength: 2 }),
        raw_representation: json,
      },
      { requiredKeys: ["type"] },
    )
    .map((c) => c as Record<string, unknown>);
const leaf = fc.record({ type: fc.constantFrom(...CONTENT_TYPES), text: str, call_id: str, additional_properties: dict }, { requiredKeys: ["type"] });
const content = contentFields(leaf);

const message = fc.record(
  {
    type: fc.constantFrom("message", null, ""),
    role: fc.oneof(fc.constantFrom("user", "assistant", "system", "tool"), str, fc.record({ type: fc.constant("role"), value: fc.constantFrom("user", "assistant") })),
    contents: fc.oneof(fc.array(fc.oneof(content, str, fc.constant(null)), { maxLength: 3 }), fc.constant(null)),
    author_name: fc.option(str),
    message_id: fc.option(str),
    additional_properties: fc.oneof(dict, fc.constant(null)),
  },
  { requiredKeys: ["role"] },
);

const usage = fc.dictionary(fc.constantFrom("input_token_count", "output_token_count", "total_token_count", "x_cached"), fc.integer(), { maxKeys: 3 });

const responseFields = {
  response_id: str,
  created_at: str,
  finish_reason: fc.constantFrom("stop", "length", "tool_calls", "my_reason"),
  continuation_token: dict,
  raw_representation: json,
};

const agentResponse = fc.record({ messages: fc.array(message, { maxLength: 3 }), agent_id: str, usage_details: usage, additional_properties: dict, value: json, ...responseFields }, { requiredKeys: [] });
const chatResponse = fc.record({ type: fc.constant("chat_response"), messages: fc.array(message, { maxLength: 3 }), conversation_id: str, model: str, usage_details: usage, additional_properties: dict, ...responseFields }, { requiredKeys: ["type"] });
const update = (type: string) =>
  fc.record({ type: fc.constant(type), contents: fc.array(content, { maxLength: 3 }), role: fc.option(fc.constantFrom("user", "assistant")), author_name: str, message_id: str, additional_properties: fc.option(dict), ...responseFields }, { requiredKeys: ["type"] });

const session = fc.record(
  {
    type: fc.constant("session"),
    session_id: fc.oneof(str, fc.constant(null)),
    service_session_id: fc.oneof(str, fc.constant(null), dict),
    state: fc.record(
      {
        in_memory: fc.record({ messages: fc.array(fc.oneof(message.map((m) => ({ ...m, type: "message" })), dict), { maxLength: 3 }) }),
        notes: fc.oneof(json, message.map((m) => ({ ...m, type: "message" }))),
      },
      { requiredKeys: [] },
    ),
  },
  { requiredKeys: ["session_id"] },
);

const CASES: Array<[MafClass, fc.Arbitrary<unknown>]> = [
  ["Content", content],
  ["Message", message],
  ["AgentResponse", agentResponse],
  ["ChatResponse", chatResponse],
  ["AgentResponseUpdate", update("agent_response_update")],
  ["ChatResponseUpdate", update("chat_response_update")],
  ["AgentSession", session],
];

function tryLoad(input: unknown, cls?: MafClass): MafValue | null {
  try {
    return cls ? loadMaf(input, cls) : loadMaf(input);
  } catch (e) {
    if (!MessageValidationError.isInstance(e)) throw e;
    return null;
  }
}

describe("loadMaf ∘ dumpMaf is the identity", () => {
  it.each(CASES)("%s", (cls, arb) => {
    let loaded = 0;
    fc.assert(
      fc.property(arb, (input) => {
        const v = tryLoad(input, cls);
        if (v === null) return;
        loaded++;
        let out: Record<string, unknown>;
        try {
          out = dumpMaf(v);
        } catch (e) {
          // Only what MAF's own to_dict() refuses: annotations dict() cannot take.
          expect(MessageValidationError.isInstance(e) && (e as MessageValidationError).issues[0]!.code === "dump_error").toBe(true);
          return;
        }
        const again = loadMaf(out, cls);
        expect(JSON.stringify(again)).toBe(JSON.stringify(v)); // same keys, same order
        expect(again).toEqual(v);
        expect(dumpMafJson(again)).toBe(dumpMafJson(v));
        expect(JSON.stringify(dumpMaf(again))).toBe(JSON.stringify(out));
      }),
      RUNS,
    );
    expect(loaded).toBeGreaterThan(RUNS.numRuns / 4); // the generators make mostly loadable values
  }, TIMEOUT);
});

describe("any JSON value gives a value or MessageValidationError, and is never mutated", () => {
  const anyInput = fc.oneof(
    fc.jsonValue({ maxDepth: 3 }),
    ...CASES.map(([, arb]) => arb),
    // A loadable value with one key set to any JSON.
    fc.tuple(fc.oneof(...CASES.map(([, arb]) => arb)), fc.oneof(fc.constantFrom("type", "role", "contents", "messages", "state", "session_id", "additional_properties", "annotations", "items", "function_call"), fc.string()), fc.jsonValue({ maxDepth: 2 })).map(([v, k, x]) => (v !== null && typeof v === "object" ? { ...(v as object), [k]: x } : v)),
  );
  it.each([...MAF_CLASSES, undefined])("%s", (cls) => {
    fc.assert(
      fc.property(anyInput, (input) => {
        deepFreeze(input);
        const v = tryLoad(input, cls);
        if (v === null) return;
        for (const f of [() => dumpMaf(v), () => dumpMafJson(v), () => mafText(v)]) {
          try {
            f();
          } catch (e) {
            expect(MessageValidationError.isInstance(e), String(e)).toBe(true);
          }
        }
      }),
      RUNS,
    );
  }, TIMEOUT);

  it("rejects what JSON cannot hold, and nesting past 1000 levels, with the library's error", () => {
    let deep: unknown = "x";
    for (let i = 0; i < 5000; i++) deep = [deep];
    for (const bad of [{ type: "text", text: Number.NaN }, { type: "text", result: new Date(0) }, { type: "text", text: () => 1 }, { type: "text", result: deep }]) {
      expect(tryLoad(bad, "Content")).toBeNull();
    }
    expect(() => loadMaf({ role: "user", contents: [{ type: "text", text: "x", result: deep }] }, "Message")).toThrow(/contents\[0\]\.result/);
  });
});
