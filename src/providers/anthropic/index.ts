/**
 * `agentchat-messages/anthropic` (under construction).
 *
 * @packageDocumentation
 */
/** Placeholder until the anthropic conversion lands. */
export const PROVIDER = "anthropic";
