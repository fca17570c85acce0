/**
 * JSON Schemas of the component model: `ComponentModel` (the envelope), `Component` (any
 * component, every known class's config validated, nested components included, through
 * `$defs`), and one document per config class (nested components there described by the
 * `ComponentModel` envelope). Generated from the same zod schemas `loadComponent` uses.
 */
import type * as z from "zod/mini";
import { zodDef } from "../zod-def.js";
import { ComponentModel, type ComponentSpec } from "../components/component.js";
import { AnyJson, SecretStr, SensitiveJsonObject, SensitiveStr, SensitiveStrMap, fieldMeta } from "../components/fields.js";
import { WELL_KNOWN_PROVIDERS, componentSpecs } from "../components/registry.js";
import { generate, type JSONSchema, type SchemaHook } from "./generate.js";

const DRAFT = "https://json-schema.org/draft/2020-12/schema";

/** The `$defs` name of a role's union: `model_client` → `ModelClientComponent`. */
const roleDef = (role: string): string => `${role.replace(/(^|_)([a-z])/g, (_, __, c: string) => c.toUpperCase())}Component`;

const SPECIAL = new Map<z.core.$ZodType, JSONSchema>();

function special(schema: z.core.$ZodType): JSONSchema | undefined {
  if (SPECIAL.size === 0) {
    // pydantic describes a SecretStr this way.
    SPECIAL.set(SecretStr, { type: "string", format: "password", writeOnly: true });
    SPECIAL.set(SensitiveStr, { type: "string" });
    SPECIAL.set(SensitiveStrMap, { type: "object", additionalProperties: { type: "string" } });
    SPECIAL.set(SensitiveJsonObject, { type: "object" });
    SPECIAL.set(AnyJson, {});
  }
  const js = SPECIAL.get(schema);
  return js && structuredClone(js);
}

/**
 * The hook that describes the component schemas' own kinds. `deep`: a nested component refers to
 * its role's union in `$defs`; otherwise to the `ComponentModel` envelope.
 */
function hook(deep: boolean): SchemaHook {
  const titled = new Set<z.core.$ZodType>();
  const self: SchemaHook = (schema) => {
    const known = special(schema);
    if (known) return known;
    const meta = fieldMeta.get(schema);
    const def = zodDef(schema);
    if (meta?.kind === "component") {
      const roles = meta.roles ?? [];
      const refs = deep && roles.length ? roles.map((r) => ({ $ref: `#/$defs/${roleDef(r)}` })) : [{ $ref: deep ? "#/$defs/Component" : "#/$defs/ComponentModel" }];
      const ref: JSONSchema = refs.length === 1 ? refs[0]! : { anyOf: refs };
      // `ComponentModel | Dict[str, Any]`: an object without `provider` is kept as data.
      return meta.orObject ? { anyOf: [ref, { type: "object", properties: { provider: false } }] } : ref;
    }
    if (meta?.kind === "dict") return { type: "object", additionalProperties: generate(meta.value!, self) };
    if (def.type === "optional" && meta && "default" in meta) return { ...generate(def.innerType!, self), default: structuredClone(meta.default) };
    if (def.type === "pipe" && zodDef(def.out!).type !== "transform") return generate(def.out!, self); // a `mode="before"` validator
    if (meta?.name && !titled.has(schema)) {
      titled.add(schema);
      const js = generate(schema, self);
      titled.delete(schema);
      return { title: meta.name, ...js };
    }
    return undefined;
  };
  return self;
}

/** A config class's Python name. */
function configName(spec: ComponentSpec): string {
  return fieldMeta.get(spec.config as z.core.$ZodType)?.name ?? `${spec.label}Config`;
}

/** The config classes by name (two classes may share one: `StaticWorkbenchConfig`). */
function configs(): Map<string, z.core.$ZodType> {
  const out = new Map<string, z.core.$ZodType>();
  for (const spec of componentSpecs()) out.set(configName(spec), spec.config as z.core.$ZodType);
  return out;
}

/**
 * The names of the component JSON Schemas: `ComponentModel`, `Component`, and every config
 * class (`AssistantAgentConfig`, `OpenAIClientConfigurationConfigModel`, …).
 *
 * @example componentJSONSchemaNames().includes("RoundRobinGroupChatConfig") // true
 */
export function componentJSONSchemaNames(): string[] {
  return ["ComponentModel", "Component", ...configs().keys()];
}

function envelope(): JSONSchema {
  return generate(ComponentModel, hook(false));
}

/** Every provider string that names a known class (the providers and their aliases). */
function knownProviderNames(): string[] {
  return [...componentSpecs().flatMap((s) => [s.provider, ...s.aliases]), ...Object.keys(WELL_KNOWN_PROVIDERS)];
}

/** The whole tree: each class's envelope and config, the role unions, and unknown providers. */
function deepDocument(): JSONSchema {
  const h = hook(true);
  const defs: Record<string, JSONSchema> = {};
  const roles = new Map<string, string[]>();
  for (const spec of componentSpecs()) {
    const name = configName(spec);
    defs[name] ??= generate(spec.config as z.core.$ZodType, h);
    const env = envelope();
    const props = env.properties as Record<string, JSONSchema>;
    props.provider = { type: "string", enum: [spec.provider, ...spec.aliases, ...Object.keys(WELL_KNOWN_PROVIDERS).filter((k) => WELL_KNOWN_PROVIDERS[k] === spec.provider)] };
    props.config = { $ref: `#/$defs/${name}` };
    defs[spec.label] = { ...env, title: spec.label, ...(spec.description ? { description: spec.description } : {}) };
    for (const role of spec.roles) roles.set(role, [...(roles.get(role) ?? []), spec.label]);
  }
  const unknown = envelope();
  (unknown.properties as Record<string, JSONSchema>).provider = { type: "string", pattern: "\\.", not: { enum: knownProviderNames() } };
  defs.UnknownComponent = { ...unknown, title: "UnknownComponent", description: "A component whose provider the library does not know: its config is any object." };
  for (const [role, labels] of roles) defs[roleDef(role)] = { anyOf: [...labels, "UnknownComponent"].map((l) => ({ $ref: `#/$defs/${l}` })) };
  defs.Component = { anyOf: [...componentSpecs().map((s) => ({ $ref: `#/$defs/${s.label}` })), { $ref: "#/$defs/UnknownComponent" }] };
  return { $ref: "#/$defs/Component", $defs: defs };
}

/**
 * The JSON Schema of a component document or config class (draft 2020-12), by name (see
 * {@link componentJSONSchemaNames}); `undefined` for another name.
 *
 * @example componentJSONSchema("Component") // validates a whole team file, nested components included
 */
export function componentJSONSchema(name: string): JSONSchema | undefined {
  if (name === "Component") {
    return { $schema: DRAFT, title: "Component", description: "Any AutoGen 0.7.5 component model (dump_component() output).", ...deepDocument() };
  }
  if (name === "ComponentModel") return { $schema: DRAFT, ...envelope(), title: "ComponentModel" };
  const config = configs().get(name);
  if (!config) return undefined;
  const js = generate(config, hook(false));
  return { $schema: DRAFT, ...js, title: name, $defs: { ComponentModel: envelope() } };
}
