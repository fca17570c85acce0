/**
 * `agentchat-messages/gemini` (under construction).
 *
 * @packageDocumentation
 */
/** Placeholder until the gemini conversion lands. */
export const PROVIDER = "gemini";
