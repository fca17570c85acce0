import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { MessageValidationError } from "../../src/errors.js";
import { otelMessagesText, toOtelMessages, toOtelSystemInstructions } from "../../src/otel/index.js";

const jsonl = (p: string) => readFileSync(new URL(p, import.meta.url), "utf8").split("\n").filter(Boolean).map((l) => JSON.parse(l));
const maf = jsonl("../fixtures/maf/otel-messages.jsonl");
type Ctx = { path: string; messages: any[] };
function contexts(v: unknown, path: string, out: Ctx[]): Ctx[] {
  if (Array.isArray(v)) v.forEach((x, i) => contexts(x, `${path}[${i}]`, out));
  else if (v && typeof v === "object") {
    const o = v as any;
    if (o.llm_context && Array.isArray(o.llm_context.messages)) out.push({ path, messages: o.llm_context.messages });
    for (const [k, x] of Object.entries(o)) if (k !== "llm_context") contexts(x, `${path}.${k}`, out);
  }
  return out;
}
const llm = jsonl("../fixtures/autogen-teams/state.jsonl").flatMap((r: any) => contexts(r.states, r.name, []));

describe("toOtelMessages: MAF 1.13.0's recorded _to_otel_message", () => {
  it.each(maf.map((r: any) => [r.id, r]))("%s", (_id, r: any) => {
    const input = structuredClone(r.message);
    if (r.error) {
      expect(() => toOtelMessages([input])).toThrow(MessageValidationError);
      return;
    }
    const got = toOtelMessages([input]);
    expect(JSON.stringify(got)).toBe(JSON.stringify([r.otel])); // key order too
    expect(otelMessagesText(got)).toBe(r.otel_json);
    expect(input).toEqual(r.message);
  });
});

describe("toOtelMessages: AutoGen LLM contexts of the recorded team runs", () => {
  it("has contexts to check", () => expect(llm.length).toBeGreaterThan(0));
  it.each(llm.map((c) => [c.path, c]))("%s", (_p, c: Ctx) => {
    const before = JSON.stringify(c.messages);
    const got = toOtelMessages(c.messages);
    expect(got).toHaveLength(c.messages.length);
    c.messages.forEach((m, i) => {
      const o = got[i]!;
      if (m.type === "SystemMessage") expect(o).toEqual({ role: "system", parts: [{ type: "text", content: m.content }] });
      if (m.type === "UserMessage" && typeof m.content === "string") expect(o).toEqual({ role: "user", parts: [{ type: "text", content: m.content }] });
      if (m.type === "AssistantMessage") {
        expect(o.role).toBe("assistant");
        const rest = m.thought ? o.parts.slice(1) : o.parts;
        if (m.thought) expect(o.parts[0]).toEqual({ type: "reasoning", content: m.thought });
        if (typeof m.content === "string") expect(rest).toEqual([{ type: "text", content: m.content }]);
        else expect(rest).toEqual(m.content.map((f: any) => ({ type: "tool_call", id: f.id, name: f.name, arguments: f.arguments })));
      }
      if (m.type === "FunctionExecutionResultMessage") {
        expect(o).toEqual({ role: "tool", parts: m.content.map((r: any) => ({ type: "tool_call_response", id: r.call_id, response: r.content })) });
      }
    });
    expect(JSON.stringify(c.messages)).toBe(before);
  });
  it("gives an image a blob part with its sniffed mime type", () => {
    const png = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==";
    expect(toOtelMessages([{ type: "UserMessage", source: "user", content: ["look", { data: png }] }])).toEqual([
      { role: "user", parts: [{ type: "text", content: "look" }, { type: "blob", content: png, mime_type: "image/png", modality: "image" }] },
    ]);
  });
});

describe("bad input", () => {
  it("names the path of a non-message", () => {
    expect(() => toOtelMessages([{ type: "SystemMessage", content: "ok" }, 42])).toThrow(MessageValidationError);
    expect(() => toOtelMessages([{ type: "AssistantMessage", source: "a", content: 7 }])).toThrow(/AssistantMessage/);
  });
  it("system instructions are text parts", () => {
    expect(toOtelSystemInstructions(["a", "b"])).toEqual([{ type: "text", content: "a" }, { type: "text", content: "b" }]);
  });
});
