/**
 * The catalogue against AutoGen's own config classes: for every config class pydantic describes in
 * schemas.jsonl, the declared fields are the same, in the same order (the dump order), with the same
 * required flags and defaults; every component class of the fixtures is known; the type-level role
 * map (roles.ts) lists exactly the classes whose run-time roles say so.
 */
import { readFileSync, readdirSync } from "node:fs";
import { describe, expect, it } from "vitest";
import type * as z from "zod/mini";
import { ComponentModel } from "../../src/components/component.js";
import { fieldMeta } from "../../src/components/fields.js";
import { componentSpecs } from "../../src/components/registry.js";
import { zodDef } from "../../src/zod-def.js";
import { readJson, readJsonl } from "../helpers/fixtures.js";

interface Field { name: string; required: boolean; alias: string | null; annotation: string; default: null | { value?: unknown; factory?: unknown; repr?: string } }
const rows = readJsonl("autogen-components/schemas.jsonl") as unknown as { class: string; name: string; used_by: string[]; fields: Field[] }[];

function shapeOf(s: z.core.$ZodType): Record<string, z.core.$ZodType> {
  const d = zodDef(s);
  return d.type === "pipe" ? shapeOf(d.out!) : d.shape!;
}

/** Checks one declared schema against pydantic's `model_fields`. */
function agrees(schema: z.core.$ZodType, fields: Field[]): void {
  const shape = shapeOf(schema);
  expect(Object.keys(shape)).toEqual(fields.map((f) => f.name));
  for (const f of fields) {
    const s = shape[f.name]!;
    const meta = fieldMeta.get(s);
    const optional = zodDef(s).type === "optional";
    // Required by pydantic: not optional here, or optional only because absence is read as None.
    expect([f.name, optional ? Boolean(meta?.pyRequired) : true]).toEqual([f.name, f.required]);
    if (!f.required) {
      const want = f.default && ("value" in f.default ? f.default.value : f.default.factory);
      expect([f.name, meta?.default]).toEqual([f.name, want]);
    }
  }
}

const specsByConfig = new Map<string, z.core.$ZodType>();
for (const s of componentSpecs()) specsByConfig.set(fieldMeta.get(s.config as z.core.$ZodType)!.name!, s.config as z.core.$ZodType);

describe("every config class pydantic describes", () => {
  it.each(rows.filter((r) => r.class !== "ComponentModel").map((r) => [r.class, r] as const))("%s: fields, order, required, defaults", (name, r) => {
    const schema = specsByConfig.get(name);
    expect(schema, `${name} is declared`).toBeDefined();
    agrees(schema!, r.fields);
  });
  it("ComponentModel: the envelope", () => {
    agrees(ComponentModel, rows.find((r) => r.class === "ComponentModel")!.fields);
  });
  it("every class that uses a config class is known under its provider", () => {
    const providers = new Set(componentSpecs().map((s) => s.provider));
    for (const r of rows) for (const p of r.used_by) if (!p.startsWith("(")) expect(providers).toContain(p);
  });
});

it("every provider in the fixtures' dumps is a known class", () => {
  const manifest = readJson<{ counts: { providers_in_dumps: Record<string, number> } }>("autogen-components/manifest.json");
  const providers = new Set(componentSpecs().map((s) => s.provider));
  for (const p of Object.keys(manifest.counts.providers_in_dumps)) expect(providers).toContain(p);
});

it("providers, labels and aliases are unique; each class's version and type are AutoGen's", () => {
  const specs = componentSpecs();
  const names = specs.flatMap((s) => [s.provider, ...s.aliases]);
  expect(new Set(names).size).toBe(names.length);
  expect(new Set(specs.map((s) => s.label)).size).toBe(specs.length);
  expect(specs.filter((s) => s.component_version !== 1).map((s) => s.label).sort()).toEqual(["AssistantAgent", "MagenticOneCoderAgent"]);
});

it("the type-level role map (roles.ts) lists exactly the classes whose roles say so", () => {
  const dir = new URL("../../src/components/", import.meta.url);
  const providerOf = new Map<string, string>();
  for (const f of readdirSync(new URL("catalog/", dir))) {
    const text = readFileSync(new URL(`catalog/${f}`, dir), "utf8");
    for (const m of text.matchAll(/export interface (\w+Component) extends ComponentOf<"([^"]+)"/g)) providerOf.set(m[1]!, m[2]!);
  }
  const roles = readFileSync(new URL("roles.ts", dir), "utf8");
  const body = roles.slice(roles.indexOf("export interface ComponentsByRole"), roles.indexOf("\n}\n"));
  const typed = new Map<string, string[]>();
  for (const m of body.matchAll(/^ {2}(\w+):([^;]+);/gm)) {
    typed.set(m[1]!, [...m[2]!.matchAll(/\.(\w+Component)\b/g)].map((x) => providerOf.get(x[1]!)!).sort());
  }
  const runtime = new Map<string, string[]>();
  for (const s of componentSpecs()) for (const r of s.roles) runtime.set(r, [...(runtime.get(r) ?? []), s.provider]);
  expect([...typed.keys()].sort()).toEqual([...runtime.keys()].sort());
  for (const [role, providers] of runtime) expect([role, typed.get(role)]).toEqual([role, providers.sort()]);
});
