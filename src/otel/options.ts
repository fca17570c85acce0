/** The options of `traceRun` / `createRunTracer`, and their check (every bad option named at once). */
import type { Context, Tracer } from "@opentelemetry/api";
import { MessageValidationError, type MessageIssue } from "../errors.js";
import { defaultRegistry, type MessageRegistry } from "../registry.js";
import { describeValue } from "../wire/check.js";
import { isObject } from "../wire/json-data.js";
import { guardRead } from "./guard.js";

/**
 * Options of {@link traceRun} and {@link createRunTracer}.
 *
 * @example const options: TraceRunOptions = { tracer: trace.getTracer("my-app"), conversationId: "thread-1", captureContent: true };
 */
export interface TraceRunOptions {
  /** The `Tracer` of `@opentelemetry/api` the spans are made with. */
  readonly tracer: Tracer;
  /** `gen_ai.conversation.id` of the run's spans (a thread id, a session id). Default: none. */
  readonly conversationId?: string;
  /**
   * Record message, argument and result text (`gen_ai.input.messages`, `gen_ai.output.messages`,
   * `gen_ai.tool.call.arguments` / `.result`, event content). Default false, as the conventions
   * and MAF decide: the text of a run may hold personal data.
   */
  readonly captureContent?: boolean;
  /** The root span's operation: `invoke_workflow` (a team) or `invoke_agent` (one agent). Default: `invoke_agent` when one agent spoke, else `invoke_workflow`. */
  readonly operation?: "invoke_workflow" | "invoke_agent";
  /** The team's (or agent's) name: `gen_ai.workflow.name` / `gen_ai.agent.name` of the root, and its span name. */
  readonly name?: string;
  /** `gen_ai.provider.name` of the agent spans. Default `"autogen"` (MAF writes `"microsoft.agent_framework"` for its agents). */
  readonly providerName?: string;
  /** Sources whose messages a human wrote, besides `"user"`: their messages are the run's input, not an agent turn. */
  readonly userSources?: readonly string[];
  /**
   * A run stream ends with a `TaskResult` or `Response`: without one, the run failed (as `./ag-ui`
   * says `RUN_ERROR`). Default true; false for a stored transcript, which is not a stream.
   */
  readonly requireEnd?: boolean;
  /** The parent of the root span. Default: the active context (`context.active()`). */
  readonly context?: Context;
  /** The registry that loads each message (custom kinds, structured messages). Default `defaultRegistry`. */
  readonly registry?: MessageRegistry;
  /** The clock for items without `created_at`, in milliseconds since the epoch. Default `Date.now`. */
  readonly now?: () => number;
  /** Told when the tracer throws: from then on the recorder makes no more spans, and the run goes on. */
  readonly onTracerError?: (error: unknown) => void;
}

/** The options with their defaults, checked. */
export interface CheckedOptions {
  readonly tracer: Tracer;
  readonly conversationId: string | undefined;
  readonly captureContent: boolean;
  readonly operation: "invoke_workflow" | "invoke_agent" | undefined;
  readonly name: string | undefined;
  readonly providerName: string;
  readonly userSources: ReadonlySet<string>;
  readonly requireEnd: boolean;
  readonly context: Context | undefined;
  readonly registry: MessageRegistry;
  readonly now: () => number;
  readonly onTracerError: ((error: unknown) => void) | undefined;
}


/** Throws `MessageValidationError` naming every bad option. */
export function checkOptions(options: unknown): CheckedOptions {
  // Options that cannot be read (a revoked proxy, a throwing getter) are the library's error, not the trap's.
  return guardRead([], () => check(options), "traceRun options");
}

function check(options: unknown): CheckedOptions {
  if (!isObject(options)) throw new MessageValidationError(undefined, [{ path: [], code: "model_type", message: `expected an options object with a tracer, got ${describeValue(options)}` }], "traceRun options");
  const issues: MessageIssue[] = [];
  const bad = (key: string, want: string) => issues.push({ path: [key], code: "invalid_option", message: `expected ${want}, got ${describeValue(options[key])}` });
  const o = options;
  const fn = (k: string) => o[k] === undefined || typeof o[k] === "function" || bad(k, "a function");
  const str = (k: string) => o[k] === undefined || typeof o[k] === "string" || bad(k, "a string");
  const bool = (k: string) => o[k] === undefined || typeof o[k] === "boolean" || bad(k, "a boolean");
  if (!isObject(o.tracer) || typeof (o.tracer as Record<string, unknown>).startSpan !== "function") bad("tracer", "an OpenTelemetry Tracer (with startSpan)");
  str("conversationId"); str("name"); str("providerName");
  bool("captureContent"); bool("requireEnd");
  fn("now"); fn("onTracerError");
  if (o.operation !== undefined && o.operation !== "invoke_workflow" && o.operation !== "invoke_agent") bad("operation", `"invoke_workflow" or "invoke_agent"`);
  const users = o.userSources;
  if (users !== undefined && !(Array.isArray(users) && users.every((u) => typeof u === "string"))) bad("userSources", "a list of strings");
  if (o.context !== undefined && !(isObject(o.context) && typeof (o.context as Record<string, unknown>).getValue === "function")) bad("context", "an OpenTelemetry Context");
  if (o.registry !== undefined && !(isObject(o.registry) && typeof (o.registry as Record<string, unknown>).safeLoad === "function")) bad("registry", "a MessageRegistry");
  if (issues.length) throw new MessageValidationError(undefined, issues, "traceRun options");
  return {
    tracer: o.tracer as Tracer,
    conversationId: o.conversationId as string | undefined,
    captureContent: o.captureContent === true,
    operation: o.operation as CheckedOptions["operation"],
    name: o.name as string | undefined,
    providerName: (o.providerName as string | undefined) ?? "autogen",
    userSources: new Set(["user", ...((users as string[] | undefined) ?? [])]),
    requireEnd: o.requireEnd !== false,
    context: o.context as Context | undefined,
    registry: (o.registry as MessageRegistry | undefined) ?? defaultRegistry,
    now: (o.now as (() => number) | undefined) ?? Date.now,
    onTracerError: o.onTracerError as ((error: unknown) => void) | undefined,
  };
}
