/**
 * `agentchat-messages/maf`: Microsoft Agent Framework (MAF 1.13.0, `agent-framework-core`)
 * messages, run results and sessions, wire-exact: zod schemas under MAF's class names, `loadMaf`
 * (what `from_dict` holds), `dumpMaf` (exactly `to_dict()`), `dumpMafJson` (the exact text MAF
 * writes) and `mafText` (`.text`). See docs/maf.md.
 *
 * @example
 * import { loadMaf, dumpMafJson, mafText } from "agentchat-messages/maf";
 * const session = loadMaf(JSON.parse(text), "AgentSession");
 * for (const m of session.state.in_memory?.messages ?? []) console.log(`${m.role}: ${mafText(m)}`);
 * const same = dumpMafJson(session) === text; // true for a file MAF wrote
 *
 * @packageDocumentation
 */
export {
  Content,
  isContentKind,
  isKnownContentType,
  type Annotation,
  type TextSpanRegion,
  type UsageDetails,
  type ContentFields,
  type ContentOf,
  type KnownContent,
  type TextContent,
  type TextReasoningContent,
  type DataContent,
  type UriContent,
  type ErrorContent,
  type FunctionCallContent,
  type FunctionResultContent,
  type UsageContent,
  type HostedFileContent,
  type HostedVectorStoreContent,
  type CodeInterpreterToolCallContent,
  type CodeInterpreterToolResultContent,
  type ImageGenerationToolCallContent,
  type ImageGenerationToolResultContent,
  type McpServerToolCallContent,
  type McpServerToolResultContent,
  type SearchToolCallContent,
  type SearchToolResultContent,
  type ShellToolCallContent,
  type ShellToolResultContent,
  type ShellCommandOutputContent,
  type FunctionApprovalRequestContent,
  type FunctionApprovalResponseContent,
  type OAuthConsentRequestContent,
} from "./content.js";
export { Message, type MafRole, type MessageShape } from "./message.js";
export {
  AgentResponse,
  AgentResponseUpdate,
  ChatResponse,
  ChatResponseUpdate,
  type ContinuationToken,
  type AgentResponseShape,
  type AgentResponseUpdateShape,
  type ChatResponseShape,
  type ChatResponseUpdateShape,
} from "./responses.js";
export { AgentSession, type AgentSessionShape, type InMemoryHistoryState } from "./session.js";
export { CONTENT_TYPES, MAF_CLASSES, type ContentType, type MafClass } from "./fields.js";
export { loadMaf, type MafClassValue } from "./load-maf.js";
export { dumpMaf, dumpMafJson, type MafValue } from "./dump.js";
export { mafText } from "./text.js";
export { MessageValidationError } from "../errors.js";
export {
  toMafMessages,
  toMafAgentResponse,
  toMafSession,
  toMafSessions,
  fromMafMessages,
  type ToMafMessagesOptions,
  type ToMafSessionOptions,
  type ToMafSessionsOptions,
  type MafAgentSession,
  type FromMafMessage,
  type FromMafMessagesOptions,
  type MafConversionLoss,
  type MafLossOption,
} from "./convert/index.js";
