/**
 * The AutoGen provider fixtures' LLMMessage inputs as a broad corpus: every toModelMessages
 * output is accepted by the AI SDK's own `modelMessageSchema`, and fromModelMessages gives the
 * input back (the documented lossless round trip).
 */
import { modelMessageSchema, type ModelMessage } from "ai";
import { describe, expect, it } from "vitest";
import { AISDKConversionError, fromModelMessages, toModelMessages } from "../../../src/providers/ai-sdk/index.js";
import { LLMMessage } from "../../../src/schemas/llm-messages.js";
import { readJsonl } from "../../helpers/fixtures.js";

interface Rec {
  name: string;
  input: unknown[];
}

const corpus: Array<{ name: string; messages: LLMMessage[] }> = [];
for (const rec of readJsonl("autogen-providers/openai.jsonl") as unknown as Rec[]) {
  const parsed = rec.input.map((m) => LLMMessage.safeParse(m));
  if (parsed.every((p) => p.success)) corpus.push({ name: rec.name, messages: parsed.map((p) => p.data!) });
}

/** AutoGen treats `is_error: null` as success; the AI SDK has only text / error-text. */
function booleanErrors(messages: LLMMessage[]): LLMMessage[] {
  return messages.map((m) =>
    m.type === "FunctionExecutionResultMessage" ? { ...m, content: m.content.map((r) => ({ ...r, is_error: r.is_error === true })) } : m,
  );
}

const hasInvalidArguments = (messages: LLMMessage[]) =>
  messages.some(
    (m) =>
      m.type === "AssistantMessage" &&
      Array.isArray(m.content) &&
      m.content.some((c) => {
        try {
          if (c.arguments.trim() !== "") JSON.parse(c.arguments); // "" means no arguments
          return false;
        } catch {
          return true;
        }
      }),
  );

describe("openai.jsonl inputs through the AI SDK shapes", () => {
  it("the corpus is broad", () => {
    expect(corpus.length).toBeGreaterThan(100);
    const kinds = new Set(corpus.flatMap((c) => c.messages.map((m) => m.type)));
    expect([...kinds].sort()).toEqual(["AssistantMessage", "FunctionExecutionResultMessage", "SystemMessage", "UserMessage"]);
  });

  for (const { name, messages } of corpus) {
    it(name, () => {
      if (hasInvalidArguments(messages)) {
        const e = (() => {
          try {
            toModelMessages(messages);
          } catch (err) {
            return err;
          }
        })();
        expect(e).toBeInstanceOf(AISDKConversionError);
        expect((e as AISDKConversionError).path.at(-1)).toBe("arguments");
        return;
      }
      const out = toModelMessages(messages);
      for (const m of out) {
        const r = modelMessageSchema.safeParse(m);
        expect(r.success, JSON.stringify(r.error?.issues)).toBe(true);
      }
      const typed: ModelMessage[] = out;
      expect(fromModelMessages(typed)).toEqual(booleanErrors(messages));
    });
  }
});
