/**
 * How Python backends put the items of a run on the wire, reproduced for the replay server
 * (and for the library's transport tests). An item is what `run_stream` yielded, as JSON: a
 * message dump, `{messages, stop_reason}` (TaskResult) or `{chat_message, inner_messages}`
 * (Response).
 *
 * - JSON Lines: `json.dumps(item)` per line.
 * - Server-Sent Events: `event: <message type | result | response>` and `data: <json>`.
 * - WebSocket, plain (AutoGen's FastAPI sample `app_team.py`): `send_json(message.model_dump())`,
 *   through FastAPI's `jsonable_encoder`, which writes `created_at` as `datetime.isoformat()`
 *   (`2025-03-15T03:27:56+00:00`; `json.dumps(default=str)` writes a space instead of `T`).
 * - WebSocket, AutoGen Studio (`web/managers/connection.py`): a `system` frame on connect, then
 *   `{type: "message" | "message_chunk", data}` per message, `MultiModalMessage` images as
 *   `{url: "data:image/png;base64,…", alt}`, and `{type: "result", data: TeamResult, status}`.
 */

/** One item of a run, as JSON. */
export type WireItem = Record<string, unknown>;

/**
 * `json.dumps` of parsed JSON, compact: as `JSON.stringify`, except that a float `-0.0` (which
 * `JSON.parse` turns into `-0`, and `JSON.stringify` into `0`) is written back as Python does.
 */
export function pythonJson(value: unknown): string {
  if (typeof value === "number") return Object.is(value, -0) ? "-0.0" : JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(pythonJson).join(",")}]`;
  if (typeof value === "object" && value !== null) {
    return `{${Object.entries(value).map(([k, v]) => `${JSON.stringify(k)}:${pythonJson(v)}`).join(",")}}`;
  }
  return JSON.stringify(value);
}

const isTaskResult = (item: WireItem) => "stop_reason" in item && Array.isArray(item.messages);
const isResponse = (item: WireItem) => "chat_message" in item;

/** `datetime.isoformat()` (or `str(datetime)` with `sep: " "`) of a UTC `created_at` that Pydantic wrote with `Z`. */
export function pythonIsoformat(createdAt: string, sep: "T" | " " = "T"): string {
  return createdAt.replace(/Z$/, "+00:00").replace("T", sep);
}

/** A message with its `created_at` as Python's own datetime text. */
function withPythonDates(message: unknown, sep: "T" | " "): unknown {
  if (typeof message !== "object" || message === null) return message;
  const m = message as WireItem;
  return typeof m.created_at === "string" ? { ...m, created_at: pythonIsoformat(m.created_at, sep) } : m;
}

/** The item with every message's `created_at` rewritten (top level, TaskResult.messages, Response). */
export function pythonDates(item: WireItem, sep: "T" | " " = "T"): WireItem {
  if (isTaskResult(item)) return { ...item, messages: (item.messages as unknown[]).map((m) => withPythonDates(m, sep)) };
  if (isResponse(item)) {
    const inner = item.inner_messages;
    return {
      chat_message: withPythonDates(item.chat_message, sep),
      inner_messages: Array.isArray(inner) ? inner.map((m) => withPythonDates(m, sep)) : inner,
    };
  }
  return withPythonDates(item, sep) as WireItem;
}

/** The SSE `event:` name the replay gives an item. */
export function eventName(item: WireItem): string {
  return isTaskResult(item) ? "result" : isResponse(item) ? "response" : String(item.type);
}

/** The run as JSON Lines. */
export function toJsonLines(items: readonly WireItem[]): string {
  return items.map((item) => pythonJson(item) + "\n").join("");
}

/** One Server-Sent Event per item; `nl` is the line end (`\n` or `\r\n`). */
export function toServerSentEvents(items: readonly WireItem[], nl = "\n"): string {
  return items.map((item, i) => `id: ${i + 1}${nl}event: ${eventName(item)}${nl}data: ${pythonJson(item)}${nl}${nl}`).join("");
}

/** WebSocket frames as AutoGen's FastAPI sample sends them (`created_at` from `jsonable_encoder`). */
export function toPlainFrames(items: readonly WireItem[], sep: "T" | " " = "T"): string[] {
  return items.map((item) => pythonJson(pythonDates(item, sep)));
}

/** Studio's `_format_message` image rewrite of a `MultiModalMessage`. */
function studioImages(message: WireItem): WireItem {
  if (message.type !== "MultiModalMessage" || !Array.isArray(message.content)) return message;
  const content = message.content.map((part: unknown) =>
    typeof part === "object" && part !== null && "data" in part
      ? { url: `data:image/png;base64,${(part as { data: string }).data}`, alt: "WebSurfer Screenshot" }
      : part,
  );
  return { ...message, content };
}

/**
 * WebSocket frames as AutoGen Studio sends them: a `system` frame, then one envelope per item.
 * Studio only runs teams, so it never sends a `Response`; the replay sends one as a `message`
 * envelope around it.
 */
export function toStudioFrames(items: readonly WireItem[], timestamp = "2025-03-15T03:27:56.123456+00:00"): string[] {
  const frames: unknown[] = [{ type: "system", status: "connected", timestamp }];
  for (const raw of items) {
    const item = pythonDates(raw);
    if (isTaskResult(item)) frames.push({ type: "result", data: { task_result: item, usage: "", duration: 0.25 }, status: "complete" });
    else if (item.type === "ModelClientStreamingChunkEvent") frames.push({ type: "message_chunk", data: item });
    else frames.push({ type: "message", data: isResponse(item) ? item : studioImages(item) });
  }
  return frames.map(pythonJson);
}
