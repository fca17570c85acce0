/**
 * The converters against the real `@google/genai` SDK: outputs type-check as the SDK's request
 * types (so shape drift fails `npm run typecheck`), and a request sent through `GoogleGenAI` to
 * a local server carries them unchanged; the SDK's parsed response converts back.
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { GoogleGenAI, type Content, type GenerateContentParameters, type GenerateContentResponse, type Part, type Tool } from "@google/genai";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  fromGeminiResponse,
  toGeminiContents,
  toGeminiTools,
  type GeminiContent,
  type GeminiPart,
  type GeminiResponse,
} from "../../../src/providers/gemini/index.js";
import type { LLMMessage } from "../../../src/schemas/llm-messages.js";

type Config = NonNullable<GenerateContentParameters["config"]>;

const PNG = "iVBORw0KGgoAAAANSUhEUgAAAAMAAAACCAIAAAASFvFNAAAAHElEQVR4nGM4LO8swslRzWHPmHT7bSSf9OGYtQA3/gaGwztH6gAAAABJRU5ErkJggg==";

const messages: LLMMessage[] = [
  { type: "SystemMessage", content: "Be brief." },
  { type: "UserMessage", source: "user", content: ["What is in this image, and the weather?", { data: PNG }] },
  { type: "AssistantMessage", source: "bot", content: [{ id: "c1", name: "weather", arguments: '{"city": "Paris"}' }], thought: "Need the weather." },
  { type: "FunctionExecutionResultMessage", content: [{ content: "sunny", name: "weather", call_id: "c1", is_error: false }] },
];
const tools = [{ name: "weather", description: "Weather by city", parameters: { type: "object", properties: { city: { type: "string" } }, required: ["city"] } }];

// Compile-time checks: each assignment fails tsc if our shapes drift from the SDK's.
const converted = toGeminiContents(messages, { thoughtSignature: "skip_thought_signature_validator" });
const sdkContents: Content[] = converted.contents;
const sdkPart: Part = {} as GeminiPart;
const sdkContent: Content = {} as GeminiContent;
const sdkSystem: Config["systemInstruction"] = converted.systemInstruction;
const sdkTools: Tool[] = toGeminiTools(tools);
const sdkConfig: Config = { systemInstruction: converted.systemInstruction, tools: toGeminiTools(tools) };
// Every field name we write exists in the SDK's type (a renamed field fails here, where a plain
// assignment to an all-optional type would let it through).
type Within<A, B> = [Exclude<keyof A, keyof B>] extends [never] ? true : { extra: Exclude<keyof A, keyof B> };
type P = Required<GeminiPart>;
type FnDecl = NonNullable<Tool["functionDeclarations"]>[number];
const fieldsKnown: [
  Within<GeminiContent, Content>,
  Within<GeminiPart, Part>,
  Within<P["inlineData"], NonNullable<Part["inlineData"]>>,
  Within<P["functionCall"], NonNullable<Part["functionCall"]>>,
  Within<P["functionResponse"], NonNullable<Part["functionResponse"]>>,
  Within<ReturnType<typeof toGeminiTools>[number], Tool>,
  Within<ReturnType<typeof toGeminiTools>[number]["functionDeclarations"][number], FnDecl>,
] = [true, true, true, true, true, true, true];
// The SDK's response class is accepted as input.
const fromSdk = (r: GenerateContentResponse) => fromGeminiResponse(r);
const asInput: GeminiResponse = {} as GenerateContentResponse;

describe("@google/genai types", () => {
  it("the converted values are the values the SDK types describe", () => {
    expect(sdkContents).toBe(converted.contents);
    expect(sdkSystem).toBe(converted.systemInstruction);
    expect(sdkConfig.tools).toEqual(sdkTools);
    expect([sdkPart, sdkContent, asInput, typeof fromSdk]).toEqual([{}, {}, {}, "function"]);
    expect(fieldsKnown.every((x) => x === true)).toBe(true);
  });
});

describe("through GoogleGenAI to a local server", () => {
  let received: { url: string; body: Record<string, unknown> } | undefined;
  const reply = {
    candidates: [
      {
        content: { role: "model", parts: [{ text: "Sunny, and a tiny image.", thoughtSignature: "c2ln" }] },
        finishReason: "STOP",
        index: 0,
      },
    ],
    usageMetadata: { promptTokenCount: 40, candidatesTokenCount: 7, thoughtsTokenCount: 3, totalTokenCount: 50 },
    modelVersion: "gemini-2.5-flash",
  };
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    let data = "";
    req.on("data", (c) => (data += c));
    req.on("end", () => {
      received = { url: req.url ?? "", body: JSON.parse(data) as Record<string, unknown> };
      res.writeHead(200, { "content-type": "application/json" });
      res.end(JSON.stringify(reply));
    });
  });
  let baseUrl = "";
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it("the request body carries the converted contents, systemInstruction and tools", async () => {
    const ai = new GoogleGenAI({ apiKey: "test-key", httpOptions: { baseUrl } });
    const { systemInstruction, contents } = toGeminiContents(messages, { thoughtSignature: "skip_thought_signature_validator" });
    const response = await ai.models.generateContent({ model: "gemini-2.5-flash", contents, config: { systemInstruction, tools: toGeminiTools(tools) } });

    expect(received!.url).toMatch(/\/models\/gemini-2\.5-flash:generateContent$/);
    expect(received!.body).toEqual({
      contents: [
        {
          role: "user",
          parts: [{ text: "What is in this image, and the weather?" }, { inlineData: { mimeType: "image/png", data: PNG } }],
        },
        {
          role: "model",
          parts: [
            { text: "Need the weather.", thought: true },
            { functionCall: { id: "c1", name: "weather", args: { city: "Paris" } }, thoughtSignature: "skip_thought_signature_validator" },
          ],
        },
        { role: "user", parts: [{ functionResponse: { id: "c1", name: "weather", response: { output: "sunny" } } }] },
      ],
      systemInstruction: { parts: [{ text: "Be brief." }] },
      generationConfig: {}, // the SDK's own
      tools: [
        {
          functionDeclarations: [
            { name: "weather", description: "Weather by city", parametersJsonSchema: { type: "object", properties: { city: { type: "string" } }, required: ["city"] } },
          ],
        },
      ],
    });

    expect(fromSdk(response)).toEqual({
      finish_reason: "stop",
      content: "Sunny, and a tiny image.",
      usage: { prompt_tokens: 40, completion_tokens: 10 },
      cached: false,
      logprobs: null,
      thought: null,
    });
  });
});
