/**
 * `loadComponent` / `safeLoadComponent`: any JSON value → a validated component model, or a
 * `MessageValidationError` naming the path from the document's root.
 */
import * as z from "zod/mini";
import { define } from "../define.js";
import { safeParseWith, withMessageErrors, type SafeLoadResult } from "../parse.js";
import { isPlainObject } from "../wire/json-data.js";
import { checkComponent } from "./component.js";
import { resolveProvider, specFor } from "./registry.js";
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
  return safeParseWith(Component, payload, kindOf(payload));
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
