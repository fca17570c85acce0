/**
 * The component JSON Schemas (from `agentchat-messages/json-schema`): every recorded component
 * validates against `Component` (nested components included), every config against its config
 * class's schema, wrong-typed configs are rejected, and each config schema agrees with pydantic's
 * own `model_json_schema()` (schemas.jsonl): the same properties, required fields (less those the
 * library reads as `None` when absent) and JSON types.
 */
import { Ajv2020 } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import { describe, expect, it } from "vitest";
import { jsonSchemaNames, toJSONSchema, type JsonSchemaName } from "../../src/json-schema/index.js";
import { componentSpecs } from "../../src/components/registry.js";
import { fieldMeta } from "../../src/components/fields.js";
import { zodDef } from "../../src/zod-def.js";
import type * as z from "zod/mini";
import { readJsonl } from "../helpers/fixtures.js";
import { allComponents, recordedComponents } from "./helpers.js";

const ajv = new Ajv2020({ strict: true, allowUnionTypes: true, discriminator: true, allErrors: true });
(addFormats as unknown as (a: Ajv2020) => void)(ajv);
const component = ajv.compile(toJSONSchema("Component"));
const envelope = ajv.compile(toJSONSchema("ComponentModel"));

const configName = (provider: string): string | undefined => {
  const spec = componentSpecs().find((s) => s.provider === provider);
  return spec && fieldMeta.get(spec.config as z.core.$ZodType)?.name;
};

it("lists ComponentModel, Component and every config class among the JSON Schema names", () => {
  const names = jsonSchemaNames();
  for (const n of ["ComponentModel", "Component", "AssistantAgentConfig", "RoundRobinGroupChatConfig", "OpenAIClientConfigurationConfigModel", "McpWorkbenchConfig"]) {
    expect(names).toContain(n);
  }
  expect(new Set(names).size).toBe(names.length);
});

describe("every recorded component validates", () => {
  const recorded = recordedComponents();
  it.each(recorded.map((r) => [`${r.file} ${r.name}`, r] as const))("%s", (_, r) => {
    expect(component(r.dump) ? null : ajv.errorsText(component.errors)).toBeNull();
    expect(envelope(r.dump)).toBe(true);
    for (const c of allComponents(r.dump)) {
      const name = configName(c.provider);
      if (!name) continue;
      const v = ajv.getSchema(name) ?? (ajv.addSchema(toJSONSchema(name as JsonSchemaName), name), ajv.getSchema(name)!);
      expect(v(c.config) ? null : `${name}: ${ajv.errorsText(v.errors)}`).toBeNull();
    }
  });
});

describe("invalid documents are rejected", () => {
  const sample = recordedComponents().find((r) => r.name.startsWith("team/kitchen-sink"))!.dump;
  it("a wrong-typed field deep in a team", () => {
    const bad = structuredClone(sample) as any;
    bad.config.participants[0].config.model_client.config.temperature = "hot";
    expect(component(bad)).toBe(false);
  });
  it("a termination condition where a model client belongs", () => {
    const bad = structuredClone(sample) as any;
    bad.config.participants[0].config.model_client = bad.config.termination_condition;
    expect(component(bad)).toBe(false);
  });
  it("a known provider with a config that is not its class's (it cannot pass as an unknown provider)", () => {
    expect(component({ provider: "autogen_agentchat.conditions.MaxMessageTermination", config: { max_messages: "many" } })).toBe(false);
    expect(component({ provider: "OpenAIChatCompletionClient", config: {} })).toBe(false);
  });
  it("an unknown provider with any config is accepted; one without a module is not", () => {
    expect(component({ provider: "my_pkg.MyTool", config: { anything: [1, "x"] } })).toBe(true);
    expect(component({ provider: "MyTool", config: {} })).toBe(false);
  });
});

describe("the config schemas agree with pydantic's model_json_schema()", () => {
  const rows = readJsonl("autogen-components/schemas.jsonl").filter((r) => r.json_schema && r.class !== "ComponentModel");
  /** The JSON types a schema admits, or null when it is not a plain combination of types. */
  function types(js: any, defs: Record<string, any>): Set<string> | null {
    if (js === undefined || js === true) return null;
    if (js.$ref) {
      const target = defs[js.$ref.replace("#/$defs/", "")];
      return target ? types(target, defs) : new Set(["object"]);
    }
    if (js.type) return new Set([js.type].flat().map((t: string) => (t === "integer" ? "number" : t)));
    if (js.enum) return new Set(js.enum.map((v: unknown) => (v === null ? "null" : typeof v)));
    if (js.const !== undefined) return new Set([typeof js.const]);
    const alt = js.anyOf ?? js.oneOf;
    if (!alt) return null;
    const out = new Set<string>();
    for (const m of alt) {
      const t = types(m, defs);
      if (!t) return null;
      t.forEach((x) => out.add(x));
    }
    return out;
  }
  it.each(rows.map((r) => [String(r.class), r] as const))("%s", (name, r) => {
    const theirs = r.json_schema as any;
    const mine = toJSONSchema(name as JsonSchemaName) as any;
    expect(Object.keys(mine.properties)).toEqual(Object.keys(theirs.properties));
    const relaxed = (r.fields as { name: string; annotation: string; required: boolean }[])
      .filter((f) => f.required && /None|Optional/.test(f.annotation))
      .map((f) => f.name);
    expect(mine.required ?? []).toEqual((theirs.required ?? []).filter((k: string) => !relaxed.includes(k)));
    for (const key of Object.keys(theirs.properties)) {
      const t = types(theirs.properties[key], theirs.$defs ?? {});
      const m = types(mine.properties[key], mine.$defs ?? {});
      if (t && m) expect([key, [...m].sort()]).toEqual([key, [...t].sort()]);
      if ("default" in theirs.properties[key]) expect([key, mine.properties[key].default]).toEqual([key, theirs.properties[key].default]);
    }
  });
});

it("the config schema of every known class is a named document with the envelope in $defs", () => {
  for (const spec of componentSpecs()) {
    const name = fieldMeta.get(spec.config as z.core.$ZodType)!.name!;
    const js = toJSONSchema(name as JsonSchemaName) as any;
    expect(js.title).toBe(name);
    expect(js.$defs.ComponentModel.properties.provider).toEqual({ type: "string" });
    expect(zodDef(spec.config as z.core.$ZodType)).toBeDefined();
  }
});
