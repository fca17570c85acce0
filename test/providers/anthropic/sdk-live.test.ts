/**
 * Through the real `@anthropic-ai/sdk` client: a request built by toAnthropicRequest is sent to a
 * local HTTP server, which checks the JSON body it received and answers with a recorded response
 * (anthropic-responses.jsonl) or a recorded event stream (anthropic-stream.jsonl).
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import Anthropic from "@anthropic-ai/sdk";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  anthropicStream,
  fromAnthropicResponse,
  toAnthropicRequest,
  type AnthropicResponse,
  type AnthropicStreamEvent,
} from "../../../src/providers/anthropic/index.js";
import type { LLMMessage } from "../../../src/schemas/llm-messages.js";
import type { FixtureRecord } from "../../helpers/fixtures.js";
import { read } from "./fixture-helpers.js";

interface Exchange {
  body: unknown;
  path: string;
}

let server: Server;
let baseURL: string;
let reply: (res: ServerResponse) => void = (res) => res.writeHead(500).end();
const received: Exchange[] = [];

beforeAll(async () => {
  server = createServer((req: IncomingMessage, res: ServerResponse) => {
    let text = "";
    req.setEncoding("utf8");
    req.on("data", (c: string) => (text += c));
    req.on("end", () => {
      received.push({ body: JSON.parse(text), path: req.url ?? "" });
      reply(res);
    });
  });
  await new Promise<void>((ok) => server.listen(0, "127.0.0.1", ok));
  baseURL = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise<void>((ok) => server.close(() => ok()));
});

const client = () => new Anthropic({ apiKey: "test-key", baseURL, maxRetries: 0 });
const model = "claude-3-5-sonnet-20241022";
const conversation: LLMMessage[] = [
  { type: "SystemMessage", content: "Be brief." },
  { type: "UserMessage", source: "user", content: "Weather in Paris?" },
  { type: "AssistantMessage", source: "bot", thought: "Look it up.", content: [{ id: "toolu_1", name: "weather", arguments: '{"city": "Paris", "n": 1.5}' }] },
  { type: "FunctionExecutionResultMessage", content: [{ content: "sunny", name: "weather", call_id: "toolu_1", is_error: false }] },
];

describe("@anthropic-ai/sdk against a local server", () => {
  it("sends toAnthropicRequest's body unchanged and fromAnthropicResponse reads the reply", async () => {
    const rec = read<FixtureRecord & { response: AnthropicResponse; result: unknown }>("anthropic-responses.jsonl").find(
      (r) => r.name === "tool_use/with-text:thought",
    )!;
    reply = (res) => res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(rec.response));
    const request = toAnthropicRequest(conversation, { model, tools: [{ name: "weather", parameters: { type: "object", properties: { city: { type: "string" } } } }] });
    // The cast is for `tools` only: AutoGen's input_schema may lack `type` (see sdk-types.typecheck.ts).
    const message = await client().messages.create(request as Anthropic.MessageCreateParamsNonStreaming);
    const sent = received.at(-1)!;
    expect(sent.path).toBe("/v1/messages");
    expect(sent.body).toStrictEqual(JSON.parse(JSON.stringify(request)));
    expect(fromAnthropicResponse(message, { model })).toStrictEqual(rec.result);
  });

  it("streams: the SDK parses the recorded events and anthropicStream yields what AutoGen yielded", async () => {
    const rec = read<FixtureRecord & { events: { event: string | null; data: AnthropicStreamEvent }[]; yielded: string[]; result: unknown }>(
      "anthropic-stream.jsonl",
    ).find((r) => r.name === "thinking+text")!;
    const sse = rec.events.map((e) => `event: ${e.event}\ndata: ${JSON.stringify(e.data)}\n\n`).join("");
    reply = (res) => res.writeHead(200, { "content-type": "text/event-stream" }).end(sse);
    const request = toAnthropicRequest(conversation.slice(0, 2), { model, stream: true });
    expect(request.stream).toBe(true);
    const events = await client().messages.create(request as Anthropic.MessageCreateParamsStreaming);
    const items: unknown[] = [];
    for await (const item of anthropicStream(events, { model })) items.push(item);
    expect(received.at(-1)!.body).toStrictEqual(JSON.parse(JSON.stringify(request)));
    expect(items).toStrictEqual([...rec.yielded, rec.result]);
  });
});
