/**
 * Console output: AutoGen's `Console` rendering and run statistics.
 *
 * Import from `agentchat-messages/console`.
 *
 * @packageDocumentation
 */
export { ConsoleRenderer, renderConsole, type ConsoleItem, type ConsoleOptions } from "./renderer.js";
// A run's shapes and statistics live in run/ (one home); ./console has always exported them.
export { isResponse, isTaskResult, type RunValue } from "../run/values.js";
export { MessageStats, type MessageSummary } from "../run/stats.js";
