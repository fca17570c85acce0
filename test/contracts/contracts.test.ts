/** The agents' data contracts: validation through the registry, error paths, Python's dump order. */
import { describe, expect, it } from "vitest";
import * as z from "zod/mini";
import {
  ApprovalRequest,
  ApprovalResponse,
  MessageFilterConfig,
  PerSourceFilter,
  Response,
  TaskResult,
  dumpApprovalRequest,
  dumpApprovalResponse,
  dumpContract,
  dumpMessageFilterConfig,
  dumpResponse,
  dumpTaskResult,
  messageField,
} from "../../src/contracts/index.js";
import { MessageRegistry } from "../../src/registry.js";
import { safeParseWith } from "../../src/parse.js";
import { dump } from "../../src/dump.js";

const text = { type: "TextMessage", source: "user", content: "hi" };
const thought = { type: "ThoughtEvent", source: "a", content: "hmm" };

describe("TaskResult", () => {
  it("loads messages of any kind, with defaults, and stop_reason defaulting to null", () => {
    const r = TaskResult.parse({ messages: [text, thought, { type: "StructuredMessage[W]", source: "b", content: { x: 1 } }] });
    expect(r.stop_reason).toBeNull();
    expect(r.messages.map((m) => m.type)).toEqual(["TextMessage", "ThoughtEvent", "StructuredMessage[W]"]);
    expect(r.messages[0]!.id).toEqual(expect.any(String));
  });

  it("reports a bad message with its full path and the loader's code", () => {
    const bad = { messages: [text, { type: "ToolCallRequestEvent", source: "a", content: [{ id: "1", arguments: "{}", name: 42 }] }] };
    const r = safeParseWith(TaskResult, bad, "TaskResult");
    expect(r.success).toBe(false);
    expect(r.error!.issues[0]).toMatchObject({ path: ["messages", 1, "content", 0, "name"], code: "string_type" });
    expect(r.error!.message).toContain("messages[1].content[0].name");
  });

  it("reports unknown types and missing fields", () => {
    const r = safeParseWith(TaskResult, { messages: [{ type: "Nope", source: "a" }] });
    expect(r.error!.issues[0]).toMatchObject({ path: ["messages", 0, "type"], code: "unknown_type" });
    const m = safeParseWith(TaskResult, { stop_reason: "x" });
    expect(m.error!.issues[0]).toMatchObject({ path: ["messages"], code: "missing" });
  });

  it("dumps in Python's key order, messages dumped per kind", () => {
    const r = TaskResult.parse({ stop_reason: "done", messages: [{ content: "hi", source: "user", type: "TextMessage" }] });
    const out = dumpTaskResult(r) as { messages: Record<string, unknown>[] };
    expect(Object.keys(out)).toEqual(["messages", "stop_reason"]);
    expect(Object.keys(out.messages[0]!)).toEqual(["id", "source", "models_usage", "metadata", "created_at", "content", "type"]);
    expect(out.messages[0]).toEqual(dump(r.messages[0]));
  });
});

describe("Response", () => {
  it("requires a chat message as chat_message; inner_messages defaults to null", () => {
    const r = Response.parse({ inner_messages: null, chat_message: text });
    expect(r.inner_messages).toBeNull();
    expect(Object.keys(dumpResponse(r) as object)).toEqual(["chat_message", "inner_messages"]);
    const e = safeParseWith(Response, { chat_message: thought });
    expect(e.error!.issues[0]).toMatchObject({ path: ["chat_message", "type"], code: "model_type" });
  });

  it("validates nested messages through the given registry (registered structured content)", () => {
    const registry = new MessageRegistry();
    registry.registerStructuredMessage("Weather", z.object({ city: z.string(), temperature: z.number() }));
    const Local = z.object({ chat_message: messageField({ registry, group: "chat" }) });
    const ok = Local.safeParse({ chat_message: { type: "StructuredMessage[Weather]", source: "b", content: { city: "Oslo", temperature: 3 } } });
    expect(ok.success).toBe(true);
    const bad = safeParseWith(Local, { chat_message: { type: "StructuredMessage[Weather]", source: "b", content: { city: "Oslo", temperature: "warm" } } });
    expect(bad.error!.issues[0]!.path).toEqual(["chat_message", "content", "temperature"]);
  });

  it("knows custom kinds registered on the registry", () => {
    const registry = new MessageRegistry();
    registry.register({
      type: "ProgressEvent",
      group: "event",
      schema: z.object({ source: z.string(), content: z.number(), type: z.literal("ProgressEvent") }),
      toText: (m) => `${m.content}%`,
    });
    const Local = z.object({ messages: z.array(messageField({ registry })) });
    expect(Local.parse({ messages: [{ type: "ProgressEvent", source: "a", content: 50 }] }).messages[0]!.type).toBe("ProgressEvent");
  });
});

describe("approval and filter contracts", () => {
  it("ApprovalRequest validates its LLM context and dumps in order", () => {
    const r = ApprovalRequest.parse({ context: [{ type: "SystemMessage", content: "x" }, { source: "u", content: "hi", type: "UserMessage" }], code: "```sh\nls\n```" });
    const out = dumpApprovalRequest(r) as { context: object[] };
    expect(Object.keys(out)).toEqual(["code", "context"]);
    expect(Object.keys(out.context[1]!)).toEqual(["content", "source", "type"]);
    expect(safeParseWith(ApprovalRequest, { code: "x", context: [{ type: "Bogus" }] }).success).toBe(false);
  });

  it("ApprovalResponse takes lax booleans and dumps approved before reason", () => {
    const r = ApprovalResponse.parse({ reason: "ok", approved: "yes" });
    expect(r.approved).toBe(true);
    expect(JSON.stringify(dumpApprovalResponse(r))).toBe('{"approved":true,"reason":"ok"}');
  });

  it("PerSourceFilter / MessageFilterConfig fill Python's defaults", () => {
    expect(PerSourceFilter.parse({ source: "u" })).toEqual({ source: "u", position: null, count: null });
    expect(safeParseWith(PerSourceFilter, { source: "u", position: "middle" }).success).toBe(false);
    const c = MessageFilterConfig.parse({ per_source: [{ count: "2", source: "B", position: "last" }] });
    expect(JSON.stringify(dumpMessageFilterConfig(c))).toBe('{"per_source":[{"source":"B","position":"last","count":2}]}');
    expect(dumpContract(MessageFilterConfig, c)).toEqual(dumpMessageFilterConfig(c));
  });
});
