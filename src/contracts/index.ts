/**
 * The agents' data contracts (`Response`, `TaskResult`, approval request/response, message
 * filter config), their dumpers, and the pure functions behind `MessageFilterAgent` and
 * `CodeExecutorAgent`'s code extraction.
 *
 * Import from `agentchat-messages/contracts`.
 *
 * @packageDocumentation
 */
export { messageField, messageFields, type MessageFieldOptions } from "./message-field.js";
export {
  Response,
  Response as AgentResponse,
  TaskResult,
  ApprovalRequest,
  ApprovalResponse,
  PerSourceFilter,
  MessageFilterConfig,
  responseSchema,
  taskResultSchema,
} from "./schemas.js";
export {
  dumpContract,
  dumpResponse,
  dumpTaskResult,
  dumpApprovalRequest,
  dumpApprovalResponse,
  dumpMessageFilterConfig,
} from "./dump.js";
export { filterMessages } from "./message-filter.js";
export { extractCodeBlocks, type ExtractCodeBlocksOptions } from "./code-blocks.js";
