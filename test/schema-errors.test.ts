/**
 * The per-class schemas report problems as `load` does (issue 19.2): `TextMessage.parse`,
 * `.safeParse`, the async forms and Standard Schema `validate` give a MessageValidationError
 * (`Invalid TextMessage: source: expected string, got number 1`), while the schemas stay plain
 * zod schemas for composition (z.extend, z.optional, classic zod, toJSONSchema).
 */
import * as z from "zod/mini";
import * as zc from "zod";
import { describe, expect, expectTypeOf, it } from "vitest";
import * as main from "../src/index.js";
import * as contracts from "../src/contracts/index.js";
import * as state from "../src/state/index.js";
import * as components from "../src/components/index.js";
import {
  AgentMessage,
  ChatMessage,
  FunctionCall,
  Image,
  LLMMessage,
  MessageRegistry,
  MessageValidationError,
  StructuredMessage,
  TextMessage,
  load,
  structuredMessageSchema,
  type MessageIssue,
} from "../src/index.js";
import { TaskResult } from "../src/contracts/index.js";
import { wireFields } from "../src/wire/fields.js";
import { thrownBy } from "./helpers/thrown.js";

const thrown = (f: () => unknown): MessageValidationError => thrownBy(f, MessageValidationError);

describe("TextMessage.parse and friends", () => {
  const bad = { source: 1, content: "x" };
  const expected = "Invalid TextMessage: source: expected string, got number 1";

  it("parse throws a MessageValidationError worded as load's", () => {
    const e = thrown(() => TextMessage.parse(bad));
    expect(e.message).toBe(expected);
    expect(e.type).toBe("TextMessage");
    expect(e.issues).toEqual([{ path: ["source"], code: "string_type", message: "expected string, got number 1" }]);
    // load says the same about the same payload
    expect(thrown(() => load({ ...bad, type: "TextMessage" })).message).toBe(expected);
  });

  it("safeParse returns the error instead", () => {
    const r = TextMessage.safeParse(bad);
    expect(r.success).toBe(false);
    if (r.success) return;
    expect(MessageValidationError.isInstance(r.error)).toBe(true);
    expect(r.error.message).toBe(expected);
    expectTypeOf(r.error.issues).toEqualTypeOf<readonly MessageIssue[]>();
    const ok = TextMessage.safeParse({ source: "a", content: "x", id: "1", created_at: "2025-01-01T00:00:00Z" });
    expect(ok).toEqual({ success: true, data: load({ type: "TextMessage", source: "a", content: "x", id: "1", created_at: "2025-01-01T00:00:00Z" }) });
  });

  it("parseAsync and safeParseAsync do the same", async () => {
    await expect(TextMessage.parseAsync(bad)).rejects.toThrow(expected);
    const r = await TextMessage.safeParseAsync(bad);
    expect(!r.success && r.error.message).toBe(expected);
    expect((await TextMessage.parseAsync({ source: "a", content: "x" })).content).toBe("x");
  });

  it("Standard Schema validate gives the same messages, with their paths", () => {
    expect(TextMessage["~standard"].validate(bad)).toEqual({ issues: [{ message: "expected string, got number 1", path: ["source"] }] });
    const ok = TextMessage["~standard"].validate({ source: "a", content: "x" });
    expect("value" in ok && (ok.value as TextMessage).content).toBe("x");
    expect(TextMessage["~standard"].vendor).toBe("zod");
  });
});

describe("every per-class schema", () => {
  // Schemas of a Python class or union; the wire field building blocks, the string enums and
  // ModelFamily (any string) keep zod's own parse.
  const notClasses = new Set([
    ...["LaxInt", "LaxBool", "LaxFloat", "Datetime", "StringMap", "JsonObjectSchema", "FinishReasons", "MemoryMimeType", "ModelFamily"],
    ...["AnyJson", "SecretStr"], // the component configs' field types
  ]);
  const schemas = Object.entries({ ...main, ...contracts, ...state, ...components }).filter(
    ([name, v]) => /^[A-Z]/.test(name) && !notClasses.has(name) && typeof v === "object" && v !== null && "_zod" in v,
  ) as [string, z.ZodMiniType][];

  it("covers the classes", () => {
    const names = schemas.map(([n]) => n);
    for (const n of ["TextMessage", "ToolCallRequestEvent", "UserMessage", "FunctionCall", "Image", "RequestUsage", "ModelInfo", "ChatMessage", "AgentMessage", "LLMMessage", "TaskResult", "Response", "ToolCallMessage", "StructuredMessage"]) {
      expect(names).toContain(n);
    }
  });

  // Exports named apart from their Python class: `/contracts`' `AgentResponse` (no clash with the
  // global Response), the components' OpenAI and MCP types.
  const classOf: Record<string, string> = {
    AgentResponse: "Response",
    OpenAIJSONSchema: "JSONSchema",
    OpenAIResponseFormat: "ResponseFormat",
    McpTool: "Tool",
    McpRoot: "Root",
  };

  it("covers the saved state classes and the component configs too", () => {
    const names = schemas.map(([n]) => n);
    for (const n of ["TeamState", "AssistantAgentState", "Component", "AssistantAgentConfig", "RoundRobinGroupChatConfig"]) expect(names).toContain(n);
  });

  it.each(schemas.map(([n]) => n))("%s.parse(42) throws a MessageValidationError naming the class", (exported) => {
    const schema = schemas.find(([n]) => n === exported)![1];
    const name = classOf[exported] ?? exported;
    const e = thrown(() => schema.parse(42));
    expect(e.type).toBe(name);
    expect(e.message).toMatch(new RegExp(`^Invalid ${name.replace(/[[\]]/g, "\\$&")}: \\(root\\): expected .+, got number`));
  });
});

describe("names in errors", () => {
  it("a union names the member the input's type selects, else itself", () => {
    expect(thrown(() => ChatMessage.parse({ type: "StopMessage", source: 1, content: "x" })).message).toBe(
      "Invalid StopMessage: source: expected string, got number 1",
    );
    expect(thrown(() => ChatMessage.parse({ type: "ThoughtEvent", source: "a", content: "x" })).type).toBe("ChatMessage");
    expect(thrown(() => LLMMessage.parse({ type: "SystemMessage", content: 3 })).message).toBe("Invalid SystemMessage: content: expected string, got number 3");
    expect(thrown(() => AgentMessage.parse({ type: "StructuredMessage[W]", source: 3, content: {} })).message).toBe(
      "Invalid StructuredMessage[W]: source: expected string, got number 3",
    );
    expect(thrown(() => StructuredMessage.parse({ type: "Structured[W]", source: "a", content: {} })).type).toBe("StructuredMessage");
  });

  it("a structured message schema names its type; so does the registry's", () => {
    const Weather = z.object({ city: z.string() });
    expect(thrown(() => structuredMessageSchema("Weather", Weather).parse({ source: "a", content: { city: 1 } })).message).toBe(
      "Invalid StructuredMessage[Weather]: content.city: expected string, got number 1",
    );
    const registered = new MessageRegistry().registerStructuredMessage("Weather", Weather);
    expect(thrown(() => registered.parse({ source: "a", content: {} })).message).toBe("Invalid StructuredMessage[Weather]: content.city: Field required");
  });

  it("contracts: TaskResult names the message inside", () => {
    expect(thrown(() => TaskResult.parse({ messages: [{ type: "TextMessage", source: 1, content: "x" }] })).message).toBe(
      "Invalid TaskResult: messages[0].source: expected string, got number 1",
    );
  });
});

describe("the schemas stay composable zod schemas", () => {
  const payload = { source: "a", content: "x", id: "1", created_at: "2025-01-01T00:00:00Z" };

  it("z.extend: an ordinary zod/mini object with the fields", () => {
    const Tagged = z.extend(TextMessage, { tag: z.string() });
    expect(Tagged.parse({ ...payload, tag: "t" })).toMatchObject({ content: "x", tag: "t", type: "TextMessage" });
    expectTypeOf<z.infer<typeof Tagged>["tag"]>().toEqualTypeOf<string>();
    expect(z.safeParse(Tagged, payload).success).toBe(false); // zod's own error: derived schemas are plain zod
    expect(thrown(() => main.parseWith(Tagged, payload, "Tagged")).message).toBe("Invalid Tagged: tag: Field required");
  });

  it("z.optional, z.array, z.pick", () => {
    expect(z.optional(TextMessage).parse(undefined)).toBeUndefined();
    expect(z.array(FunctionCall).parse([{ id: "1", arguments: "{}", name: "f" }])).toHaveLength(1);
    expect(z.pick(FunctionCall, { name: true }).parse({ name: "f" })).toEqual({ name: "f" });
  });

  it("inside classic zod schemas", () => {
    const Envelope = zc.object({ message: TextMessage, calls: zc.array(FunctionCall) });
    const v = Envelope.parse({ message: payload, calls: [] });
    expect(v.message.type).toBe("TextMessage");
    expect(Envelope.safeParse({ message: { ...payload, source: 1 }, calls: [] }).error?.issues[0]?.path).toEqual(["message", "source"]);
  });

  it("z.toJSONSchema reads them as before", () => {
    expect(zc.toJSONSchema(FunctionCall)).toEqual({
      $schema: "https://json-schema.org/draft/2020-12/schema",
      type: "object",
      properties: { id: { type: "string" }, arguments: { type: "string" }, name: { type: "string" } },
      required: ["id", "arguments", "name"],
      additionalProperties: false,
    });
  });

  it("keep their identity (identity-keyed registries still know them)", () => {
    expect(wireFields.get(Image)?.kind).toBe("image");
    expect(main.CHAT_MESSAGE_SCHEMAS[0]).toBe(TextMessage);
  });
});
