/**
 * The README's example (examples/context-openai.ts): a stored AutoGen run → toModelContext →
 * toOpenAIRequest → the real `openai` client, here against a local HTTP server standing in for
 * the API, which records what the client sent.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import OpenAI from "openai";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { nextReply, nextRequest, readRun } from "../../examples/context-openai.js";

let server: Server;
let client: OpenAI;
const bodies: unknown[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    let raw = "";
    req.setEncoding("utf8");
    req.on("data", (c: string) => (raw += c));
    req.on("end", () => {
      bodies.push(JSON.parse(raw));
      res.writeHead(200, { "content-type": "application/json" });
      res.end(JSON.stringify({ id: "x", object: "chat.completion", created: 0, model: "gpt-4o", choices: [{ index: 0, message: { role: "assistant", content: "Oslo: 4 degrees." }, finish_reason: "stop" }] }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  client = new OpenAI({ baseURL: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`, apiKey: "dummy", maxRetries: 0 });
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe("README example: a stored run continued with the openai client", () => {
  const run = readRun(new URL("../../examples/data/team-run.jsonl", import.meta.url));

  it("sends the agent's own turns as assistant messages, its tool round, then what it was sent since", async () => {
    const reply = await nextReply(client, run, "vector_tool_team", "And in Oslo?", "gpt-4o");
    expect(reply.content).toBe("Oslo: 4 degrees.");
    const body = bodies.at(-1) as { messages: Array<{ role: string; name?: string; content: unknown; tool_calls?: unknown[] }>; model: string; tools: unknown[] };
    expect(body).toStrictEqual(JSON.parse(JSON.stringify(nextRequest(run, "vector_tool_team", "And in Oslo?", "gpt-4o"))));
    // The run: user task, vector_tool_team's tool call and its result, its answer, query_handoff_call's reply.
    const [task, , , answer, other] = run.filter((m) => (m as { type?: string }).type !== undefined) as Array<{ type: string; source: string; content: unknown }>;
    expect(body.messages.map((m) => [m.role, m.name ?? null])).toStrictEqual([
      ["system", null],
      ["user", "user"],
      ["assistant", null],
      ["tool", null],
      ["assistant", null],
      ["user", "query_handoff_call"],
      ["user", "user"],
    ]);
    expect(body.messages[1]!.content).toBe(task!.content);
    expect(body.messages[2]!.tool_calls).toHaveLength(1);
    expect(body.messages[4]!.content).toBe(answer!.content);
    expect(body.messages[5]!.content).toBe(other!.content);
    expect(body.messages[6]!.content).toBe("And in Oslo?");
  });
});
