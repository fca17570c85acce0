/**
 * Console output: AutoGen's `Console` rendering and run statistics.
 *
 * Import from `agentchat-messages/console`.
 *
 * @packageDocumentation
 */
export { ConsoleRenderer, renderConsole, isResponse, isTaskResult, type ConsoleItem, type ConsoleOptions } from "./renderer.js";
export { MessageStats, type MessageSummary } from "./stats.js";
