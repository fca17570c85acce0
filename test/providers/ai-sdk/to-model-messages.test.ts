/**
 * toModelMessages against hand-written expectations from the AI SDK's ModelMessage types
 * (@ai-sdk/provider-utils: SystemModelMessage, UserModelMessage, AssistantModelMessage,
 * ToolModelMessage and their parts).
 */
import {
  modelMessageSchema,
  type AssistantModelMessage,
  type ImagePart,
  type ModelMessage,
  type SystemModelMessage,
  type TextPart,
  type ToolCallPart,
  type ToolModelMessage,
  type ToolResultPart,
  type UserModelMessage,
} from "ai";
import { describe, expect, it } from "vitest";
import {
  AISDKConversionError,
  toModelMessages,
  type AIAssistantMessage,
  type AIImagePart,
  type AIModelMessage,
  type AIReasoningPart,
  type AISystemMessage,
  type AITextPart,
  type AIToolCallPart,
  type AIToolMessage,
  type AIToolResultPart,
  type AIUserMessage,
} from "../../../src/providers/ai-sdk/index.js";
import type { LLMMessage } from "../../../src/schemas/llm-messages.js";
import { thrownBy } from "../../helpers/values.js";

const errorOf = (f: () => unknown): AISDKConversionError => thrownBy(f, AISDKConversionError);

const PNG = "iVBORw0KGgoAAAANSUhEUgAAAAMAAAACCAIAAAASFvFNAAAAHElEQVR4nGM4LO8swslRzWHPmHT7bSSf9OGYtQA3/gaGwztH6gAAAABJRU5ErkJggg==";
const GIF = "R0lGODdhAwADAIMAAOyNR56G6FS3gXKE8iMnt9DyKJgdooAyIwI3ugAAAAAAAAAAAAAAAAAAAAAAAAAAACwAAAAAAwADAAAIDQALEBAwIAAABAcMBAQAOw==";

// Compile-time: the output type is assignable to the SDK's ModelMessage.
const typed: ModelMessage[] = toModelMessages([]);
const one: ModelMessage = {} as AIModelMessage;
// Every field name we write exists in the SDK's type (assignability alone lets a renamed
// optional field through).
type Within<A, B> = [Exclude<keyof A, keyof B>] extends [never] ? true : { extra: Exclude<keyof A, keyof B> };
type ReasoningPart = Extract<Exclude<AssistantModelMessage["content"], string>[number], { type: "reasoning" }>;
const fieldsKnown: [
  Within<AISystemMessage, SystemModelMessage>,
  Within<AIUserMessage, UserModelMessage>,
  Within<AIAssistantMessage, AssistantModelMessage>,
  Within<AIToolMessage, ToolModelMessage>,
  Within<AITextPart, TextPart>,
  Within<AIImagePart, ImagePart>,
  Within<AIReasoningPart, ReasoningPart>,
  Within<AIToolCallPart, ToolCallPart>,
  Within<AIToolResultPart, ToolResultPart>,
] = [true, true, true, true, true, true, true, true, true];

function valid(out: AIModelMessage[]): AIModelMessage[] {
  for (const m of out) expect(modelMessageSchema.safeParse(m).success).toBe(true);
  return out;
}

describe("toModelMessages", () => {
  it("types line up with ai's ModelMessage", () => {
    expect([typed, one]).toEqual([[], {}]);
    expect(fieldsKnown.every((x) => x === true)).toBe(true);
  });

  it("system and user text; source kept in providerOptions.agentchat", () => {
    expect(
      valid(
        toModelMessages([
          { type: "SystemMessage", content: "Be brief." },
          { type: "UserMessage", source: "alice", content: "Hi" },
        ]),
      ),
    ).toEqual([
      { role: "system", content: "Be brief." },
      { role: "user", content: "Hi", providerOptions: { agentchat: { source: "alice" } } },
    ]);
  });

  it("user text and images → text and image parts with the bytes' media type", () => {
    expect(valid(toModelMessages([{ type: "UserMessage", source: "u", content: ["look", { data: PNG }, { data: GIF }, ""] }]))).toEqual([
      {
        role: "user",
        content: [
          { type: "text", text: "look" },
          { type: "image", image: PNG, mediaType: "image/png" },
          { type: "image", image: GIF, mediaType: "image/gif" },
          { type: "text", text: "" },
        ],
        providerOptions: { agentchat: { source: "u" } },
      },
    ]);
  });

  it("assistant text without thought is a string; a thought adds a leading reasoning part", () => {
    expect(
      valid(
        toModelMessages([
          { type: "AssistantMessage", source: "bot", content: "Done.", thought: null },
          { type: "AssistantMessage", source: "bot", content: "Done.", thought: "Because." },
        ]),
      ),
    ).toEqual([
      { role: "assistant", content: "Done.", providerOptions: { agentchat: { source: "bot" } } },
      {
        role: "assistant",
        content: [
          { type: "reasoning", text: "Because." },
          { type: "text", text: "Done." },
        ],
        providerOptions: { agentchat: { source: "bot" } },
      },
    ]);
  });

  it("function calls → tool-call parts with parsed input; non-compact arguments text is kept", () => {
    const out = valid(
      toModelMessages([
        {
          type: "AssistantMessage",
          source: "bot",
          thought: "plan",
          content: [
            { id: "c1", name: "add", arguments: '{"a":1,"b":[2,3]}' },
            { id: "c2", name: "search", arguments: '{"q": "caf\\u00e9"}' },
            { id: "c3", name: "now", arguments: "" },
            { id: "c4", name: "echo", arguments: '"just a string"' },
          ],
        },
      ]),
    );
    expect(out).toEqual([
      {
        role: "assistant",
        content: [
          { type: "reasoning", text: "plan" },
          { type: "tool-call", toolCallId: "c1", toolName: "add", input: { a: 1, b: [2, 3] } },
          { type: "tool-call", toolCallId: "c2", toolName: "search", input: { q: "café" }, providerOptions: { agentchat: { arguments: '{"q": "caf\\u00e9"}' } } },
          { type: "tool-call", toolCallId: "c3", toolName: "now", input: {}, providerOptions: { agentchat: { arguments: "" } } },
          { type: "tool-call", toolCallId: "c4", toolName: "echo", input: "just a string" },
        ],
        providerOptions: { agentchat: { source: "bot" } },
      },
    ]);
  });

  it("function results → one tool message; is_error true → error-text", () => {
    expect(
      valid(
        toModelMessages([
          {
            type: "FunctionExecutionResultMessage",
            content: [
              { content: "3", name: "add", call_id: "c1", is_error: false },
              { content: "boom", name: "crash", call_id: "c2", is_error: true },
              { content: "", name: "quiet", call_id: "c3", is_error: null },
            ],
          },
        ]),
      ),
    ).toEqual([
      {
        role: "tool",
        content: [
          { type: "tool-result", toolCallId: "c1", toolName: "add", output: { type: "text", value: "3" } },
          { type: "tool-result", toolCallId: "c2", toolName: "crash", output: { type: "error-text", value: "boom" } },
          { type: "tool-result", toolCallId: "c3", toolName: "quiet", output: { type: "text", value: "" } },
        ],
      },
    ]);
  });

  it("keepAutoGenDetails: false writes no providerOptions", () => {
    const out = toModelMessages(
      [
        { type: "UserMessage", source: "alice", content: "Hi" },
        { type: "AssistantMessage", source: "bot", content: [{ id: "c1", name: "f", arguments: '{"a": 1}' }], thought: null },
      ],
      { keepAutoGenDetails: false },
    );
    expect(out).toEqual([
      { role: "user", content: "Hi" },
      { role: "assistant", content: [{ type: "tool-call", toolCallId: "c1", toolName: "f", input: { a: 1 } }] },
    ]);
  });

  it("invalid arguments, bad images and unknown types are errors naming the path", () => {
    const args = errorOf(() =>
      toModelMessages([
        { type: "UserMessage", source: "u", content: "x" },
        { type: "AssistantMessage", source: "b", content: [{ id: "c1", name: "f", arguments: "OK" }], thought: null },
      ]),
    );
    expect(args.path).toEqual(["messages", 1, "content", 0, "arguments"]);
    expect(args.message).toMatch(/^messages\[1\]\.content\[0\]\.arguments: invalid JSON/);
    expect(errorOf(() => toModelMessages([{ type: "UserMessage", source: "u", content: [{ data: "aGVsbG8=" }] }])).path).toEqual(["messages", 0, "content", 0, "data"]);
    expect(errorOf(() => toModelMessages([{ type: "Nope" } as unknown as LLMMessage])).path).toEqual(["messages", 0, "type"]);
  });

  it("does not change its input", () => {
    const msgs: LLMMessage[] = [{ type: "AssistantMessage", source: "b", content: [{ id: "c1", name: "f", arguments: '{"a":{"b":1}}' }], thought: "t" }];
    const before = structuredClone(msgs);
    const out = toModelMessages(msgs);
    ((out[0]!.content as Array<{ input?: { a: { b: number } } }>)[1]!.input!).a.b = 9;
    expect(msgs).toEqual(before);
  });
});
