/**
 * One item of a run as the recorder takes it: what `run/` tells the item is (`runValueShape`),
 * its messages loaded (every one: the recorder keeps them all), and what the item says about the
 * run (it ended, failed, was cancelled, asks for input).
 */
import type { IssuePath } from "../errors.js";
import type { AgentMessage } from "../kinds.js";
import type { MessageRegistry } from "../registry.js";
import { endMessages, loadMessage } from "../run/messages.js";
import { controlOutcome, type RunFailure } from "../run/outcome.js";
import { runValueShape } from "../run/shape.js";
import { isObject } from "../wire/json-data.js";

/** What one item says. */
export interface ParsedItem {
  readonly messages: readonly AgentMessage[];
  /** Per message: whether the item gave its `created_at` (a dump without one is loaded with the time of loading, not the run's). */
  readonly stamped?: readonly boolean[];
  /** A `TaskResult` or `Response`: the run (or the agent's call) ended. */
  readonly end: boolean;
  readonly outcome?: { readonly kind: "failed"; readonly failure: RunFailure } | { readonly kind: "cancelled" };
  /** A control frame to keep as a root span event (an input request). */
  readonly event?: { readonly name: string; readonly attributes: Record<string, string> };
}

const NONE: readonly AgentMessage[] = [];

const hasTime = (m: unknown): boolean => isObject(m) && m.created_at !== undefined && m.created_at !== null;

/** Reads the item at `path`; throws `MessageValidationError` naming the path for anything that is not an AutoGen item. */
export function parseItem(item: unknown, path: IssuePath, registry: MessageRegistry): ParsedItem {
  const shape = runValueShape(item, path);
  switch (shape.kind) {
    case "message":
      return { messages: [loadMessage(shape.value, registry, shape.path)], end: false, stamped: [hasTime(shape.value)] };
    case "other":
      // Loaded all the same: the loader's error says why it is no message (`type` missing).
      return { messages: [loadMessage(shape.value, registry, path)], end: false };
    case "end": {
      const stamped: boolean[] = [];
      for (let i = 0; i < shape.count; i++) stamped.push(hasTime(shape.rawAt(i)));
      return { messages: [...endMessages(shape, registry)], end: true, stamped };
    }
    case "error":
      return { messages: NONE, end: false, outcome: { kind: "failed", failure: shape.failure } };
    case "control": {
      const control = shape.control;
      const outcome = controlOutcome(control);
      const event = control.type === "input_request" ? { name: "autogen.input_request", attributes: { "autogen.control.type": control.type } } : undefined;
      return { messages: NONE, end: false, ...(outcome && { outcome }), ...(event && { event }) };
    }
  }
}
