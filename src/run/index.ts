/**
 * The one home for "an item of an AutoGen run": the `RunItem` union and its classifier
 * (`loadRunItem`), Studio envelopes and control frames, the reader errors, flattening and
 * de-duplication by id, and the path-prefix helper. Every consumer (stream, console, html,
 * context, ag-ui, maf, otel) imports run items from here.
 */
export * from "./items.js";
export * from "./studio.js";
export { FrameSyntaxError, ForeignFrameError } from "./errors.js";
export { runMessages, itemMessages, endMessages, loadMessage, MessageAccumulator } from "./messages.js";
export { underPath } from "./paths.js";
export { guarded, pathOf, type Where } from "./guard.js";
export { notRunItem, runEnd, runValueShape, type RunEnd, type RunValueShape } from "./shape.js";
export { isResponse, isRunItem, isTaskResult, type RunValue } from "./values.js";
export { MessageStats, type MessageSummary } from "./stats.js";
export { controlOutcome, INCOMPLETE_RUN, type RunFailure } from "./outcome.js";
export { isObject, isPlainObject } from "../wire/json-data.js";
