/**
 * The sessions toMafSessions makes from every saved AutoGen state of the public team runs, held
 * to the verdicts the real MAF 1.13 core gave on them (test/fixtures/maf/judge-verdicts.jsonl,
 * recorded by scripts/record-maf-verdicts.ts with shared/maf-judge from the sessions' dumpMafJson
 * text; never hand-written), and
 * checked against the AutoGen states themselves: every text, image, thought, tool call (id,
 * name, arguments) and result, in order.
 */
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { dumpMafJson, loadMaf, toMafSessions } from "../../src/maf/index.js";

const fixture = (f: string) => fileURLToPath(new URL(`../fixtures/${f}`, import.meta.url));
const readJsonl = (f: string) => readFileSync(fixture(f), "utf8").split("\n").filter((l) => l.trim()).map((l) => JSON.parse(l));

const teamStates: Array<{ name: string; states: Array<{ name: string; state: unknown }> }> = readJsonl("autogen-teams/state.jsonl");
const judged: Array<{ id: string; scenario: string; state: string; path: Array<string | number>; session_text: string; verdict: Record<string, any> }> = readJsonl("maf/judge-verdicts.jsonl");

/** Every AssistantAgentState in a state, found by walking the raw JSON (independently of the library's state walker). */
function assistantStates(value: unknown, path: Array<string | number> = []): Array<{ path: Array<string | number>; state: any }> {
  if (value === null || typeof value !== "object") return [];
  if (Array.isArray(value)) return value.flatMap((v, i) => assistantStates(v, [...path, i]));
  const o = value as Record<string, unknown>;
  if (o.type === "AssistantAgentState") return [{ path, state: o }];
  return Object.entries(o).flatMap(([k, v]) => assistantStates(v, [...path, k]));
}

const sessionId = (scenario: string, state: string, path: readonly (string | number)[]) => [scenario, state, ...path].join("/");

/**
 * What a conversation carries, as a flat list in order, read from AutoGen LLM messages. Images
 * are compared by their bytes' base64 (MAF holds them in a data: URI).
 */
function autogenFacts(messages: any[]): string[] {
  const out: string[] = [];
  for (const m of messages) {
    out.push(`message ${m.type === "SystemMessage" ? "system" : m.type === "UserMessage" ? "user" : m.type === "AssistantMessage" ? "assistant" : "tool"} ${m.source ?? "-"}`);
    if (m.thought) out.push(`thought ${m.thought}`);
    if (typeof m.content === "string") out.push(`text ${m.content}`);
    else
      for (const part of m.content) {
        if (typeof part === "string") out.push(`text ${part}`);
        else if ("data" in part) out.push(`image ${part.data}`);
        else if ("arguments" in part) out.push(`call ${part.id} ${part.name} ${part.arguments}`);
        else out.push(`result ${part.call_id} ${part.is_error === true ? "error " : ""}${part.content}`);
      }
  }
  return out;
}

/** The same facts read from a MAF session's history. */
function mafFacts(messages: any[]): string[] {
  const out: string[] = [];
  for (const m of messages) {
    out.push(`message ${m.role} ${m.author_name ?? "-"}`);
    for (const c of m.contents) {
      if (c.type === "text_reasoning") out.push(`thought ${c.text}`);
      else if (c.type === "text") out.push(`text ${c.text}`);
      else if (c.type === "data") out.push(`image ${c.uri.slice(c.uri.indexOf(",") + 1)}`);
      else if (c.type === "function_call") out.push(`call ${c.call_id} ${c.name} ${c.arguments}`);
      else if (c.type === "function_result") {
        // MAF's result text is also its one text item.
        expect(c.items).toEqual([{ type: "text", text: c.result, additional_properties: {} }]);
        out.push(`result ${c.call_id} ${c.exception !== undefined ? "error " : ""}${c.result}`);
      } else out.push(`unexpected ${c.type}`);
    }
  }
  return out;
}

describe("MAF judge verdicts on converted AutoGen team states", () => {
  const expected = teamStates.flatMap((r) => r.states.flatMap((s) => assistantStates(s.state).map((a) => ({ id: sessionId(r.name, s.name, a.path), ...a }))));

  it("every AssistantAgentState of the public team states was judged, and nothing else", () => {
    expect(expected.length).toBeGreaterThan(100);
    expect(judged.map((j) => j.id).sort()).toEqual(expected.map((e) => e.id).sort());
  });

  it("the real MAF core loaded, round-tripped (same key order) and continued every session", () => {
    for (const { id, verdict, session_text } of judged) {
      const history = JSON.parse(session_text).state.in_memory.messages;
      expect({ id, loads: verdict.loads, roundtrip_equal: verdict.roundtrip_equal, roundtrip_same_key_order: verdict.roundtrip_same_key_order, continues: verdict.continues })
        .toEqual({ id, loads: true, roundtrip_equal: true, roundtrip_same_key_order: true, continues: true });
      // The agent's model got the whole history, then the new question.
      expect(verdict.messages).toBe(history.length);
      expect(verdict.received.count).toBe(history.length + 1);
      expect(verdict.received.roles).toEqual([...history.map((m: any) => m.role), "user"]);
    }
  });

  it("the converter still makes exactly the judged sessions", () => {
    const byId = new Map(judged.map((j) => [j.id, j.session_text]));
    for (const r of teamStates)
      for (const s of r.states)
        for (const { path, session } of toMafSessions(s.state, { sessionId: ({ path }) => sessionId(r.name, s.name, path) })) {
          expect(dumpMafJson(session), sessionId(r.name, s.name, path)).toBe(byId.get(sessionId(r.name, s.name, path)));
          // The value is what loadMaf holds for that text.
          expect(loadMaf(JSON.parse(dumpMafJson(session)), "AgentSession")).toEqual(session);
        }
  });

  it("each session's history keeps every text, image, thought, tool call and result of the AutoGen model context, in order", () => {
    for (const e of expected) {
      const session = JSON.parse(judged.find((j) => j.id === e.id)!.session_text);
      expect(mafFacts(session.state.in_memory.messages), e.id).toEqual(autogenFacts(e.state.llm_context.messages));
    }
  });
});
