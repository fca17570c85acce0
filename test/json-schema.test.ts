/**
 * The exported JSON Schemas: every AutoGen dump in the fixtures validates (ajv, draft 2020-12,
 * formats on), property names, required lists and defaults agree with pydantic's own schemas, and
 * hand-made invalid documents are rejected.
 */
import { Ajv2020 } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import { describe, expect, it } from "vitest";
import { BUILTIN_KINDS } from "../src/kinds.js";
import { jsonSchemaNames, toJSONSchema, type JsonSchemaName } from "../src/json-schema/index.js";
import { readJson, readJsonl } from "./helpers/fixtures.js";

const ajv = new Ajv2020({ strict: true, allowUnionTypes: true, discriminator: true, allErrors: true });
(addFormats as unknown as (a: Ajv2020) => void)(ajv);
const validators = new Map(jsonSchemaNames().map((n) => [n, ajv.compile(toJSONSchema(n))]));

function validate(name: string, doc: unknown): string | null {
  const v = validators.get(name as JsonSchemaName);
  if (!v) throw new Error(`no schema ${name}`);
  return v(doc) ? null : ajv.errorsText(v.errors);
}

const schemaName = (rec: Record<string, unknown>): string =>
  rec.class === "StructuredMessage" || String(rec.type ?? "").startsWith("StructuredMessage[")
    ? "StructuredMessage"
    : String(rec.kind === "core" ? rec.class : (rec.type ?? rec.target));

describe("every dump in the fixture sets validates against its exported schema", () => {
  const docs: [string, string, unknown][] = [];
  for (const rec of readJsonl("autogen/messages.jsonl")) {
    if (rec.dump && !rec.dump_nonfinite) docs.push([`messages ${rec.name}`, schemaName(rec), rec.dump]);
  }
  for (const rec of readJsonl("autogen/load-cases.jsonl")) {
    if (!rec.accepted || rec.dump_nonfinite) continue;
    // "<generated>" stands for a value AutoGen made up (a uuid, the current time): put a real one back.
    const doc = { ...(rec.dump as Record<string, unknown>) };
    if (doc.created_at === "<generated>") doc.created_at = "2025-04-06T21:56:09.134291Z";
    docs.push([`load-cases ${rec.name}`, schemaName(rec), doc]);
  }
  for (const rec of readJsonl("autogen/llm-messages.jsonl")) {
    if (rec.accepted) docs.push([`llm-messages ${rec.name}`, String(rec.target), rec.dump]);
  }
  for (const [label, name, doc] of docs) {
    it(`${label} (${name})`, () => {
      expect(validate(name, doc)).toBeNull();
      // Union schemas accept the members too.
      if (BUILTIN_KINDS.has(name) || name === "StructuredMessage") {
        expect(validate("AgentMessage", doc)).toBeNull();
      }
    });
  }
  it("covers a good share of the fixtures", () => expect(docs.length).toBeGreaterThan(450));
});

type PydanticSchema = { properties?: Record<string, unknown>; required?: string[] };

describe("property names and required fields agree with pydantic's schemas", () => {
  const pydantic = readJson<Record<string, PydanticSchema>>("autogen/json-schemas.json");
  for (const [name, theirs] of Object.entries(pydantic)) {
    if (!theirs.properties) continue; // unions: compared through their members
    it(name, () => {
      const ours = toJSONSchema(name as JsonSchemaName) as PydanticSchema;
      expect(Object.keys(ours.properties ?? {})).toEqual(Object.keys(theirs.properties!));
      expect([...(ours.required ?? [])].sort()).toEqual([...(theirs.required ?? [])].sort());
    });
  }
});

describe("property defaults agree with pydantic's schemas", () => {
  const pydantic = readJson<Record<string, PydanticSchema>>("autogen/json-schemas.json");
  const defaults = (props: Record<string, unknown>) =>
    Object.fromEntries(Object.entries(props).map(([k, p]) => [k, Object.hasOwn(p as object, "default") ? (p as { default: unknown }).default : "(none)"]));
  for (const [name, theirs] of Object.entries(pydantic)) {
    if (!theirs.properties) continue;
    // A generated default (id, created_at) has none in either; null, {} and [] defaults appear in both.
    it(name, () => expect(defaults((toJSONSchema(name as JsonSchemaName) as PydanticSchema).properties ?? {})).toEqual(defaults(theirs.properties!)));
  }
});

describe("invalid documents are rejected", () => {
  const text = { id: "1", source: "a", models_usage: null, metadata: {}, created_at: "2025-01-01T00:00:00Z", content: "hi", type: "TextMessage" };
  const cases: [string, string, unknown][] = [
    ["wrong type", "TextMessage", { ...text, type: "StopMessage" }],
    ["missing source", "TextMessage", (({ source: _s, ...rest }) => rest)(text)],
    ["non-string metadata value", "TextMessage", { ...text, metadata: { k: 1 } }],
    ["created_at not a datetime", "TextMessage", { ...text, created_at: "yesterday" }],
    ["image without data", "MultiModalMessage", { ...text, type: "MultiModalMessage", content: ["x", { url: "http://x" }] }],
    ["image data not a string", "MultiModalMessage", { ...text, type: "MultiModalMessage", content: [{ data: 5 }] }],
    ["unknown union tag", "ChatMessage", { ...text, type: "ThoughtEvent" }],
    ["LLM message without type", "LLMMessage", { content: "x", source: "a" }],
    ["int field holding a fraction", "RequestUsage", { prompt_tokens: 1.5, completion_tokens: 0 }],
    ["structured type without a name", "StructuredMessage", { ...text, content: {}, type: "StructuredMessage[]" }],
  ];
  for (const [label, name, doc] of cases) it(label, () => expect(validate(name, doc)).not.toBeNull());
  it("accepts the valid base document", () => expect(validate("TextMessage", text)).toBeNull());
});
