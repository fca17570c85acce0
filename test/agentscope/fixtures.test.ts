/** Every record of the AgentScope golden fixtures (msg.jsonl, formatters.jsonl), driven against src/agentscope. */
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import * as as from "../../src/agentscope/index.js";

const dir = fileURLToPath(new URL("../fixtures/agentscope/", import.meta.url));
const readJsonl = (f: string) =>
  readFileSync(dir + f, "utf8").split("\n").filter((l) => l.trim()).map((l) => JSON.parse(l) as Record<string, any>);

const ID = /^[2-9A-HJ-NP-Za-km-z]{22}$/;
const TS = /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\.\d{3}$/;

describe("msg.jsonl", () => {
  for (const rec of readJsonl("msg.jsonl")) {
    it(rec.name, () => {
      const make = () => (rec.kind === "ctor" ? as.createMsg(structuredClone(rec.ctor)) : as.msgFromDict(structuredClone(rec.from_dict_input)));
      if (rec.error) {
        let err: unknown;
        try { make(); } catch (e) { err = e; }
        expect(err).toBeInstanceOf(as.AgentScopeError);
        expect((err as as.AgentScopeError).type).toBe(rec.error.type);
        expect((err as as.AgentScopeError).pythonMessage).toBe(rec.error.message);
        return;
      }
      const msg = make();
      const dict: Record<string, unknown> = JSON.parse(JSON.stringify(as.msgToDict(msg)));
      expect(Object.keys(dict)).toEqual(Object.keys(rec.to_dict)); // key order is part of the wire form
      for (const g of rec.generated) {
        expect(dict[g]).toMatch(g === "id" ? ID : TS);
        dict[g] = "<generated>";
      }
      expect(dict).toEqual(rec.to_dict);
      expect(msg.invocation_id).toBe(rec.invocation_id);
      const again = as.msgFromDict(as.msgToDict(msg) as Record<string, unknown>);
      expect(as.msgToDict(again)).toEqual(as.msgToDict(msg));
      expect(again.invocation_id).toBe(rec.roundtrip.invocation_id);
      const check = (f: () => unknown, q: any) => {
        if (q.error) {
          let err: any;
          try { f(); } catch (e) { err = e; }
          expect(err, JSON.stringify(q)).toBeInstanceOf(as.AgentScopeError);
          expect([err.type, err.pythonMessage]).toEqual([q.error.type, q.error.message]);
        } else expect(JSON.parse(JSON.stringify(f() ?? null))).toEqual(q.result);
      };
      for (const q of rec.get_text_content) check(() => (q.separator === null ? as.getTextContent(msg) : as.getTextContent(msg, q.separator)), q);
      for (const q of rec.get_content_blocks) check(() => as.getContentBlocks(msg, q.block_type), q);
      for (const q of rec.has_content_blocks) check(() => as.hasContentBlocks(msg, q.block_type), q);
    });
  }
});

// The bytes AgentScope writes to a temp file; a saveMedia hook returning Python's marker reproduces its text.
const tempFile = (mediaType: string) => `<TEMP_FILE>.${mediaType.split("/").pop()}`;
// Python bytes appear as {"$bytes_base64": …}; this port sends the base64 string (the API's JSON form of bytes).
const bytesAsBase64 = (v: unknown): unknown =>
  Array.isArray(v) ? v.map(bytesAsBase64)
  : v && typeof v === "object" ? ("$bytes_base64" in v ? (v as any).$bytes_base64 : Object.fromEntries(Object.entries(v).map(([k, x]) => [k, bytesAsBase64(x)])))
  : v;

describe("formatters.jsonl", () => {
  const fns = { OpenAIChatFormatter: as.formatOpenAI, AnthropicChatFormatter: as.formatAnthropic, GeminiChatFormatter: as.formatGemini } as const;
  for (const rec of readJsonl("formatters.jsonl")) {
    const fn = fns[rec.formatter as keyof typeof fns];
    if (!fn) continue; // DashScope, Ollama, DeepSeek and the multi-agent formatters are not ported
    it(rec.name, () => {
      const input = structuredClone(rec.input);
      const before = JSON.stringify(input);
      const warnings: string[] = [];
      const msgs = input.map((d: Record<string, unknown>) => as.msgFromDict(d));
      const out = fn(msgs, {
        promoteToolResultImages: rec.options.promote_tool_result_images ?? false,
        saveMedia: tempFile,
        onWarning: (m) => warnings.push(m),
      });
      expect(JSON.stringify(input)).toBe(before);
      expect(JSON.parse(JSON.stringify(out))).toEqual(bytesAsBase64(rec.output));
      expect(warnings).toEqual(rec.logs.map((l: any) => l.message));
    });
  }
});
