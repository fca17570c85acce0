/**
 * toGeminiContents / toGeminiTools against hand-written expectations from the Gemini API's
 * documented request shape (Content, Part, FunctionCall, FunctionResponse, Blob).
 */
import { describe, expect, it } from "vitest";
import { GeminiConversionError, toGeminiContents, toGeminiTools } from "../../../src/providers/gemini/index.js";
import type { LLMMessage } from "../../../src/schemas/llm-messages.js";
import { thrownBy } from "../../helpers/values.js";

const conversionError = (f: () => unknown): GeminiConversionError => thrownBy(f, GeminiConversionError);

// Images from the AutoGen provider fixtures (user/multimodal:*): a 3x2 PNG, a 4x4 JPEG, a GIF.
const PNG = "iVBORw0KGgoAAAANSUhEUgAAAAMAAAACCAIAAAASFvFNAAAAHElEQVR4nGM4LO8swslRzWHPmHT7bSSf9OGYtQA3/gaGwztH6gAAAABJRU5ErkJggg==";
const GIF = "R0lGODdhAwADAIMAAOyNR56G6FS3gXKE8iMnt9DyKJgdooAyIwI3ugAAAAAAAAAAAAAAAAAAAAAAAAAAACwAAAAAAwADAAAIDQALEBAwIAAABAcMBAQAOw==";
const JPEG =
  "/9j/4AAQSkZJRgABAQAAAQABAAD/2wBDAAgGBgcGBQgHBwcJCQgKDBQNDAsLDBkSEw8UHRofHh0aHBwgJC4nICIsIxwcKDcpLDAxNDQ0Hyc5PTgyPC4zNDL/2wBDAQkJCQwLDBgNDRgyIRwhMjIyMjIyMjIyMjIyMjIyMjIyMjIyMjIyMjIyMjIyMjIyMjIyMjIyMjIyMjIyMjIyMjL/wAARCAAEAAQDASIAAhEBAxEB/8QAHwAAAQUBAQEBAQEAAAAAAAAAAAECAwQFBgcICQoL/8QAtRAAAgEDAwIEAwUFBAQAAAF9AQIDAAQRBRIhMUEGE1FhByJxFDKBkaEII0KxwRVS0fAkM2JyggkKFhcYGRolJicoKSo0NTY3ODk6Q0RFRkdISUpTVFVWV1hZWmNkZWZnaGlqc3R1dnd4eXqDhIWGh4iJipKTlJWWl5iZmqKjpKWmp6ipqrKztLW2t7i5usLDxMXGx8jJytLT1NXW19jZ2uHi4+Tl5ufo6erx8vP09fb3+Pn6/8QAHwEAAwEBAQEBAQEBAQAAAAAAAAECAwQFBgcICQoL/8QAtREAAgECBAQDBAcFBAQAAQJ3AAECAxEEBSExBhJBUQdhcRMiMoEIFEKRobHBCSMzUvAVYnLRChYkNOEl8RcYGRomJygpKjU2Nzg5OkNERUZHSElKU1RVVldYWVpjZGVmZ2hpanN0dXZ3eHl6goOEhYaHiImKkpOUlZaXmJmaoqOkpaanqKmqsrO0tba3uLm6wsPExcbHyMnK0tPU1dbX2Nna4uPk5ebn6Onq8vP09fb3+Pn6/9oADAMBAAIRAxEAPwDzxIU29KKKK8Myi3Y//9k=";

const sys = (content: string): LLMMessage => ({ type: "SystemMessage", content });
const user = (content: LLMMessage & { type: "UserMessage" } extends { content: infer C } ? C : never, source = "u"): LLMMessage => ({ type: "UserMessage", source, content });
const asst = (content: string | Array<{ id: string; name: string; arguments: string }>, thought: string | null = null): LLMMessage => ({
  type: "AssistantMessage",
  source: "bot",
  content,
  thought,
});

describe("toGeminiContents: system messages", () => {
  it("leading system messages become one text part each of systemInstruction", () => {
    expect(toGeminiContents([sys("A"), sys("B"), user("hi")])).toEqual({
      systemInstruction: { parts: [{ text: "A" }, { text: "B" }] },
      contents: [{ role: "user", parts: [{ text: "hi" }] }],
    });
  });

  it("no system message: no systemInstruction key", () => {
    const r = toGeminiContents([user("hi")]);
    expect("systemInstruction" in r).toBe(false);
  });

  it("a later system message goes to systemInstruction by default", () => {
    expect(toGeminiContents([sys("A"), user("hi"), sys("memory: x")])).toEqual({
      systemInstruction: { parts: [{ text: "A" }, { text: "memory: x" }] },
      contents: [{ role: "user", parts: [{ text: "hi" }] }],
    });
  });

  it("laterSystemMessages: user sends it in place; error throws with the index", () => {
    const msgs = [sys("A"), user("hi"), sys("memory: x"), asst("ok")];
    expect(toGeminiContents(msgs, { laterSystemMessages: "user" })).toEqual({
      systemInstruction: { parts: [{ text: "A" }] },
      contents: [
        { role: "user", parts: [{ text: "hi" }] },
        { role: "user", parts: [{ text: "memory: x" }] },
        { role: "model", parts: [{ text: "ok" }] },
      ],
    });
    const e = conversionError(() => toGeminiContents(msgs, { laterSystemMessages: "error" }));
    expect(e.path).toEqual(["messages", 2]);
    expect(e.message).toMatch(/^messages\[2\]: /);
  });

  it("an empty system message is sent as a space", () => {
    expect(toGeminiContents([sys("")]).systemInstruction).toEqual({ parts: [{ text: " " }] });
  });
});

describe("toGeminiContents: user messages", () => {
  it("text and images become text and inlineData parts with the bytes' MIME type", () => {
    expect(toGeminiContents([user(["look", { data: PNG }, { data: JPEG }, { data: GIF }, "done"])]).contents).toEqual([
      {
        role: "user",
        parts: [
          { text: "look" },
          { inlineData: { mimeType: "image/png", data: PNG } },
          { inlineData: { mimeType: "image/jpeg", data: JPEG } },
          { inlineData: { mimeType: "image/gif", data: GIF } },
          { text: "done" },
        ],
      },
    ]);
  });

  it("base64 with line breaks is sent canonical", () => {
    const wrapped = PNG.slice(0, 40) + "\n" + PNG.slice(40);
    const [content] = toGeminiContents([user([{ data: wrapped }])]).contents;
    expect(content!.parts).toEqual([{ inlineData: { mimeType: "image/png", data: PNG } }]);
  });

  it("source is not sent; empty text is a space; an empty list is one space part", () => {
    expect(toGeminiContents([user("", "alice"), user(["", "x"]), user([])]).contents).toEqual([
      { role: "user", parts: [{ text: " " }] },
      { role: "user", parts: [{ text: " " }, { text: "x" }] },
      { role: "user", parts: [{ text: " " }] },
    ]);
  });

  it("data that is no image is an error naming the item", () => {
    const e = conversionError(() => toGeminiContents([sys("s"), user(["a", { data: "aGVsbG8=" }])]));
    expect(e.path).toEqual(["messages", 1, "content", 1, "data"]);
  });

  it("consecutive user contents are not merged", () => {
    expect(toGeminiContents([user("a"), user("b")]).contents).toHaveLength(2);
  });
});

describe("toGeminiContents: assistant messages", () => {
  it("text → model text part; thought → leading thought part", () => {
    expect(toGeminiContents([asst("answer", "because")]).contents).toEqual([
      { role: "model", parts: [{ text: "because", thought: true }, { text: "answer" }] },
    ]);
  });

  it("thoughts: drop leaves it out; an empty thought is always left out", () => {
    expect(toGeminiContents([asst("answer", "because")], { thoughts: "drop" }).contents).toEqual([{ role: "model", parts: [{ text: "answer" }] }]);
    expect(toGeminiContents([asst("answer", "")]).contents).toEqual([{ role: "model", parts: [{ text: "answer" }] }]);
  });

  it("function calls → functionCall parts with parsed args and the call id", () => {
    const calls = [
      { id: "c1", name: "search", arguments: '{"q": "caf\\u00e9", "n": 8, "deep": {"x": [1, null]}}' },
      { id: "c2", name: "now", arguments: "{}" },
      { id: "c3", name: "noargs", arguments: "" },
    ];
    expect(toGeminiContents([asst(calls, "plan")]).contents).toEqual([
      {
        role: "model",
        parts: [
          { text: "plan", thought: true },
          { functionCall: { id: "c1", name: "search", args: { q: "café", n: 8, deep: { x: [1, null] } } } },
          { functionCall: { id: "c2", name: "now", args: {} } },
          { functionCall: { id: "c3", name: "noargs", args: {} } },
        ],
      },
    ]);
  });

  it("thoughtSignature is added to every functionCall part", () => {
    const calls = [
      { id: "c1", name: "a", arguments: "{}" },
      { id: "c2", name: "b", arguments: '{"k":1}' },
    ];
    expect(toGeminiContents([asst(calls, "t")], { thoughtSignature: "skip_thought_signature_validator" }).contents[0]!.parts).toEqual([
      { text: "t", thought: true },
      { functionCall: { id: "c1", name: "a", args: {} }, thoughtSignature: "skip_thought_signature_validator" },
      { functionCall: { id: "c2", name: "b", args: { k: 1 } }, thoughtSignature: "skip_thought_signature_validator" },
    ]);
  });

  it("invalid JSON and non-object arguments are errors naming the call", () => {
    const bad = conversionError(() => toGeminiContents([user("x"), asst([{ id: "c1", name: "f", arguments: "{" }])]));
    expect(bad.path).toEqual(["messages", 1, "content", 0, "arguments"]);
    expect(bad.message).toMatch(/^messages\[1\]\.content\[0\]\.arguments: invalid JSON/);
    for (const args of ["[1]", "3", "null", '"s"']) {
      const e = conversionError(() => toGeminiContents([asst([{ id: "ok", name: "g", arguments: "{}" }, { id: "c1", name: "f", arguments: args }])]));
      expect(e.path).toEqual(["messages", 0, "content", 1, "arguments"]);
      expect(e.message).toMatch(/expected a JSON object/);
    }
  });

  it("an empty text is a space", () => {
    expect(toGeminiContents([asst("")]).contents).toEqual([{ role: "model", parts: [{ text: " " }] }]);
  });
});

describe("toGeminiContents: function results", () => {
  it("one user content, one functionResponse per result; is_error → error key", () => {
    const msg: LLMMessage = {
      type: "FunctionExecutionResultMessage",
      content: [
        { content: "sunny", name: "weather", call_id: "c1", is_error: false },
        { content: "boom", name: "crash", call_id: "c2", is_error: true },
        { content: "", name: "quiet", call_id: "c3", is_error: null },
      ],
    };
    expect(toGeminiContents([msg]).contents).toEqual([
      {
        role: "user",
        parts: [
          { functionResponse: { id: "c1", name: "weather", response: { output: "sunny" } } },
          { functionResponse: { id: "c2", name: "crash", response: { error: "boom" } } },
          { functionResponse: { id: "c3", name: "quiet", response: { output: "" } } },
        ],
      },
    ]);
  });

  it("an empty result list is an error", () => {
    const e = conversionError(() => toGeminiContents([{ type: "FunctionExecutionResultMessage", content: [] }]));
    expect(e.path).toEqual(["messages", 0, "content"]);
  });
});

describe("toGeminiContents: input handling", () => {
  it("unknown message types are errors naming the index", () => {
    const e = conversionError(() => toGeminiContents([user("a"), { type: "ToolMessage", content: "x" } as unknown as LLMMessage]));
    expect(e.path).toEqual(["messages", 1, "type"]);
  });

  it("does not change its input and shares no objects with it", () => {
    const msgs: LLMMessage[] = [sys("s"), user(["a", { data: PNG }]), asst([{ id: "c1", name: "f", arguments: '{"a":{"b":1}}' }], "t")];
    const before = structuredClone(msgs);
    const out = toGeminiContents(msgs);
    expect(msgs).toEqual(before);
    (out.contents[1]!.parts[1]!.functionCall!.args as { a: { b: number } }).a.b = 2;
    expect(msgs).toEqual(before);
  });

  it("a whole conversation", () => {
    const msgs: LLMMessage[] = [
      sys("Hello, world!"),
      user("agent message"),
      user(["Ελληνικά", { data: PNG }]),
      asst("it's \"both\"", "user json"),
      asst([
        { id: "call_a", name: "search", arguments: '{"q": "x", "n": 8}' },
        { id: "call_b", name: "event", arguments: '{"city": "y"}' },
      ]),
      {
        type: "FunctionExecutionResultMessage",
        content: [
          { content: "r1", name: "search", call_id: "call_a", is_error: false },
          { content: "r2", name: "event", call_id: "call_b", is_error: true },
        ],
      },
      user("😀"),
    ];
    expect(toGeminiContents(msgs)).toEqual({
      systemInstruction: { parts: [{ text: "Hello, world!" }] },
      contents: [
        { role: "user", parts: [{ text: "agent message" }] },
        { role: "user", parts: [{ text: "Ελληνικά" }, { inlineData: { mimeType: "image/png", data: PNG } }] },
        { role: "model", parts: [{ text: "user json", thought: true }, { text: "it's \"both\"" }] },
        {
          role: "model",
          parts: [
            { functionCall: { id: "call_a", name: "search", args: { q: "x", n: 8 } } },
            { functionCall: { id: "call_b", name: "event", args: { city: "y" } } },
          ],
        },
        {
          role: "user",
          parts: [
            { functionResponse: { id: "call_a", name: "search", response: { output: "r1" } } },
            { functionResponse: { id: "call_b", name: "event", response: { error: "r2" } } },
          ],
        },
        { role: "user", parts: [{ text: "😀" }] },
      ],
    });
  });
});

describe("toGeminiTools", () => {
  it("one tool with every declaration; parameters as parametersJsonSchema; strict dropped", () => {
    const params = { type: "object", properties: { a: { type: "number" } }, required: ["a"], additionalProperties: false };
    const out = toGeminiTools([
      { name: "add", description: "Add", parameters: params, strict: true },
      { name: "ping" },
    ]);
    expect(out).toEqual([
      {
        functionDeclarations: [
          { name: "add", description: "Add", parametersJsonSchema: { type: "object", properties: { a: { type: "number" } }, required: ["a"], additionalProperties: false } },
          { name: "ping" },
        ],
      },
    ]);
    expect(out[0]!.functionDeclarations[0]!.parametersJsonSchema).not.toBe(params);
  });

  it("no tools → []; a nameless tool is an error", () => {
    expect(toGeminiTools([])).toEqual([]);
    expect(conversionError(() => toGeminiTools([{ name: "a" }, {} as never])).path).toEqual(["tools", 1, "name"]);
  });
});
