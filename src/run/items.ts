/**
 * What one frame of a live run is. Python backends send the items `run_stream` /
 * `on_messages_stream` yield (messages and events, then a `TaskResult` or `Response`), bare or
 * in AutoGen Studio's envelopes, mixed with frames of their own; every reader of this folder
 * (JSON Lines, Server-Sent Events, WebSocket frames) classifies each parsed frame here, so they
 * all yield the same items.
 */
import { MessageValidationError } from "../errors.js";
import { underPath } from "./paths.js";
import type { AgentMessage } from "../kinds.js";
import { readKey, safeParseWith, unreadableIssues, type SafeLoadResult } from "../parse.js";
import { defaultRegistry, type MessageRegistry } from "../registry.js";
import { responseSchema, taskResultSchema, type Response, type TaskResult } from "../contracts/schemas.js";
import { ForeignFrameError, type FrameSyntaxError } from "./errors.js";
import {
  STUDIO_FRAME_TYPES,
  StudioControlFrame,
  StudioEnvelopeFields,
  StudioTeamResultFields,
  restoreStudioImages,
  type StudioEnvelope,
  type StudioItemEnvelopeType,
} from "./studio.js";
import { isObject } from "../wire/json-data.js";

/** An AutoGen message or event. @example if (item.kind === "message") show(item.message) */
export interface MessageItem {
  readonly kind: "message";
  readonly message: AgentMessage;
  /** Set when the item came in an AutoGen Studio envelope. */
  readonly envelope?: StudioEnvelope;
}

/** The `TaskResult` that ends a `run_stream` (or AutoGen Studio's `TeamResult`). @example if (item.kind === "TaskResult") console.log(item.taskResult.stop_reason) */
export interface TaskResultItem {
  readonly kind: "TaskResult";
  readonly taskResult: TaskResult;
  /** Set when the item came in an AutoGen Studio envelope (`result`, or `completion` when cancelled or failed). */
  readonly envelope?: StudioEnvelope;
}

/** The `Response` that ends an agent's `on_messages_stream`. @example if (item.kind === "Response") show(item.response.chat_message) */
export interface ResponseItem {
  readonly kind: "Response";
  readonly response: Response;
  /** Set when the item came in an AutoGen Studio envelope. */
  readonly envelope?: StudioEnvelope;
}

/** A frame of the server's own (connected, pong, input request, error). @example if (item.kind === "control" && item.control.type === "error") alert(item.control.error ?? item.control.content) */
export interface ControlItem {
  readonly kind: "control";
  readonly control: StudioControlFrame;
}

/**
 * What a frame of a live run holds, discriminated by `kind`.
 *
 * @example
 * switch (item.kind) {
 *   case "message": show(item.message); break;
 *   case "TaskResult": done(item.taskResult.stop_reason); break;
 *   case "Response": show(item.response.chat_message); break;
 *   case "control": if (item.control.type === "input_request") askUser(item.control.prompt); break;
 * }
 */
export type RunItem = MessageItem | TaskResultItem | ResponseItem | ControlItem;

/**
 * Why a frame gave no item: invalid AutoGen data (`MessageValidationError`, with the path from
 * the top of the frame), text that is not JSON (`FrameSyntaxError`, or `JsonLineSyntaxError`
 * for JSON Lines), or JSON that is not an AutoGen item (`ForeignFrameError`).
 *
 * @example if (!item.ok) console.warn(item.error.name, item.error.message)
 */
export type RunItemError = MessageValidationError | FrameSyntaxError | ForeignFrameError;

/** A frame's result: `{ ok: true, kind, … }` or `{ ok: false, error }`. @example const r: RunItemResult = loadRunItem(JSON.parse(text)) */
export type RunItemResult = ({ readonly ok: true } & RunItem) | { readonly ok: false; readonly error: RunItemError };

/** Options of the readers and of {@link loadRunItem}. @example readFrames(socket, { registry: myRegistry }) */
export interface RunItemOptions {
  /** The registry that loads each message (custom kinds, structured content). Default `defaultRegistry`. */
  readonly registry?: MessageRegistry;
}

/** The contract schemas bound to a registry, built once per registry. */
function schemasOf(registry: MessageRegistry) {
  let s = cache.get(registry);
  if (!s) cache.set(registry, (s = { taskResult: taskResultSchema({ registry }), response: responseSchema({ registry }) }));
  return s;
}
const cache = new WeakMap<MessageRegistry, { taskResult: ReturnType<typeof taskResultSchema>; response: ReturnType<typeof responseSchema> }>();


const under = underPath;

function fromResult<T>(r: SafeLoadResult<T>, item: (data: T) => RunItem, prefix: readonly (string | number)[]): RunItemResult {
  if (!r.success) return { ok: false, error: prefix.length ? under(prefix, r.error) : r.error };
  return { ok: true, ...item(r.data) };
}

/**
 * A bare item: a message (an object whose `type` the registry knows), a `TaskResult`
 * (`messages`), a `Response` (`chat_message`), or Studio's `TeamResult` (`task_result`); null
 * when the value is none of these.
 */
function bareItem(value: Record<string, unknown>, registry: MessageRegistry, prefix: readonly (string | number)[], envelope?: StudioEnvelope): RunItemResult | null {
  const type = readKey(value, "type");
  if (typeof type === "string" && registry.kind(type)) {
    return fromResult(registry.safeLoad(restoreStudioImages(value)), (message) => ({ kind: "message", message, ...(envelope && { envelope }) }), prefix);
  }
  if (type !== undefined) return null;
  const { taskResult, response } = schemasOf(registry);
  if ("task_result" in value) {
    // AutoGen Studio's TeamResult: {task_result, usage, duration}.
    const extra = safeParseWith(StudioTeamResultFields, { usage: value.usage, duration: value.duration }, "TeamResult");
    if (!extra.success) return { ok: false, error: under(prefix, extra.error) };
    const { usage, duration } = extra.data;
    const info = envelope && { envelope: { ...envelope, ...(usage !== undefined && { usage }), ...(duration !== undefined && { duration }) } };
    return fromResult(safeParseWith(taskResult, restoreAll(value.task_result), "TaskResult"), (r) => ({ kind: "TaskResult", taskResult: r, ...info }), [...prefix, "task_result"]);
  }
  if ("messages" in value) {
    return fromResult(safeParseWith(taskResult, restoreAll(value), "TaskResult"), (r) => ({ kind: "TaskResult", taskResult: r, ...(envelope && { envelope }) }), prefix);
  }
  if ("chat_message" in value) {
    return fromResult(safeParseWith(response, restoreAll(value), "Response"), (r) => ({ kind: "Response", response: r, ...(envelope && { envelope }) }), prefix);
  }
  return null;
}

/** Studio's image rewrite undone in the messages of a TaskResult / Response. */
function restoreAll(value: unknown): unknown {
  if (!isObject(value)) return value;
  const out = { ...value };
  if (Array.isArray(out.messages)) out.messages = out.messages.map(restoreStudioImages);
  if ("chat_message" in out) out.chat_message = restoreStudioImages(out.chat_message);
  if (Array.isArray(out.inner_messages)) out.inner_messages = out.inner_messages.map(restoreStudioImages);
  return out;
}

function studioFrame(frame: Record<string, unknown>, type: string, registry: MessageRegistry): RunItemResult {
  const hasItem = type === "message" || type === "message_chunk" || type === "llm_call_event" || type === "result" || (type === "completion" && isObject(frame.data));
  if (!hasItem) {
    const r = safeParseWith(StudioControlFrame, frame, type);
    return r.success ? { ok: true, kind: "control", control: r.data } : { ok: false, error: r.error };
  }
  // Only the envelope's own fields: zod need not walk (or copy) the data beside them.
  const fields = safeParseWith(StudioEnvelopeFields, { status: frame.status, timestamp: frame.timestamp }, type);
  if (!fields.success) return { ok: false, error: fields.error };
  const { status, timestamp } = fields.data;
  const envelope: StudioEnvelope = {
    type: type as StudioItemEnvelopeType,
    ...(status !== undefined && { status }),
    ...(timestamp !== undefined && { timestamp }),
  };
  const data = frame.data;
  if (!isObject(data)) {
    const got = data === undefined ? "Field required" : `expected an AutoGen item, got ${Array.isArray(data) ? "an array" : typeof data}`;
    return { ok: false, error: new MessageValidationError(type, [{ path: ["data"], code: data === undefined ? "missing" : "model_type", message: got }]) };
  }
  return bareItem(data, registry, ["data"], envelope) ?? { ok: false, error: new ForeignFrameError(frame) };
}

/**
 * Classifies one parsed frame of a live run and loads it: an AutoGen message or event, a
 * `TaskResult`, a `Response`, an AutoGen Studio envelope (unwrapped, its `TeamResult` read as
 * the `TaskResult` it holds, its image rewrite `{url: "data:…;base64,…", alt}` turned back into
 * images), a control frame (Studio's `system` / `pong` / `input_request` / `error`, the FastAPI
 * sample's `{type: "error", content, source}`), or else a `ForeignFrameError`. Never throws;
 * the input is never modified.
 *
 * Rules, in order: an object whose `type` the registry knows is a message; a known Studio
 * `type` is a Studio frame; an object without `type` is a `TeamResult` (`task_result`),
 * `TaskResult` (`messages`) or `Response` (`chat_message`); another object that has `source` or
 * `content` is taken for a message (its error says why it is not one: an unknown or missing
 * `type`); anything else (an unknown envelope `type`, an array, a number) is foreign.
 *
 * @example loadRunItem({ messages: [], stop_reason: "done" }) // { ok: true, kind: "TaskResult", taskResult: { messages: [], stop_reason: "done" } }
 * @example loadRunItem({ type: "message", data: { type: "TextMessage", source: "a", content: "hi" } }).kind // "message"
 */
export function loadRunItem(value: unknown, options: RunItemOptions = {}): RunItemResult {
  const registry = options.registry ?? defaultRegistry;
  try {
    return classify(value, registry);
  } catch (e) {
    // Only an in-process value gets here (a getter that throws on `type`, a proxy): never JSON.
    return { ok: false, error: new MessageValidationError(undefined, unreadableIssues(e)) };
  }
}

function classify(value: unknown, registry: MessageRegistry): RunItemResult {
  if (!isObject(value)) return { ok: false, error: new ForeignFrameError(value) };
  const bare = bareItem(value, registry, []);
  if (bare) return bare;
  const type = value.type;
  if (typeof type === "string" && STUDIO_FRAME_TYPES.has(type)) return studioFrame(value, type, registry);
  if ("source" in value || "content" in value) {
    const r = registry.safeLoad(value);
    // Only a registered type loads (handled above); this gives the loader's own explanation.
    if (!r.success) return { ok: false, error: r.error };
  }
  return { ok: false, error: new ForeignFrameError(value) };
}
