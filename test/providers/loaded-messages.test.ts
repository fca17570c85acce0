/**
 * Provider converters handed what `load` returns (issue 27.4). A chat message or an agent event is
 * not a model message, and which one it becomes depends on whose context it is in (another
 * agent's turn is a user turn, the agent's own reply an assistant turn), so no converter guesses:
 * each fails with its own typed error at the message's index, whose `hint` names `toModelMessage`
 * (a chat message) and `toModelContext` (a run). The kinds are the golden fixtures recorded from
 * Python AutoGen 0.7.5 (test/fixtures/autogen/messages.jsonl), every chat message and event.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { load, toModelMessage } from "../../src/index.js";
import { toModelContext } from "../../src/context/index.js";
import { AISDKConversionError, toModelMessages } from "../../src/providers/ai-sdk/index.js";
import { AnthropicConversionError, toAnthropicMessages, toAnthropicRequest } from "../../src/providers/anthropic/index.js";
import { GeminiConversionError, toGeminiContents } from "../../src/providers/gemini/index.js";
import { OpenAIConversionError, toOpenAIMessages, toOpenAIRequest } from "../../src/providers/openai/index.js";
import type { LLMMessage } from "../../src/schemas/llm-messages.js";

interface Recorded {
  name: string;
  kind: string;
  type: string;
  dump: unknown;
}
const RECORDED = readFileSync(new URL("../fixtures/autogen/messages.jsonl", import.meta.url), "utf8")
  .split("\n")
  .filter((l) => l.trim() !== "")
  .map((l) => JSON.parse(l) as Recorded)
  .filter((r) => r.kind === "chat" || r.kind === "event");

/** One recorded message of each type (chat messages and events). */
const ONE_PER_TYPE = [...new Map(RECORDED.map((r) => [r.type, r])).values()];

type Converter = { name: string; error: new (...args: never[]) => Error & { hint: string | undefined }; run: (messages: readonly LLMMessage[]) => unknown; at: (i: number) => string };
const CONVERTERS: Converter[] = [
  { name: "toOpenAIMessages", error: OpenAIConversionError, run: (m) => toOpenAIMessages(m, { model: "gpt-4o" }), at: (i) => `messages[${i}].type: ` },
  { name: "toOpenAIRequest", error: OpenAIConversionError, run: (m) => toOpenAIRequest(m, { model: "gpt-4o" }), at: (i) => `messages[${i}].type: ` },
  { name: "toAnthropicMessages", error: AnthropicConversionError, run: (m) => toAnthropicMessages(m, { model: "claude-3-5-sonnet-20241022" }), at: (i) => `messages[${i}]` },
  { name: "toAnthropicRequest", error: AnthropicConversionError, run: (m) => toAnthropicRequest(m, { model: "claude-3-5-sonnet-20241022" }), at: (i) => `messages[${i}]` },
  { name: "toGeminiContents", error: GeminiConversionError, run: (m) => toGeminiContents(m), at: (i) => `messages[${i}].type: ` },
  { name: "toModelMessages (AI SDK)", error: AISDKConversionError, run: (m) => toModelMessages(m), at: (i) => `messages[${i}].type: ` },
];

function thrown(f: () => unknown): unknown {
  try {
    f();
  } catch (e) {
    return e;
  }
  return undefined;
}

describe("a loaded chat message or event passed to a provider converter", () => {
  it("the fixtures hold chat messages and events of many types", () => {
    expect(ONE_PER_TYPE.filter((r) => r.kind === "chat").length).toBeGreaterThanOrEqual(6);
    expect(ONE_PER_TYPE.filter((r) => r.kind === "event").length).toBeGreaterThanOrEqual(8);
  });

  describe.each(CONVERTERS)("$name", (converter) => {
    it.each(ONE_PER_TYPE.map((r) => [r.type, r] as const))("%s: its typed error at the message, the hint naming what to call", (_, recorded) => {
      const message = load(recorded.dump);
      const system = { type: "SystemMessage" as const, content: "Be brief." };
      const e = thrown(() => converter.run([system, message as unknown as LLMMessage]));
      expect(e).toBeInstanceOf(converter.error);
      const error = e as Error & { hint: string | undefined };
      expect(error.message.startsWith(converter.at(1)), error.message).toBe(true);
      expect(error.hint).toBeDefined();
      expect(error.message).toContain(`(${error.hint!})`);
      expect(error.hint).toContain("toModelContext(items, { agent })");
      if (recorded.kind === "chat") {
        expect(error.hint!.startsWith(`${recorded.type} is a chat message, not a model message`)).toBe(true);
        expect(error.hint).toContain("toModelMessage(message)");
      } else expect(error.hint!.startsWith(`${recorded.type} is an agent event, not a model message`)).toBe(true);
    });

    it("what the hint names works: toModelMessage for one message, toModelContext for a run", () => {
      const user = load({ type: "TextMessage", source: "alice", content: "Weather in Oslo?" });
      const reply = load({ type: "TextMessage", source: "bot", content: "Sunny." });
      expect(() => converter.run([toModelMessage(user as never)])).not.toThrow();
      expect(() => converter.run(toModelContext([user, reply], { agent: "bot" }))).not.toThrow();
    });
  });

  it("a model message of an unknown type gets no hint (nothing to point at)", () => {
    const e = thrown(() => toOpenAIMessages([{ type: "ToolMessage", content: "x" } as never], { model: "gpt-4o" })) as OpenAIConversionError;
    expect(e).toBeInstanceOf(OpenAIConversionError);
    expect(e.hint).toBeUndefined();
    expect(e.message).toBe("messages[0].type: Unknown message type: ToolMessage");
  });
});
