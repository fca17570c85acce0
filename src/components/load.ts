/**
 * `loadComponent` / `safeLoadComponent`: any JSON value → a validated component model, or a
 * `MessageValidationError` naming the path from the document's root.
 */
import * as z from "zod/mini";
import { define } from "../define.js";
import { safeParseWith, withMessageErrors, type SafeLoadResult } from "../parse.js";
import { isPlainObject } from "../wire/json-data.js";
import { checkComponent } from "./component.js";
import { eachConfigNode, registerForms } from "./fast-forms.js";
import { DECLINE, fastParser } from "../fast/compile.js";
import { resolveProvider, specFor } from "./registry.js";
import { fieldMeta, maskedPath } from "./fields.js";
import { MessageValidationError } from "../errors.js";
import type { AnyComponent } from "./roles.js";

/**
 * The schema of any component model: dispatches on `provider` to the class's typed config (an
 * unknown provider keeps its config as JSON), nested components validated in turn.
 *
 * @example Component.parse({ provider: "autogen_agentchat.conditions.MaxMessageTermination", config: { max_messages: 10 } })
 */
export const Component = /* @__PURE__ */ define(() =>
  withMessageErrors(
    "Component",
    z.pipe(z.unknown(), z.transform((value: unknown, ctx) => checkComponent(value, null, ctx))) as unknown as z.ZodMiniType<AnyComponent, unknown>,
  ),
);
/** A component model: a known class's, with its typed config, or an unknown provider's. */
export type Component = AnyComponent;

/** The class name an error message starts with (`Invalid AssistantAgent: …`). */
function kindOf(payload: unknown): string {
  let provider: unknown;
  try {
    provider = isPlainObject(payload) ? payload.provider : undefined;
  } catch {
    return "component"; // a proxy, a getter that throws: the own-properties walk reports it, with its path
  }
  return typeof provider === "string" ? (specFor(resolveProvider(provider))?.label ?? "component") : "component";
}

/**
 * Validates a component model as `ComponentLoader.load_component` would before building it: the
 * envelope, the class's config (pydantic's lax coercions included), every nested component, and
 * the config version. Returns `{ success, data | error }`; never throws for JSON input.
 *
 * @example
 * const r = safeLoadComponent(JSON.parse(text));
 * if (!r.success) console.error(r.error.message); // "Invalid RoundRobinGroupChat: config.participants[1].config.model_client.config.temperature: expected number, got string \"hot\""
 */
export function safeLoadComponent(payload: unknown): SafeLoadResult<Component> {
  // Plain JSON the compiled path accepts skips the own-properties walk and zod; anything it
  // declines (or throws on: a cycle, a hostile getter) is decided and explained by zod.
  try {
    registerForms(Component);
    const data = fastParser(Component)!(payload);
    if (data !== DECLINE) return { success: true, data: data as Component };
  } catch {
    // zod reports it
  }
  const r = safeParseWith(Component, payload, kindOf(payload));
  return r.success ? r : { success: false, error: withCredentialKeysMasked(r.error) };
}

/**
 * The error with every key inside a credential field (a map of them, or an object put where a
 * secret string belongs) masked in its paths, whoever reported it (a map's own checker masks them
 * too; the own-properties walk, which reports a cycle or a getter that throws before any schema
 * runs, does not know the field).
 */
function withCredentialKeysMasked(error: MessageValidationError): MessageValidationError {
  const fields = credentialMapFields();
  let changed = false;
  const issues = error.issues.map((issue) => {
    const at = issue.path.findIndex((seg) => typeof seg === "string" && fields.has(seg));
    if (at < 0 || at === issue.path.length - 1) return issue;
    changed = true;
    return { ...issue, path: [...issue.path.slice(0, at + 1), ...maskedPath(issue.path.slice(at + 1))] };
  });
  return changed ? new MessageValidationError(error.type, issues) : error;
}

let credentialFields: Set<string> | undefined;

/** The names of the config fields that hold a credential (`api_key`, `env`, `headers`, `default_headers`, …), read from the config schemas. */
function credentialMapFields(): Set<string> {
  if (credentialFields) return credentialFields;
  const names = new Set<string>();
  eachConfigNode((schema, key) => {
    const kind = fieldMeta.get(schema)?.kind;
    if (kind !== "secret" && kind !== "sensitive") return;
    // A credential field: whatever the caller put there (a map, or an object where a string belongs), its keys are masked.
    if (key !== null) names.add(key);
    return false;
  });
  return (credentialFields = names);
}

/**
 * {@link safeLoadComponent} that throws the `MessageValidationError`. The result is a new object
 * (the input is never changed); AutoGen's short provider aliases become the full provider.
 *
 * @example
 * const team = loadComponent(JSON.parse(text));
 * if (team.provider === "autogen_agentchat.teams.RoundRobinGroupChat") console.log(team.config.participants.length);
 */
export function loadComponent(payload: unknown): Component {
  const r = safeLoadComponent(payload);
  if (r.success) return r.data;
  throw r.error;
}
