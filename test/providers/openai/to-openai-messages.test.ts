/** Behaviours of toOpenAIMessages the golden table does not pin down on its own. */
import { describe, expect, it } from "vitest";
import { OpenAIConversionError, toOpenAIMessages, toOpenAIRequest, transformerMapFor } from "../../../src/providers/openai/index.js";
import { mergeSystemMessages } from "../../../src/providers/openai/preprocess.js";
import { pyIsSpace, pyRstrip } from "../../../src/python/str.js";
import type { LLMMessage, UserMessage } from "../../../src/schemas/llm-messages.js";

const info = (family: string, extra: Record<string, unknown> = {}) => ({
  vision: true,
  function_calling: true,
  json_output: true,
  family,
  structured_output: true,
  ...extra,
});
const user = (content: UserMessage["content"], source = "alice"): LLMMessage => ({
  type: "UserMessage",
  source,
  content,
});

describe("toOpenAIMessages", () => {
  it("uses Python's whitespace set: \\x1c counts as blank for the Claude table, U+FEFF does not", () => {
    const opts = { model: "claude-3-5-sonnet-20241022" };
    expect(toOpenAIMessages([user("\x1c\x85\u3000")], opts)).toStrictEqual([]);
    expect(toOpenAIMessages([user("\ufeff")], opts)).toStrictEqual([{ role: "user", name: "alice", content: "\ufeff" }]);
    expect(pyIsSpace("")).toBe(false);
    expect(pyRstrip("x\ufeff \x1f")).toBe("x\ufeff");
  });

  it("strips the last assistant text for claude- names without touching the caller's object", () => {
    const last: LLMMessage = { type: "AssistantMessage", source: "bot", content: "done \n", thought: null };
    const list = Object.freeze([user("hi"), Object.freeze(last)]);
    const out = toOpenAIMessages(list, { model: "claude-3-5-sonnet-20241022" });
    expect(out[1]).toStrictEqual({ role: "assistant", content: "done" });
    expect(last.content).toBe("done \n");
    expect(toOpenAIRequest(list, { model: "claude-3-5-sonnet-20241022" }).messages[1]).toStrictEqual({ role: "assistant", content: "done" });
  });

  it("names the caller's message index, also after system messages were merged", () => {
    const sys = (content: string): LLMMessage => ({ type: "SystemMessage", content });
    const gemini = { model: "gemini-2.0-flash" }; // merges system messages
    const err = (f: () => unknown) => {
      try {
        f();
      } catch (e) {
        return e as OpenAIConversionError;
      }
      throw new Error("no error");
    };
    const e1 = err(() => toOpenAIMessages([sys("a"), sys("b"), user("ok"), user("x", "bad name")], gemini));
    expect([e1.path, e1.pythonMessage]).toStrictEqual(["messages[3].source", "Invalid name: bad name. Only letters, numbers, '_' and '-' are allowed."]);
    expect(e1.message).toBe("messages[3].source: Invalid name: bad name. Only letters, numbers, '_' and '-' are allowed.");
    const e2 = err(() => toOpenAIMessages([sys("a"), user("ok"), sys("b")], gemini));
    expect(e2.path).toBe("messages[2]");
    const e3 = err(() => toOpenAIMessages([user("ok"), user(["look", "again", { data: "iVBORw0KGgo=" }])], { model: "gpt-3.5-turbo" }));
    expect(e3.path).toBe("messages[1].content[2]");
    const e4 = err(() => toOpenAIMessages([{ type: "AssistantMessage", source: "a b", content: [], thought: null }], { model: "gpt-4o" }));
    expect(e4.path).toBe("messages[0].source");
  });

  it("rejects fields of the wrong type with a TypeError at their path, before AutoGen's checks", () => {
    const bad = (messages: unknown[], model = "gpt-4o") => {
      try {
        toOpenAIMessages(messages as LLMMessage[], { model });
      } catch (e) {
        const err = e as OpenAIConversionError;
        return [err.pythonType, err.path];
      }
      return null;
    };
    expect(bad([user("ok"), { type: "UserMessage", source: "u", content: 42 }])).toStrictEqual(["TypeError", "messages[1].content"]);
    expect(bad([{ type: "UserMessage", source: 7, content: "x" }])).toStrictEqual(["TypeError", "messages[0].source"]);
    expect(bad([{ type: "UserMessage", source: "u", content: ["a", { url: "x" }] }])).toStrictEqual(["TypeError", "messages[0].content[1]"]);
    expect(bad([{ type: "SystemMessage", content: null }])).toStrictEqual(["TypeError", "messages[0].content"]);
    expect(bad([{ type: "AssistantMessage", source: "a", content: [{ id: "c", name: "f" }] }])).toStrictEqual(["TypeError", "messages[0].content[0].arguments"]);
    expect(bad([{ type: "AssistantMessage", source: "a", content: "x", thought: 3 }])).toStrictEqual(["TypeError", "messages[0].thought"]);
    expect(bad([{ type: "FunctionExecutionResultMessage", content: [{ content: "1", name: "f" }] }])).toStrictEqual(["TypeError", "messages[0].content[0].call_id"]);
    expect(bad([null])).toStrictEqual(["TypeError", "messages[0]"]);
    // A wrong shape wins over an AutoGen error that comes later in the same list.
    expect(bad([user("x", "bad name"), { type: "SystemMessage", content: 1 }])).toStrictEqual(["TypeError", "messages[1].content"]);
    expect(() => toOpenAIMessages([], { model: undefined as unknown as string })).toThrow("model: expected a model name (string)");
  });

  it("falls back to the longest registered family prefix of the model name, however short", () => {
    // "mistral" is exactly as long as "unknown": the fallback must still pick it.
    expect(transformerMapFor("mistral-small-latest", "my-family")).toBe("mistral");
    expect(transformerMapFor("o1-custom", "unknown")).toBe("base");
    expect(transformerMapFor("claude-sonnet-4-20250514", "unknown")).toBe("base");
    expect(transformerMapFor("anything", "claude-3-opus")).toBe("claude");
  });

  it("treats multiple_system_messages null like absent (merging on)", () => {
    const sys = (content: string): LLMMessage => ({ type: "SystemMessage", content });
    const out = toOpenAIMessages([sys("a"), sys("b")], { model: "x", modelInfo: info("unknown", { multiple_system_messages: null }) });
    expect(out).toStrictEqual([{ content: "a\nb", role: "system" }]);
  });

  it("places the merged system message where the first one was", () => {
    const msgs: LLMMessage[] = [user("u"), { type: "SystemMessage", content: "s1" }, { type: "SystemMessage", content: "s2 " }, user("v")];
    expect(mergeSystemMessages(msgs).map((m) => m.type === "SystemMessage" ? m.content : m.type)).toStrictEqual([
      "UserMessage",
      "s1\ns2",
      "UserMessage",
    ]);
  });

  it("throws typed errors with AutoGen's text", () => {
    const unknownType = () => toOpenAIMessages([{ type: "Nope" } as unknown as LLMMessage], { model: "gpt-4o" });
    expect(unknownType).toThrow(OpenAIConversionError);
    expect(unknownType).toThrow(/^messages\[0\]\.type: Unknown message type: Nope$/);
    const vision = () => toOpenAIMessages([user([{ data: "iVBORw0KGgo=" }])], { model: "gpt-3.5-turbo" });
    expect(vision).toThrow("Model does not support vision and image was provided");
    try {
      toOpenAIMessages([], { model: "claude-3-haiku-20240307" });
    } catch (e) {
      expect((e as OpenAIConversionError).pythonType).toBe("IndexError");
    }
    expect(() => toOpenAIMessages([], { model: "claude-3-haiku-20240307" })).toThrow("list index out of range");
  });

  it("keeps the key order AutoGen serialises", () => {
    const out = toOpenAIMessages(
      [user("hi"), { type: "AssistantMessage", source: "bot", content: [{ id: "c", name: "f", arguments: "{}" }], thought: null }],
      { model: "gpt-4o" },
    );
    expect(out.map((m) => Object.keys(m))).toStrictEqual([
      ["role", "name", "content"],
      ["role", "tool_calls", "content"],
    ]);
  });
});
