/**
 * Every recorded AutoGen 0.7.5 team run (test/fixtures/autogen-teams/streams.jsonl) through the
 * MAF conversions: each message made is what `loadMaf` holds (written back exactly by `dumpMaf`),
 * every TaskResult / Response converts, and the texts, tool calls and results of the run are
 * found, by `message_id`, in the MAF messages and again after converting back.
 */
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { dumpMaf, fromMafMessages, loadMaf, toMafAgentResponse, toMafMessages } from "../../src/maf/index.js";

const runs: Array<{ name: string; steps: Array<{ stream?: any[] }> }> = readFileSync(fileURLToPath(new URL("../fixtures/autogen-teams/streams.jsonl", import.meta.url)), "utf8")
  .split("\n")
  .filter((l) => l.trim())
  .map((l) => JSON.parse(l));

/** The stream's items: messages and events as dumped, and the TaskResult / Response objects. */
const itemsOf = (run: (typeof runs)[number]): any[] =>
  run.steps.flatMap((s) =>
    (s.stream ?? []).map((it) => it.dump ?? Object.fromEntries(["messages", "stop_reason", "chat_message", "inner_messages"].filter((k) => k in it).map((k) => [k, it[k]]))),
  );

describe("toMafMessages on every recorded AutoGen run", () => {
  for (const run of runs) {
    it(run.name, () => {
      const items = itemsOf(run);
      const before = JSON.stringify(items);
      const maf = toMafMessages(items);
      expect(JSON.stringify(items)).toBe(before); // not changed
      for (const m of maf) expect(JSON.stringify(dumpMaf(loadMaf(JSON.parse(JSON.stringify(m)), "Message")))).toBe(JSON.stringify(m));
      const byId = new Map(maf.map((m) => [m.message_id, m]));
      const back = new Map(fromMafMessages(maf).map((m) => [m.id, m]));
      for (const x of items) {
        if (!("type" in x)) {
          const r = toMafAgentResponse(x);
          expect(r.type).toBe("agent_response");
          continue;
        }
        if (x.type === "TextMessage") {
          expect(byId.get(x.id)?.contents.find((c) => c.type === "text")?.text, x.id).toBe(x.content);
          expect(back.get(x.id)?.content).toBe(x.content);
        } else if (x.type === "ToolCallRequestEvent") {
          const calls = byId.get(x.id)!.contents.filter((c) => c.type === "function_call").map((c) => ({ id: c.call_id, name: c.name, arguments: c.arguments }));
          expect(calls).toEqual(x.content);
          expect(back.get(x.id)?.content).toEqual(x.content);
        } else if (x.type === "ToolCallExecutionEvent") {
          const results = byId.get(x.id)!.contents.map((c) => ({ call_id: c.call_id, content: c.result, is_error: c.exception !== undefined }));
          expect(results).toEqual(x.content.map((r: any) => ({ call_id: r.call_id, content: r.content, is_error: r.is_error === true })));
          expect((back.get(x.id)?.content as any[]).map((r) => [r.call_id, r.content, r.is_error])).toEqual(x.content.map((r: any) => [r.call_id, r.content, r.is_error === true]));
        }
      }
    });
  }
});
