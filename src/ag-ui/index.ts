/**
 * AutoGen speaks AG-UI: the events of an AutoGen run for any AG-UI front end (CopilotKit,
 * `@ag-ui/client`), AG-UI messages as AutoGen tasks, an SSE endpoint (a run or an agent, and a
 * Node `http` adapter), and an `AbstractAgent` that drives an AutoGen back end. `@ag-ui/core` (and `@ag-ui/client`,
 * `@ag-ui/encoder` where used) are optional peer dependencies, loaded only by this subpath.
 *
 * Import from `agentchat-messages/ag-ui`. The mapping is in docs/ag-ui.md.
 *
 * @packageDocumentation
 */
export { toAgUiEvents, createAgUiTranslator, type AgUiTranslator, type AgUiTranslateOptions } from "./translator.js";
export type { AutoGenRunItem } from "./items.js";
export { fromAgUiMessages, type FromAgUiOptions } from "./from-messages.js";
export { fromAgUiInput, type FromAgUiInputOptions } from "./from-input.js";
export { handoffInterrupt, inputInterrupt, parseInterruptId, handoffStopped, INPUT_REQUIRED, type InputInterruptRequest, type InterruptIdParts } from "./interrupts.js";
export { agUiEventStream, agUiResponse, createAgUiHandler, type AgUiStreamOptions, type AgUiRunRequest, type AgUiHandlerOptions, type AgUiAgentLike, type RunItems } from "./endpoint.js";
export { toNodeListener, type NodeListenerOptions, type NodeRequestLike, type NodeResponseLike } from "./node.js";
export { AutoGenAgent, type AutoGenAgentConfig, type AutoGenInputRequest } from "./agent.js";
export type { AgUiRunTracer, RunRecorder } from "./tracing.js";
export { AutoGenBackendError, type AutoGenBackendErrorCode } from "./errors.js";
export {
  fastApiWebSocket,
  studioWebSocket,
  sseTransport,
  jsonLinesTransport,
  type AutoGenTransport,
  type AutoGenConnection,
  type AutoGenRunStart,
  type HttpTransportOptions,
  type WebSocketTransportOptions,
  type WebSocketClass,
  type TransportSocket,
} from "./transports.js";
