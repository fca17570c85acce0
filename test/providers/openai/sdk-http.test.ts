/**
 * The real `openai` SDK against a local HTTP server: the body toOpenAIRequest builds goes
 * through `client.chat.completions.create` unchanged, and what the SDK hands back (a parsed
 * completion, or chunks parsed from server-sent events) converts to the CreateResult AutoGen
 * returned for the same bytes.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import OpenAI from "openai";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  fromOpenAIResponse,
  streamOpenAI,
  toOpenAIRequest,
  type OpenAIChatCompletionRequest,
} from "../../../src/providers/openai/index.js";
import type { CreateResult } from "../../../src/schemas/core.js";
import { clientOptions, requestRecords, responseRecords, streamRecords, type ResponseRecord, type StreamRecord } from "./fixture-records.js";

type Reply = { kind: "json"; body: unknown } | { kind: "sse"; events: StreamRecord["events"] };

let server: Server;
let client: OpenAI;
let reply: Reply;
const received: Array<{ method?: string; url?: string; body: unknown }> = [];

function handle(req: IncomingMessage, res: ServerResponse): void {
  let raw = "";
  req.setEncoding("utf8");
  req.on("data", (c: string) => (raw += c));
  req.on("end", () => {
    received.push({ method: req.method, url: req.url, body: JSON.parse(raw) });
    if (reply.kind === "json") {
      res.writeHead(200, { "content-type": "application/json" });
      res.end(JSON.stringify(reply.body));
      return;
    }
    res.writeHead(200, { "content-type": "text/event-stream" });
    for (const e of reply.events) {
      res.write(`${e.event ? `event: ${e.event}\n` : ""}data: ${typeof e.data === "string" ? e.data : JSON.stringify(e.data)}\n\n`);
    }
    res.end();
  });
}

beforeAll(async () => {
  server = createServer(handle);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  client = new OpenAI({ baseURL: `http://127.0.0.1:${port}/v1`, apiKey: "dummy", maxRetries: 0 });
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

const lastBody = () => received.at(-1)!;
const json = (v: unknown) => JSON.parse(JSON.stringify(v)) as unknown;

// Every request record AutoGen sent, paired in turn with a response record to reply with.
const requests = requestRecords().filter((r) => !r.error);
const responses = responseRecords();

describe("openai SDK over HTTP: create()", () => {
  it.each(requests.map((r, i) => [r.name, r, responses[i % responses.length]!] as const))("%s", async (_name, rec, canned: ResponseRecord) => {
    const body = toOpenAIRequest(structuredClone(rec.input), {
      ...clientOptions(rec.client),
      ...(rec.tools ? { tools: rec.tools } : {}),
      toolChoice: rec.tool_choice,
    });
    reply = { kind: "json", body: canned.response };
    const convert = (completion: OpenAI.Chat.Completions.ChatCompletion) =>
      fromOpenAIResponse(completion, { model: canned.client.model, ...(canned.client.model_info ? { modelInfo: canned.client.model_info } : {}) });
    const completion = await client.chat.completions.create(body);
    // The SDK sent our body as it is, to the Chat Completions endpoint.
    expect(lastBody().method).toBe("POST");
    expect(lastBody().url).toBe("/v1/chat/completions");
    expect(lastBody().body).toStrictEqual(json(body));
    if (canned.error) {
      expect(() => convert(completion)).toThrow(canned.error.message);
      return;
    }
    expect(json(convert(completion))).toStrictEqual(canned.result);
  });

  it("sent every request record and replied with every response record", () => {
    expect(requests.length).toBeGreaterThanOrEqual(responses.length);
    expect(requests.length).toBe(116);
  });
});

describe("openai SDK over HTTP: streamed create()", () => {
  it.each(streamRecords().map((r) => [r.name, r] as const))("%s", async (_name, rec) => {
    const include = rec.create_stream_kwargs.include_usage;
    const body: OpenAIChatCompletionRequest<true> = toOpenAIRequest([{ type: "UserMessage", source: "user", content: "Go" }], {
      ...clientOptions(rec.client),
      stream: true,
      ...(include !== undefined ? { includeUsage: include } : {}),
    });
    reply = { kind: "sse", events: rec.events };
    const stream = await client.chat.completions.create(body);
    expect(lastBody().body).toStrictEqual(json(body));
    const items: Array<string | CreateResult> = [];
    const warnings: string[] = [];
    for await (const item of streamOpenAI(stream, {
      model: rec.client.model,
      ...(rec.client.model_info ? { modelInfo: rec.client.model_info } : {}),
      onWarning: (m) => warnings.push(m),
    })) {
      items.push(item);
    }
    expect(items.slice(0, -1)).toStrictEqual(rec.yielded);
    expect(json(items.at(-1))).toStrictEqual(rec.result);
    expect(warnings).toStrictEqual(rec.warnings.map((w) => w.message));
  });
});
