/**
 * AutoGen ↔ MAF conversions (re-exported by `agentchat-messages/maf`).
 */
export { toMafMessages, type ToMafMessagesOptions } from "./to-maf-messages.js";
export { toMafAgentResponse } from "./to-maf-agent-response.js";
export { toMafSession, type ToMafSessionOptions } from "./to-maf-session.js";
export { toMafSessions, type MafAgentSession, type ToMafSessionsOptions } from "./to-maf-sessions.js";
export { fromMafMessages, type FromMafMessage, type FromMafMessagesOptions } from "./from-maf-messages.js";
export type { MafConversionLoss, MafLossOption } from "./losses.js";
