/**
 * The component envelope (`ComponentModel`), the description of one component class
 * ({@link ComponentSpec}), and the schema of a nested component field, which dispatches on
 * `provider` to the class's typed config as `ComponentLoader.load_component` does.
 */
import * as z from "zod/mini";
import { LaxInt, JsonObjectSchema } from "../wire/fields.js";
import { jsonTypeName } from "../wire/check.js";
import { isModelObject, isPlainObject, nonPlainName, type JsonObject } from "../wire/json-data.js";
import { define } from "../define.js";
import { fieldMeta, mark, nul, parsed, type Ctx } from "./fields.js";
import { resolveProvider, specFor } from "./known.js";
import type { ComponentsByRole } from "./roles.js";
import { withMessageErrors } from "../parse.js";

/**
 * What a component is to the classes that hold it: the Python base class AutoGen loads a nested
 * component as (`ChatCompletionClient.load_component(config.model_client)` → `model_client`).
 */
export type Role =
  | "agent"
  | "team"
  | "model_client"
  | "termination"
  | "tool"
  | "workbench"
  | "model_context"
  | "memory"
  | "code_executor"
  | "cache_store"
  | "token_provider"
  | "structured_message"
  | "mcp_session_host"
  | "mcp_sampler"
  | "mcp_elicitor"
  | "mcp_roots_provider"
  | "mcp_session_actor";

/**
 * A component model: what `dump_component()` writes and `ComponentLoader.load_component`
 * reads, for the class `provider` whose config is `C`. Envelope keys other than `provider` and
 * `config` may be absent (AutoGen then uses the class's own values).
 */
export interface ComponentOf<P extends string, C> {
  /** The class, as a Python import path (`autogen_agentchat.agents.AssistantAgent`). */
  provider: P;
  /** The logical kind (`agent`, `model`, `termination`, …); AutoGen does not check it. */
  component_type?: string | null;
  /** The component specification version AutoGen wrote (`component_version` again). */
  version?: number | null;
  /** The version of the class's config; older than the class's own means AutoGen refuses it. */
  component_version?: number | null;
  /** The class's docstring summary, or the app's own text. */
  description?: string | null;
  /** A human-readable name (the class name by default). */
  label?: string | null;
  /** The class's config, validated by its config schema. */
  config: C;
}

/**
 * A component whose provider the library does not know (an app's own class, or one newer than
 * AutoGen 0.7.5): its envelope is validated and its config kept as a JSON object.
 */
export interface UnknownComponent extends ComponentOf<string & {}, JsonObject> {}

/**
 * `autogen_core.ComponentModel`, the envelope on its own: `config` is any JSON object. Use
 * {@link Component} to validate the config too.
 *
 * @example ComponentModel.parse({ provider: "my_pkg.MyTool", config: { x: 1 } })
 */
export const ComponentModel = /* @__PURE__ */ define(() =>
  withMessageErrors("ComponentModel", mark(z.object({
    provider: z.string(),
    component_type: nul(z.string()),
    version: nul(LaxInt),
    component_version: nul(LaxInt),
    description: nul(z.string()),
    label: nul(z.string()),
    config: JsonObjectSchema,
  }), { name: "ComponentModel" }),));

/** Everything the library knows about one component class. */
export interface ComponentSpec<C extends ComponentOf<string, unknown> = ComponentOf<string, unknown>> {
  /** The provider `dump_component()` writes (the class's `component_provider_override`). */
  readonly provider: C["provider"];
  /** Other import paths of the same class that AutoGen also loads (its defining module). */
  readonly aliases: readonly string[];
  /** `component_type` as the class writes it. */
  readonly component_type: string;
  /** The class's `component_version` (also written as `version`). */
  readonly component_version: number;
  /** The description `dump_component()` derives from the docstring (`null`: none). */
  readonly description: string | null;
  /** The class name, `dump_component()`'s default label. */
  readonly label: string;
  /** The Python base classes the component can be loaded as. */
  readonly roles: readonly Role[];
  /** The config class's schema. */
  readonly config: z.ZodMiniType<C["config"], unknown>;
}

/**
 * Declares a component class; the type parameter (the component's interface) ties the provider
 * literal to its config type.
 *
 * @example defineComponent<MaxMessageTerminationComponent>({ provider: "autogen_agentchat.conditions.MaxMessageTermination", … })
 */
export function defineComponent<C extends ComponentOf<string, unknown>>(spec: ComponentSpec<C>): ComponentSpec<C> {
  return spec;
}

/**
 * {@link defineComponent} for the usual case: the label is the class name (the provider's last
 * segment) and the class's defining module is an alias (`module.ClassName` loads in Python too).
 *
 * @example componentClass<HttpToolComponent>("autogen_ext.tools.http.HttpTool", "autogen_ext.tools.http._http_tool", { … })
 */
export function componentClass<C extends ComponentOf<string, unknown>>(
  provider: C["provider"],
  module: string,
  spec: Omit<ComponentSpec<C>, "provider" | "aliases" | "label">,
): ComponentSpec<C> {
  const label = provider.slice(provider.lastIndexOf(".") + 1);
  const alias = `${module}.${label}`;
  return { provider, aliases: alias === provider ? [] : [alias], label, ...spec };
}

const envelopes = new WeakMap<ComponentSpec, z.core.$ZodType>();

/** The full schema of one known class's component model (envelope and typed config). */
export function envelopeSchema(spec: ComponentSpec): z.core.$ZodType {
  let s = envelopes.get(spec);
  if (!s) {
    s = z.object({ ...ComponentModel.shape, provider: z.literal(spec.provider), config: spec.config as z.core.$ZodType });
    envelopes.set(spec, s);
  }
  return s;
}

type Issue = z.core.$ZodRawIssue;

function push(ctx: { issues: Issue[] }, input: unknown, path: PropertyKey[], code: string, message: string): void {
  ctx.issues.push({ code: "custom", input, path, message, params: { code } } as Issue);
}

const ROLE_NAMES: Partial<Record<Role, string>> = { model_client: "model client", model_context: "model context", code_executor: "code executor" };

/**
 * Validates one component model: the provider (AutoGen's short aliases and the class's own
 * module path resolved to the provider `dump_component()` writes), the nested class's role, the
 * envelope, the typed config, and the config version. Pushes zod issues with paths relative to
 * `value`; returns the component, or `z.NEVER` when there were issues.
 */
export function checkComponent(value: unknown, roles: readonly Role[] | null, ctx: Ctx): unknown {
  if (!isModelObject(value)) {
    push(ctx, value, [], "model_type", `expected a component model (an object with "provider" and "config"), got ${nonPlainName(value)}`);
    return z.NEVER;
  }
  const given = value.provider;
  if (typeof given !== "string") {
    if (given === undefined) push(ctx, value, ["provider"], "missing", "Field required");
    else push(ctx, given, ["provider"], "string_type", `expected string, got ${jsonTypeName(given)}`);
    return z.NEVER;
  }
  const provider = resolveProvider(given);
  const spec = specFor(provider);
  if (!spec) {
    // AutoGen splits the provider at its last dot into module and class: without one it is never loadable.
    if (!provider.includes(".")) {
      push(ctx, given, ["provider"], "value_error", `expected a Python class path such as "my_package.MyComponent", got ${JSON.stringify(given)}`);
      return z.NEVER;
    }
    return parsed(ComponentModel, value, ctx);
  }
  if (roles && !spec.roles.some((r) => roles.includes(r))) {
    const wanted = roles.map((r) => ROLE_NAMES[r] ?? r.replaceAll("_", " ")).join(" or ");
    push(ctx, given, ["provider"], "value_error", `expected a ${wanted} component, got ${spec.label} (a ${spec.roles.map((r) => ROLE_NAMES[r] ?? r).join(" / ")})`);
    return z.NEVER;
  }
  const input = provider === given ? value : { ...value, provider };
  const result = parsed(envelopeSchema(spec), input, ctx) as ComponentOf<string, unknown> | typeof z.NEVER;
  if (result === z.NEVER) return z.NEVER;
  // ComponentLoader: `component_version or class.component_version`; an older config needs
  // `_from_config_past_version`, which no AutoGen 0.7.5 class implements. (A DECLINE passes on.)
  const version = (result as ComponentOf<string, unknown>).component_version || spec.component_version;
  if (version < spec.component_version) {
    push(ctx, value.component_version, ["component_version"], "value_error",
      `${spec.label} is at component version ${spec.component_version}; AutoGen cannot load a version ${version} config (no _from_config_past_version)`);
    return z.NEVER;
  }
  return result;
}

/**
 * A nested component field (`model_client: ComponentModel`): validated as a component in turn,
 * of one of `roles` when the provider is known (AutoGen raises "Expected type does not match"
 * for a termination given as a model client).
 *
 * @example component("model_client") // AssistantAgentConfig.model_client
 */
export function component<R extends Role>(...roles: R[]): z.ZodMiniType<ComponentsByRole[R], unknown> {
  const schema = z.pipe(z.unknown(), z.transform((value: unknown, ctx) => checkComponent(value, roles.length ? roles : null, ctx)));
  fieldMeta.set(schema, { kind: "component", roles: roles.length ? roles : null });
  return schema as unknown as z.ZodMiniType<ComponentsByRole[R], unknown>;
}

/**
 * `ComponentModel | Dict[str, Any]` (MCP host parts): an object with a `provider` is validated
 * as a component of `roles`; any other JSON object is kept as it is.
 *
 * @example componentOrObject("mcp_sampler") // McpSessionHostConfig.sampler
 */
export function componentOrObject<R extends Role>(...roles: R[]): z.ZodMiniType<ComponentsByRole[R] | JsonObject, unknown> {
  const schema = z.pipe(z.unknown(), z.transform((value: unknown, ctx) => {
    if (isModelObject(value) && value.provider !== undefined) return checkComponent(value, roles, ctx);
    return parsed(JsonObjectSchema, value, ctx);
  }));
  fieldMeta.set(schema, { kind: "component", roles, orObject: true });
  return schema as unknown as z.ZodMiniType<ComponentsByRole[R] | JsonObject, unknown>;
}
