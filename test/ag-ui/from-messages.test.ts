/**
 * fromAgUiMessages: AG-UI messages → AutoGen messages, each valid for `load`; unknown roles and
 * invalid messages get the library's typed error naming the path; the input is never written.
 * Round trip over every recorded team run: the AutoGen items → events → @ag-ui/client's applied
 * messages → AutoGen messages keep the texts, tool calls and results in order.
 */
import type { Message } from "@ag-ui/core";
import { describe, expect, it } from "vitest";
import { fromAgUiMessages, toAgUiEvents } from "../../src/ag-ui/index.js";
import { MessageValidationError } from "../../src/errors.js";
import { load } from "../../src/load.js";
import { agUiRuns, applied, deepFreeze } from "../helpers/ag-ui.js";

// A 1×1 PNG.
const PNG = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==";
const strip = (m: unknown) => {
  const { created_at: _c, ...rest } = m as Record<string, unknown>;
  return rest;
};
const error = (messages: unknown[]): string => {
  try {
    fromAgUiMessages(messages as Message[]);
  } catch (e) {
    expect(MessageValidationError.isInstance(e)).toBe(true);
    return (e as Error).message;
  }
  return "no error";
};

describe("fromAgUiMessages", () => {
  it("maps each role, keeping ids; name is the source", () => {
    const out = fromAgUiMessages([
      { id: "s", role: "system", content: "Be brief." },
      { id: "u", role: "user", content: "Add 1 and 2" },
      { id: "a", role: "assistant", name: "calc", content: "Let me call add.", toolCalls: [{ id: "c1", type: "function", function: { name: "add", arguments: '{"a":1,"b":2}' } }, { id: "c2", type: "function", function: { name: "now", arguments: "{}" } }] },
      { id: "t1", role: "tool", toolCallId: "c1", content: "3" },
      { id: "t2", role: "tool", toolCallId: "c2", content: "failed", error: "timeout" },
      { id: "r", role: "reasoning", content: "easy" },
      { id: "act", role: "activity", activityType: "progress", content: { pct: 50 } },
      { id: "a2", role: "assistant", content: "3" },
    ]);
    expect(out.map(strip)).toEqual([
      { id: "s", source: "system", models_usage: null, metadata: {}, content: "Be brief.", type: "TextMessage" },
      { id: "u", source: "user", models_usage: null, metadata: {}, content: "Add 1 and 2", type: "TextMessage" },
      { id: "a", source: "calc", models_usage: null, metadata: {}, content: "Let me call add.", type: "TextMessage" },
      { id: "a:tool_calls", source: "calc", models_usage: null, metadata: {}, content: [{ id: "c1", arguments: '{"a":1,"b":2}', name: "add" }, { id: "c2", arguments: "{}", name: "now" }], type: "ToolCallRequestEvent" },
      { id: "t1", source: "calc", models_usage: null, metadata: {}, content: [{ content: "3", name: "add", call_id: "c1", is_error: false }, { content: "failed", name: "now", call_id: "c2", is_error: true }], type: "ToolCallExecutionEvent" },
      { id: "r", source: "assistant", models_usage: null, metadata: {}, content: "easy", type: "ThoughtEvent" },
      { id: "a2", source: "assistant", models_usage: null, metadata: {}, content: "3", type: "TextMessage" },
    ]);
    for (const m of out) expect(() => load(m)).not.toThrow();
  });

  it("a user's image parts become a MultiModalMessage (data source or data: URL)", () => {
    const [m] = fromAgUiMessages([
      { id: "u", role: "user", content: [{ type: "text", text: "What is this?" }, { type: "image", source: { type: "data", value: PNG, mimeType: "image/png" } }, { type: "image", source: { type: "url", value: `data:image/png;base64,${PNG}` } }] },
    ]);
    expect(strip(m)).toEqual({ id: "u", source: "user", models_usage: null, metadata: {}, content: ["What is this?", { data: PNG }, { data: PNG }], type: "MultiModalMessage" });
  });

  it("typed errors naming the path; never the content", () => {
    expect(error([{ id: "a", role: "user", content: "x" }, { id: "b", role: "robot", content: "x" }])).toMatch(/^Invalid AG-UI message: \[1\]\.role: unknown AG-UI role "robot"; expected one of developer, system, assistant, user, tool, activity, reasoning/);
    expect(error([{ id: "a", role: "user", content: 42 }])).toMatch(/^Invalid AG-UI message: \[0\]\.content: /);
    expect(error([{ id: "a", role: "user", content: [{ type: "image", source: { type: "url", value: "https://x/secret-token.png" } }] }])).toMatch(/\[0\]\.content\[0\]\.source: an image AutoGen cannot hold/);
    expect(error([{ id: "a", role: "user", content: [{ type: "image", source: { type: "url", value: "https://x/secret-token.png" } }] }])).not.toContain("secret-token");
    expect(error(["hi"])).toMatch(/\[0\]: expected an AG-UI message object, got string/);
    expect(error([{ id: "a", role: "user", content: [{ type: "image", source: { type: "data", value: "bm90IGFuIGltYWdl", mimeType: "image/png" } }] }])).toMatch(/^Invalid MultiModalMessage: \[0\]\.content\[0\]/);
  });

  it("never writes to its input", () => {
    const input = deepFreeze([{ id: "u", role: "user", content: "hi" }, { id: "t", role: "tool", toolCallId: "c", content: "x" }] as Message[]);
    expect(fromAgUiMessages(input)).toHaveLength(2);
  });
});

describe("round trip over every recorded team run", () => {
  const texts = (ms: readonly unknown[]) =>
    (ms as { type: string; content: unknown }[]).flatMap((m) =>
      m.type === "ToolCallRequestEvent" ? (m.content as { id: string; name: string; arguments: string }[]).map((c) => `call ${c.id} ${c.name} ${c.arguments}`)
      : m.type === "ToolCallExecutionEvent" ? (m.content as { call_id: string; content: string }[]).map((r) => `result ${r.call_id} ${r.content}`)
      : m.type === "ThoughtEvent" ? [] : [`text ${typeof m.content === "string" ? m.content : JSON.stringify(m.content)}`],
    );
  it.each(agUiRuns.map((r) => [r.name, r] as const))("%s", async (_n, run) => {
    const messages = await applied(toAgUiEvents(run.items, run));
    const back = fromAgUiMessages(messages);
    for (const m of back) expect(() => load(m)).not.toThrow();
    // Each tool call and result of the run, in order (independent of the AG-UI side).
    const seen = new Set<string>();
    const want = run.items
      .flatMap((i) => ("messages" in i ? (i.messages as Record<string, unknown>[]) : "chat_message" in i ? [...((i.inner_messages as []) ?? []), i.chat_message as Record<string, unknown>] : [i]))
      .filter((m) => (seen.has(m.id as string) ? false : (seen.add(m.id as string), m.type === "ToolCallRequestEvent" || m.type === "ToolCallExecutionEvent")));
    expect(texts(back).filter((t) => !t.startsWith("text"))).toEqual(texts(want));
  });
});
