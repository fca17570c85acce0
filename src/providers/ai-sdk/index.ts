/**
 * `agentchat-messages/ai-sdk` (under construction).
 *
 * @packageDocumentation
 */
/** Placeholder until the ai-sdk conversion lands. */
export const PROVIDER = "ai-sdk";
