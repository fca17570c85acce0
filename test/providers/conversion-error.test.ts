/**
 * The provider converters' errors share one base, `ProviderConversionError` (issue 33): each keeps
 * its own class, `name`, fields and message text, and one `instanceof` catches any of them, from
 * whichever provider subpath the base is imported, in the sources and in the built package.
 */
import { createRequire } from "node:module";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import { load } from "../../src/index.js";
import * as aiSdk from "../../src/providers/ai-sdk/index.js";
import * as anthropic from "../../src/providers/anthropic/index.js";
import * as gemini from "../../src/providers/gemini/index.js";
import * as openai from "../../src/providers/openai/index.js";
import { ensureBuilt, libraryExports } from "../helpers/dist.js";
import { thrownBy } from "../helpers/thrown.js";

/** The hint every converter gives for a loaded `TextMessage` (src/render/model-message-hint.ts's text, written out). */
const TEXT_MESSAGE_HINT =
  "TextMessage is a chat message, not a model message (LLMMessage): convert it with toModelMessage(message) " +
  "(a user turn, as AutoGen's to_model_message()), or a run's messages with toModelContext(items, { agent }) " +
  "(the model context that agent holds: its own replies as assistant turns)";

const loaded = () => load({ type: "TextMessage", source: "alice", content: "hi" }) as never;

const thrown = (f: () => unknown): Error => thrownBy(f, Error);

/** Each provider: its error class, a real conversion that fails, and the message it must give. */
const PROVIDERS = [
  {
    name: "OpenAIConversionError",
    own: openai.OpenAIConversionError,
    run: () => openai.toOpenAIMessages([loaded()], { model: "gpt-4o" }),
    message: `messages[0].type: Unknown message type: TextMessage (${TEXT_MESSAGE_HINT})`,
  },
  {
    name: "AnthropicConversionError",
    own: anthropic.AnthropicConversionError,
    run: () => anthropic.toAnthropicMessages([loaded()], { model: "claude-3-5-sonnet-20241022" }),
    message: `messages[0]: not an LLMMessage: unknown type string "TextMessage": expected one of "SystemMessage", "UserMessage", "AssistantMessage", "FunctionExecutionResultMessage" (${TEXT_MESSAGE_HINT})`,
  },
  {
    name: "GeminiConversionError",
    own: gemini.GeminiConversionError,
    run: () => gemini.toGeminiContents([loaded()]),
    message: `messages[0].type: unknown message type "TextMessage" (${TEXT_MESSAGE_HINT})`,
  },
  {
    name: "AISDKConversionError",
    own: aiSdk.AISDKConversionError,
    run: () => aiSdk.toModelMessages([loaded()]),
    message: `messages[0].type: unknown message type "TextMessage" (${TEXT_MESSAGE_HINT})`,
  },
] as const;

describe("ProviderConversionError, the base of the provider errors", () => {
  it("is one class, whichever provider subpath exports it", () => {
    expect(anthropic.ProviderConversionError).toBe(openai.ProviderConversionError);
    expect(gemini.ProviderConversionError).toBe(openai.ProviderConversionError);
    expect(aiSdk.ProviderConversionError).toBe(openai.ProviderConversionError);
    expect(openai.ProviderConversionError.name).toBe("ProviderConversionError");
  });

  it.each(PROVIDERS)("$name: its own class, name and message, and an instance of the base", ({ name, own, run, message }) => {
    const e = thrown(run);
    expect(e).toBeInstanceOf(own);
    expect(e).toBeInstanceOf(openai.ProviderConversionError);
    expect(e).toBeInstanceOf(Error);
    expect(e.name).toBe(name);
    expect(own.name).toBe(name);
    expect(e.message).toBe(message);
    expect((e as { hint?: string }).hint).toBe(TEXT_MESSAGE_HINT);
    expect(String(e)).toBe(`${name}: ${message}`);
  });

  it("writes each provider's message as before: where, what, and the hint in parentheses", () => {
    // OpenAI: a path prefixes the message; no path (or an empty one) names no place.
    expect(new openai.OpenAIConversionError("bad", "TypeError", "messages[1].source", "h").message).toBe("messages[1].source: bad (h)");
    expect(new openai.OpenAIConversionError("bad", "TypeError", "").message).toBe("bad");
    expect(new openai.OpenAIConversionError("bad").under("messages[2]")).toMatchObject({ message: "messages[2]: bad", path: "messages[2]", pythonType: "ValueError", hint: undefined });
    // Anthropic: `where`, else the message index.
    expect(new anthropic.AnthropicConversionError("x", { index: 2 }).message).toBe("messages[2]: x");
    expect(new anthropic.AnthropicConversionError("x", { index: 2, where: "tools[0]" }).message).toBe("tools[0]: x");
    expect(new anthropic.AnthropicConversionError("x", { hint: "h" })).toMatchObject({ message: "x (h)", pythonType: "ValueError", pythonMessage: "x", hint: "h" });
    // Gemini and the AI SDK: the path, formatted, even when empty.
    expect(new gemini.GeminiConversionError([], "p").message).toBe("(root): p");
    expect(new aiSdk.AISDKConversionError(["modelMessages", 2, "content", 1], "p", "h")).toMatchObject({ message: "modelMessages[2].content[1]: p (h)", path: ["modelMessages", 2, "content", 1], hint: "h" });
  });

  it("the built package: one base across the provider subpaths, in each module system", async () => {
    ensureBuilt();
    const providers = ["./openai", "./anthropic", "./gemini", "./ai-sdk"];
    const targets = libraryExports("import").filter((t) => providers.includes(t.subpath));
    const esm = await Promise.all(targets.map((t) => import(pathToFileURL(t.file).href) as Promise<{ ProviderConversionError: unknown }>));
    const require = createRequire(import.meta.url);
    const cjs = libraryExports("require")
      .filter((t) => providers.includes(t.subpath))
      .map((t) => require(t.file) as { ProviderConversionError: unknown });
    expect(esm).toHaveLength(4);
    expect(cjs).toHaveLength(4);
    expect(new Set(esm.map((m) => m.ProviderConversionError)).size).toBe(1);
    expect(new Set(cjs.map((m) => m.ProviderConversionError)).size).toBe(1);
    const { OpenAIConversionError, ProviderConversionError } = esm[targets.findIndex((t) => t.subpath === "./openai")] as unknown as typeof openai;
    expect(new OpenAIConversionError("bad")).toBeInstanceOf(ProviderConversionError);
  }, 240_000);
});
