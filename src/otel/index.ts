/** `agentchat-messages/otel`: OpenTelemetry GenAI messages (MAF-exact) for AutoGen and MAF messages. */
export { toOtelMessages, toOtelSystemInstructions, otelMessagesText, type OtelMessage, type OtelPart } from "./messages.js";
