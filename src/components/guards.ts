/**
 * Narrowing a component to one class.
 */
import type { ComponentFor, KnownProvider } from "./roles.js";

/**
 * Whether `value` is a component model of the class `provider` (its config then typed).
 *
 * @example if (isComponent(c, "autogen_agentchat.agents.AssistantAgent")) c.config.model_client
 */
export function isComponent<P extends KnownProvider>(value: unknown, provider: P): value is ComponentFor<P> {
  return typeof value === "object" && value !== null && (value as { provider?: unknown }).provider === provider;
}
