/**
 * JSON Schemas of the state classes (`agentchat-messages/json-schema`): every saved state of the
 * fixture runs validates against its class's schema and `AnyState` (ajv, draft 2020-12, strict),
 * a corrupted one does not, and the schemas say what Python's models say (required fields,
 * defaults, field order).
 */
import { Ajv2020 } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import { describe, expect, it } from "vitest";
import { jsonSchemaNames, toJSONSchema, type JsonSchemaName } from "../../src/json-schema/index.js";
import { STATE_SCHEMAS, stateClassName } from "../../src/state/index.js";
import { readJsonl } from "../helpers/fixtures.js";

const ajv = new Ajv2020({ strict: true, allowUnionTypes: true, discriminator: true, allErrors: true });
(addFormats as unknown as (a: Ajv2020) => void)(ajv);
const names: JsonSchemaName[] = [...STATE_SCHEMAS.keys(), "AnyState", "ChatCompletionContextState"];
const validators = new Map(names.map((n) => [n, ajv.compile(toJSONSchema(n))]));
const valid = (name: string, doc: unknown) => validators.get(name as JsonSchemaName)!(doc);

const saved = readJsonl("autogen-teams/state.jsonl").flatMap((r) => (r.states as { name: string; state: Record<string, any> }[]).map((s) => ({ scenario: r.name, ...s })));

describe("state JSON Schemas", () => {
  it("are listed by jsonSchemaNames", () => {
    for (const n of names) expect(jsonSchemaNames()).toContain(n);
  });

  for (const s of saved) {
    it(`${s.scenario}: ${s.name} validates against ${String(s.state.type)} and AnyState`, () => {
      expect(valid(stateClassName(s.state)!, s.state), ajv.errorsText(validators.get(stateClassName(s.state)!)!.errors)).toBe(true);
      expect(valid("AnyState", s.state)).toBe(true);
    });
  }

  it("rejects a broken message deep inside, a bad counter and a typeless state that is GraphFlow's but broken", () => {
    const team = saved.find((s) => s.scenario === "round-robin/text-mention-tools")!.state;
    const broken = JSON.parse(JSON.stringify(team));
    broken.agent_states.RoundRobinGroupChatManager.message_thread[0].source = 42;
    expect(valid("TeamState", broken)).toBe(false);
    const turn = JSON.parse(JSON.stringify(team));
    turn.agent_states.RoundRobinGroupChatManager.current_turn = "one";
    expect(valid("TeamState", turn)).toBe(false);
    const graph = JSON.parse(JSON.stringify(saved.find((s) => s.scenario === "graph/sequential")!.state));
    delete graph.agent_states.GraphManager.ready;
    expect(valid("TeamState", graph)).toBe(false);
    expect(valid("AnyState", { type: "MyAgentState", anything: [1] })).toBe(true);
    expect(valid("AnyState", { counter: 1 })).toBe(true);
    expect(valid("AnyState", { type: 42 })).toBe(false);
  });

  it("say what pydantic's models say: fields in order, defaults, nothing required but GraphFlow's keys", () => {
    const team = toJSONSchema("TeamState") as any;
    expect(Object.keys(team.properties)).toEqual(["type", "version", "agent_states"]);
    expect(team.required).toBeUndefined();
    expect(team.properties.type).toEqual({ type: "string", const: "TeamState", default: "TeamState" });
    expect(team.properties.version).toEqual({ type: "string", default: "1.0.0" });
    expect(team.properties.agent_states).toEqual({ type: "object", additionalProperties: { $ref: "#/$defs/AnyState" }, default: {} });
    const rr = toJSONSchema("RoundRobinManagerState") as any;
    expect(Object.keys(rr.properties)).toEqual(["type", "version", "message_thread", "current_turn", "next_speaker_index"]);
    expect(rr.properties.current_turn).toEqual({ type: "integer", default: 0 });
    const graph = toJSONSchema("GraphFlowManagerState") as any;
    expect(graph.required).toEqual(["message_thread", "current_turn", "remaining", "enqueued_any", "ready"]);
    expect(graph.properties.remaining).toEqual({ type: "object", additionalProperties: { type: "object", additionalProperties: { type: "integer" } } });
  });
});
