/** `agentchat-messages/otel`: OpenTelemetry GenAI messages (MAF-exact) and spans for AutoGen runs. */
export { toOtelMessages, toOtelSystemInstructions, otelMessagesText, type OtelMessage, type OtelPart } from "./messages.js";
export { traceRun, type TraceRunResult } from "./trace-run.js";
export { createRunTracer, type RunTracer } from "./recorder.js";
export type { TraceRunOptions } from "./options.js";
