/** Focused tests of load/dump behaviour beyond the fixture tables: errors, defaults, hostile keys, helpers. */
import { describe, expect, it } from "vitest";
import {
  AgentEvent,
  ChatMessage,
  HandoffMessage,
  MessageRegistry,
  MessageValidationError,
  ModelFamily,
  ModelInfoError,
  TextMessage,
  createMessage,
  createStructuredMessage,
  dump,
  dumpAs,
  FunctionCall,
  formatPath,
  isAgentEvent,
  isChatMessage,
  isMessageType,
  isStructuredMessage,
  load,
  safeLoad,
  upgradeLegacyMessage,
  validateModelInfo,
} from "../src/index.js";
import { thrownBy } from "./helpers/thrown.js";
import * as z from "zod/mini";

const text = { type: "TextMessage", source: "user", content: "hi" };

const errorOf = (f: () => unknown): MessageValidationError => thrownBy(f, MessageValidationError);

describe("error messages name the kind and the path", () => {
  it("reports a wrong type deep inside a list", () => {
    const e = errorOf(() =>
      load({ type: "ToolCallRequestEvent", source: "a", content: [{ id: "1", arguments: "{}", name: 5 }] }),
    );
    expect(e.message).toBe("Invalid ToolCallRequestEvent: content[0].name: expected string, got number 5");
    expect(e.type).toBe("ToolCallRequestEvent");
    expect(e.issues[0]).toEqual({ path: ["content", 0, "name"], code: "string_type", message: "expected string, got number 5" });
    expect(e).toBeInstanceOf(Error);
    expect(e.name).toBe("MessageValidationError");
  });

  it("says a required field is missing", () => {
    const e = errorOf(() => load({ type: "TextMessage", content: "x" }));
    expect(e.message).toBe("Invalid TextMessage: source: Field required");
    expect(e.issues[0]!.code).toBe("missing");
  });

  it("reports every issue, in payload order", () => {
    const e = errorOf(() => load({ type: "HandoffMessage", source: 1 }));
    expect(e.issues.map((i) => formatPath(i.path))).toEqual(["source", "content", "target"]);
    expect(e.message).toMatch(/\(and 2 more\)$/);
  });

  it("quotes metadata keys that are not identifiers", () => {
    const e = errorOf(() => load({ ...text, metadata: { "trace id": 3 } }));
    expect(e.message).toBe('Invalid TextMessage: metadata["trace id"]: expected string, got number 3');
  });

  it("explains a missing, unknown or non-string type", () => {
    expect(errorOf(() => load({ source: "a" })).message).toBe(
      "Invalid message: type: Field 'type' is required in the message data to recover the message type",
    );
    // Nothing near "FooMessage": the hint lists the types (issue 19).
    const unknown = errorOf(() => load({ type: "FooMessage" }));
    expect(unknown.issues[0]!.message).toBe('unknown message type "FooMessage"');
    expect(unknown.message).toBe(
      'Invalid message: type: unknown message type "FooMessage" (known types: TextMessage, MultiModalMessage, StopMessage, ' +
        "ToolCallSummaryMessage, HandoffMessage, ToolCallRequestEvent, ToolCallExecutionEvent, MemoryQueryEvent, UserInputRequestedEvent, " +
        "ModelClientStreamingChunkEvent, ThoughtEvent, SelectSpeakerEvent, CodeGenerationEvent, CodeExecutionEvent, SelectorEvent, " +
        "StructuredMessage[<Name>])",
    );
    expect(errorOf(() => load({ type: ["TextMessage"] })).message).toBe(
      "Invalid message: type: expected a message type name (string), got array",
    );
  });

  it("rejects non-objects without reading them", () => {
    for (const v of [null, 3, "TextMessage", [text], true, undefined]) {
      expect(errorOf(() => load(v)).issues[0]!.path).toEqual([]);
    }
  });

  it("combines the alternatives of a union", () => {
    const e = errorOf(() => load({ type: "MultiModalMessage", source: "a", content: ["x", 3] }));
    expect(e.message).toBe("Invalid MultiModalMessage: content[1]: expected string or image object, got number 3");
  });

  it("names the tag of the LLM message union", () => {
    const e = errorOf(() =>
      load({ type: "HandoffMessage", source: "a", content: "", target: "b", context: [{ type: "ToolMessage", content: "" }] }),
    );
    expect(formatPath(e.issues[0]!.path)).toBe("context[0]");
    expect(e.issues[0]!.message).toMatch(/^unknown type string "ToolMessage": expected one of "SystemMessage", /);
    expect(e.issues[0]!.code).toBe("union_tag_invalid");
  });

  it("is recognised across copies of the library by its marker", () => {
    const e = errorOf(() => load({}));
    expect(MessageValidationError.isInstance(e)).toBe(true);
    expect(MessageValidationError.isInstance(new Error("x"))).toBe(false);
    expect(MessageValidationError.isInstance({ name: "MessageValidationError" })).toBe(false);
  });

  it("safeLoad returns the error instead of throwing", () => {
    const r = safeLoad({ type: "TextMessage" });
    expect(r.success).toBe(false);
    expect(r.error?.issues.map((i) => i.path[0])).toEqual(["source", "content"]);
    const ok = safeLoad(text);
    expect(ok.success && ok.data.type).toBe("TextMessage");
  });
});

describe("defaults are filled as AutoGen fills them", () => {
  it("generates a ULID id, UTC created_at and empty metadata", () => {
    const before = Date.now();
    const m = load(text);
    expect(m.id).toMatch(/^[0-9A-HJKMNP-TV-Z]{26}$/);
    expect(m.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d{6})?Z$/);
    expect(Date.parse(m.created_at)).toBeGreaterThanOrEqual(before - (before % 1000));
    expect(m.metadata).toEqual({});
    expect(m.models_usage).toBeNull();
  });

  it("gives every message its own metadata object and context list", () => {
    const a = load({ type: "HandoffMessage", source: "a", content: "", target: "b" }) as HandoffMessage;
    const b = load({ type: "HandoffMessage", source: "a", content: "", target: "b" }) as HandoffMessage;
    expect(a.metadata).not.toBe(b.metadata);
    expect(a.context).not.toBe(b.context);
  });

  it("fills a missing type when a class schema is used directly, and rejects another class's type", () => {
    expect(TextMessage.parse({ source: "a", content: "b" }).type).toBe("TextMessage");
    expect(TextMessage.safeParse({ source: "a", content: "b", type: "StopMessage" }).success).toBe(false);
  });
});

describe("hostile keys are plain data", () => {
  it("keeps __proto__ and constructor in metadata as own properties and never changes a prototype", () => {
    const payload = JSON.parse('{"type":"TextMessage","source":"a","content":"b","metadata":{"__proto__":"x","constructor":"y"}}');
    const m = load(payload);
    expect(Object.keys(m.metadata)).toEqual(["__proto__", "constructor"]);
    expect(Object.getPrototypeOf(m.metadata)).toBe(Object.prototype);
    expect(JSON.stringify(dump(m))).toContain('"metadata":{"__proto__":"x","constructor":"y"}');
  });

  it("keeps a __proto__ object inside memory content and structured content as data", () => {
    const memory = JSON.parse(
      '{"type":"MemoryQueryEvent","source":"a","content":[{"content":{"__proto__":{"polluted":1}},"mime_type":"application/json"}]}',
    );
    const m = load(memory);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    const c = (m as { content: { content: Record<string, unknown> }[] }).content[0]!.content;
    expect(Object.getPrototypeOf(c)).toBe(Object.prototype);
    expect(Object.hasOwn(c, "__proto__")).toBe(true);
    const structured = load(JSON.parse('{"type":"StructuredMessage[X]","source":"a","content":{"__proto__":{"admin":true}}}'));
    expect((structured as { content: { admin?: unknown } }).content.admin).toBeUndefined();
    expect(JSON.stringify(dump(structured))).toContain('"content":{"__proto__":{"admin":true}}');
  });

  it("rejects structured content nested too deeply instead of overflowing the stack", () => {
    let deep: unknown = {};
    for (let i = 0; i < 10_000; i++) deep = { a: deep };
    const e = errorOf(() => load({ type: "StructuredMessage[X]", source: "a", content: deep }));
    expect(e.issues[0]!.message).toMatch(/nested deeper than/);
  });

  it("copies free-form data so later changes to the input do not reach the message", () => {
    const payload = { type: "StructuredMessage[X]", source: "a", content: { list: [1, 2] } };
    const m = load(payload) as unknown as { content: { list: number[] } };
    payload.content.list.push(3);
    expect(m.content.list).toEqual([1, 2]);
  });
});

describe("dump", () => {
  it("writes keys in Python's order whatever order the object has", () => {
    const m = createMessage("ToolCallSummaryMessage", { source: "a", content: "done", tool_calls: [], results: [] });
    const shuffled = Object.fromEntries(Object.entries(m).reverse());
    expect(Object.keys(dump(shuffled) as object)).toEqual([
      "id", "source", "models_usage", "metadata", "created_at", "content", "type", "tool_calls", "results",
    ]);
    expect(Object.keys(dumpAs(FunctionCall, { name: "f", arguments: "{}", id: "1" }) as object)).toEqual(["id", "arguments", "name"]);
  });

  it("drops keys that are not fields and image keys other than data", () => {
    const m = load({ type: "UserInputRequestedEvent", source: "a", request_id: "r" });
    expect(dump({ ...m, extra: 1 })).not.toHaveProperty("extra");
  });

  it("returns new objects and leaves its input alone", () => {
    const m = load({ type: "HandoffMessage", source: "a", content: "", target: "b", context: [{ type: "SystemMessage", content: "s" }] });
    const frozen = Object.freeze(m);
    const out = dump(frozen) as { context: unknown[] };
    expect(out).not.toBe(m);
    expect(out.context).not.toBe((m as HandoffMessage).context);
  });

  it("dumps arrays of messages and model-client messages", () => {
    const out = dump([{ content: "c", source: "s", type: "UserMessage" }]) as object[];
    expect(JSON.stringify(out)).toBe('[{"content":"c","source":"s","type":"UserMessage"}]');
  });
});

describe("unions, guards and creation helpers", () => {
  it("ChatMessage and AgentEvent hold AutoGen's members only", () => {
    expect(ChatMessage.safeParse({ type: "TextMessage", source: "a", content: "b" }).success).toBe(true);
    expect(ChatMessage.safeParse({ type: "ThoughtEvent", source: "a", content: "b" }).success).toBe(false);
    expect(AgentEvent.safeParse({ type: "ThoughtEvent", source: "a", content: "b" }).success).toBe(true);
    expect(AgentEvent.safeParse({ type: "SelectorEvent", source: "a", content: "b" }).success).toBe(false);
  });

  it("guards narrow on type", () => {
    const m = load({ type: "HandoffMessage", source: "a", content: "", target: "b" });
    expect(isChatMessage(m)).toBe(true);
    expect(isAgentEvent(m)).toBe(false);
    expect(isMessageType(m, "HandoffMessage") && m.target).toBe("b");
    expect(isAgentEvent(load({ type: "SelectorEvent", source: "a", content: "" }))).toBe(true);
    const s = createStructuredMessage("Weather", { source: "bot", content: { city: "Oslo" } });
    expect(isStructuredMessage(s) && isChatMessage(s)).toBe(true);
    expect(s.type).toBe("StructuredMessage[Weather]");
  });

  it("createMessage validates its fields", () => {
    expect(() => createMessage("TextMessage", { source: "a", content: 3 as unknown as string })).toThrow(
      "Invalid TextMessage: content: expected string, got number 3",
    );
  });

  it("upgrades the 0.4-dev tool call messages explicitly, and load refuses them", () => {
    const legacy = { type: "ToolCallResultMessage", source: "tools", content: [{ content: "4", call_id: "c1" }] };
    expect(errorOf(() => load(legacy)).issues[0]!.code).toBe("unknown_type");
    const up = upgradeLegacyMessage(legacy);
    expect(up.type).toBe("ToolCallExecutionEvent");
    expect(up.content).toEqual([{ content: "4", name: "", call_id: "c1", is_error: null }]);
    const req = upgradeLegacyMessage({ type: "ToolCallMessage", source: "a", content: [{ id: "1", arguments: "{}", name: "f" }] });
    expect(req.type).toBe("ToolCallRequestEvent");
    expect(() => upgradeLegacyMessage({ type: "TextMessage" })).toThrow(MessageValidationError);
  });
});

describe("ModelInfo", () => {
  it("validateModelInfo raises for the four enforced fields and warns for structured_output", () => {
    expect(() => validateModelInfo({ vision: true, function_calling: true, json_output: true })).toThrow(
      new ModelInfoError("Missing required field 'family' in ModelInfo. Starting in v0.4.7, the required fields are enforced."),
    );
    expect(validateModelInfo({ vision: true, function_calling: true, json_output: true, family: "x" })).toEqual([
      "Missing required field 'structured_output' in ModelInfo. This field will be required in a future version of AutoGen.",
    ]);
    expect(validateModelInfo({ vision: true, function_calling: true, json_output: true, family: "x", structured_output: false })).toEqual([]);
  });

  it("ModelFamily mirrors the Python namespace", () => {
    expect(ModelFamily.GPT_4O).toBe("gpt-4o");
    expect(ModelFamily.isClaude("claude-3-5-sonnet")).toBe(true);
    expect(ModelFamily.isGemini("gpt-4o")).toBe(false);
    expect(ModelFamily.ANY).toContain("unknown");
    expect(ModelFamily.parse("anything")).toBe("anything");
  });
});

const contentOf = (m: unknown) => (m as { content: unknown }).content;

describe("load's dispatch on type (built-in kinds looked up once, then by type)", () => {
  it("rejects a built-in kind after loading it, naming the path", () => {
    const registry = new MessageRegistry();
    expect(contentOf(registry.load({ type: "TextMessage", source: "a", content: "x" }))).toBe("x");
    const r = registry.safeLoad({ type: "TextMessage", source: "a", content: 3 });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.path).toEqual(["content"]);
  });

  it("validates a structured message by its content schema once registered, even after loading it generically", () => {
    const registry = new MessageRegistry();
    const payload = { type: "StructuredMessage[Temp]", source: "bot", content: { c: "warm" } };
    expect(contentOf(registry.load(payload))).toEqual({ c: "warm" }); // unregistered: any JSON object
    registry.registerStructuredMessage("Temp", z.object({ c: z.number() }));
    const r = registry.safeLoad(payload);
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.path).toEqual(["content", "c"]);
    expect(contentOf(registry.load({ ...payload, content: { c: 21 } }))).toEqual({ c: 21 });
  });
});

describe("load's direct path agrees with safeLoad (a warmed built-in kind, no result wrapper)", () => {
  const warmed = (): MessageRegistry => {
    const registry = new MessageRegistry();
    registry.load({ type: "TextMessage", source: "a", content: "warm" }); // the kind's parser is now cached
    return registry;
  };
  const sameFailure = (registry: MessageRegistry, payload: unknown) => {
    const r = registry.safeLoad(payload);
    expect(r.success).toBe(false);
    const e = errorOf(() => registry.load(payload));
    expect(e.issues).toEqual(r.error!.issues);
    expect(e.message).toBe(r.error!.message);
    return e;
  };

  it("reports what the compiled parser declines with zod's explanation (an impossible date)", () => {
    const e = sameFailure(warmed(), { type: "TextMessage", source: "a", content: "x", created_at: "2024-13-01T00:00:00Z" });
    expect(e.issues[0]!.path).toEqual(["created_at"]);
  });

  it("reports a throwing type getter at ['type'], not as a raw throw", () => {
    const payload = { source: "a", content: "x", get type(): string { throw new Error("boom"); } };
    const e = sameFailure(warmed(), payload);
    expect(e.issues[0]!.path).toEqual(["type"]);
    expect(e.issues[0]!.message).toContain("boom");
  });

  it("reports a throwing field getter as safeLoad does", () => {
    const payload = { type: "TextMessage", source: "a", get content(): string { throw new Error("no content"); } };
    const e = sameFailure(warmed(), payload);
    expect(e.issues[0]!.message).toContain("no content");
  });

  it("reports a proxy whose prototype trap throws as unreadable", () => {
    const payload = new Proxy({ type: "TextMessage", source: "a", content: "x" }, { getPrototypeOf: () => { throw new Error("trap"); } });
    const e = sameFailure(warmed(), payload);
    expect(e.issues[0]!.message).toContain("trap");
  });

  it("loads a null-prototype object and a class instance as their plain equivalent", () => {
    const registry = warmed();
    const plain = { id: "m1", type: "TextMessage", source: "a", content: "x", created_at: "2024-05-01T10:00:00Z" };
    const expected = registry.safeLoad(plain);
    expect(expected.success).toBe(true);
    const bare = Object.assign(Object.create(null) as object, plain);
    expect(registry.load(bare)).toEqual(expected.data);
    class Wire { id = "m1"; type = "TextMessage"; source = "a"; content = "x"; created_at = "2024-05-01T10:00:00Z"; }
    expect(registry.load(new Wire())).toEqual(expected.data);
  });

  it("returns a message sharing nothing with the payload and leaves the payload as it was", () => {
    const registry = warmed();
    const payload = { type: "TextMessage", source: "a", content: "x", metadata: { k: "v" }, models_usage: { prompt_tokens: 1, completion_tokens: 2 } };
    const before = structuredClone(payload);
    const m = registry.load(payload) as unknown as typeof payload;
    expect(payload).toEqual(before);
    expect(m.metadata).toEqual({ k: "v" });
    expect(m.metadata).not.toBe(payload.metadata);
    expect(m.models_usage).not.toBe(payload.models_usage);
  });
});
