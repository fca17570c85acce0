/** removeImages: AutoGen's `remove_images` (autogen_agentchat.utils), checked on its own upstream test case. */
import { describe, expect, it } from "vitest";
import { OpenAIConversionError, removeImages, toOpenAIMessages } from "../../../src/providers/openai/index.js";
import type { LLMMessage } from "../../../src/schemas/llm-messages.js";

const PNG = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGP4//8/AAX+Av4N70a4AAAAAElFTkSuQmCC";

describe("removeImages", () => {
  // python/packages/autogen-agentchat/tests/test_utils.py::test_remove_images
  const messages: LLMMessage[] = [
    { type: "SystemMessage", content: "System.1" },
    { type: "UserMessage", content: ["User.1", { data: PNG }], source: "user.1" },
    { type: "AssistantMessage", content: "Assistant.1", source: "assistant.1", thought: null },
    { type: "UserMessage", content: "User.2", source: "assistant.2" },
  ];

  it("turns list content into text with <image> markers and keeps the other messages", () => {
    const frozen = Object.freeze(messages.map((m) => Object.freeze(structuredClone(m))));
    const out = removeImages(frozen);
    expect(out).toHaveLength(4);
    expect(out[0]).toBe(frozen[0]);
    expect(out[1]).toStrictEqual({ content: "User.1\n<image>", source: "user.1", type: "UserMessage" });
    expect(out[2]).toBe(frozen[2]);
    expect(out[3]).toBe(frozen[3]);
    expect(out).not.toBe(frozen);
  });

  it("joins every list, with or without images, and writes one marker per image", () => {
    const out = removeImages([{ type: "UserMessage", content: [{ data: PNG }, "a", { data: PNG }, "b"], source: "u" }]);
    expect(out[0]!.content).toBe("<image>\na\n<image>\nb");
    expect(removeImages([{ type: "UserMessage", content: ["a", "b"], source: "u" }])[0]!.content).toBe("a\nb");
    expect(removeImages([{ type: "UserMessage", content: [], source: "u" }])[0]!.content).toBe("");
  });

  it("makes a conversation sendable to a model without vision", () => {
    // AutoGen's test uses "user.1", which the OpenAI client itself rejects as a name.
    const chat: LLMMessage[] = [{ type: "SystemMessage", content: "S" }, { type: "UserMessage", content: ["Look", { data: PNG }], source: "user_1" }];
    expect(() => toOpenAIMessages(chat, { model: "gpt-3.5-turbo" })).toThrow("Model does not support vision and image was provided");
    expect(toOpenAIMessages(removeImages(chat), { model: "gpt-3.5-turbo" })[1]).toStrictEqual({
      role: "user",
      name: "user_1",
      content: "Look\n<image>",
    });
  });

  it("names a part that is neither text nor image", () => {
    const bad = [{ type: "UserMessage", content: ["a", 3], source: "u" }] as unknown as LLMMessage[];
    expect(() => removeImages(bad)).toThrow(OpenAIConversionError);
    expect(() => removeImages(bad)).toThrow("messages[0].content[1]");
  });
});
