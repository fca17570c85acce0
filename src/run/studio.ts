/**
 * AutoGen Studio's WebSocket frames (autogenstudio/web/managers/connection.py and
 * web/routes/ws.py, 0.7.5): every item of a run goes out in an envelope
 * `{type, data, status?, timestamp?}`, next to control frames of the server's own, and the
 * images of a `MultiModalMessage` are rewritten for the browser. This module holds the frame
 * shapes and the undoing of that rewrite; `run-items.ts` decides what a frame is.
 */
import * as z from "zod/mini";
import { define } from "../define.js";
import { looseJsonObject } from "../wire/fields.js";
import { literalEnum } from "../zod-def.js";
import { isObject } from "../wire/json-data.js";

/**
 * Envelopes whose `data` is one AutoGen item: `message` (a message or event dumped with
 * `model_dump()`), `message_chunk` (a `ModelClientStreamingChunkEvent`), `llm_call_event`
 * (named by Studio's frontend types), `result` (a `TeamResult` when the run completes) and
 * `completion` (a `TeamResult` when it is cancelled or fails, with `status`).
 *
 * @example StudioItemEnvelopeType.options // ["message", "message_chunk", "llm_call_event", "result", "completion"]
 */
export const StudioItemEnvelopeType = /* @__PURE__ */ define(() =>
  literalEnum(["message", "message_chunk", "llm_call_event", "result", "completion"]),
);
/** A {@link StudioItemEnvelopeType} value. */
export type StudioItemEnvelopeType = z.infer<typeof StudioItemEnvelopeType>;

const text = () => z.optional(z.string());

/**
 * A frame of the server's own, not an AutoGen item: `system` (`{status: "connected",
 * timestamp}` when the socket opens), `pong`, `input_request` (a `UserProxyAgent` waits for
 * `{type: "input_response", response}`), `error` (AutoGen Studio's `{error, timestamp}`, or the
 * `{content, source}` of AutoGen's FastAPI sample `agentchat_fastapi/app_team.py`), and a
 * `completion` that carries no result. Unknown keys are kept (validated and copied as JSON data).
 *
 * @example StudioControlFrame.parse({ type: "error", content: "Error: boom", source: "system" }).content // "Error: boom"
 */
export const StudioControlFrame = /* @__PURE__ */ define(() =>
  z.discriminatedUnion("type", [
    looseJsonObject({ type: z.literal("system"), status: text(), timestamp: text() }),
    looseJsonObject({ type: z.literal("pong"), timestamp: text() }),
    looseJsonObject({
      type: z.literal("input_request"),
      prompt: text(),
      data: z.optional(looseJsonObject({ source: text(), content: text() })),
      timestamp: text(),
    }),
    looseJsonObject({ type: z.literal("error"), error: text(), content: text(), source: text(), timestamp: text() }),
    looseJsonObject({ type: z.literal("completion"), status: text(), timestamp: text() }),
  ]),
);
/** A {@link StudioControlFrame}. */
export type StudioControlFrame = z.infer<typeof StudioControlFrame>;

/** Every `type` of a server-to-client AutoGen Studio frame. */
export const STUDIO_FRAME_TYPES: ReadonlySet<string> = /* @__PURE__ */ new Set([
  "message",
  "message_chunk",
  "llm_call_event",
  "result",
  "completion",
  "system",
  "pong",
  "input_request",
  "error",
]);

/**
 * What an item's AutoGen Studio envelope said besides its data: the envelope `type`, its
 * `status` (`complete`, `cancelled`, `error`) and `timestamp`, and for a `TeamResult` its
 * `usage` and `duration`.
 *
 * @example const e: StudioEnvelope = { type: "result", status: "complete", usage: "", duration: 1.5 }
 */
export interface StudioEnvelope {
  readonly type: StudioItemEnvelopeType;
  readonly status?: string;
  readonly timestamp?: string;
  readonly usage?: string;
  readonly duration?: number;
}

/** The envelope fields besides `type` and `data`, checked like the control frames' fields. */
export const StudioEnvelopeFields = /* @__PURE__ */ define(() => z.looseObject({ status: text(), timestamp: text() }));

/** Studio's `TeamResult` besides its `task_result`. */
export const StudioTeamResultFields = /* @__PURE__ */ define(() =>
  z.looseObject({ usage: z.optional(z.string()), duration: z.optional(z.number()) }),
);

const DATA_URL = /^data:[^,;]*(?:;[^,;]*)*;base64,/;


/**
 * Undoes Studio's image rewrite in one message: `_format_message` replaces each image
 * `{"data": <base64>}` of a `MultiModalMessage` by `{"url": "data:image/png;base64,<base64>",
 * "alt": …}`. Other messages, and parts that are not such data URLs, come back as they are
 * (a copy only where something changed; the input is never modified).
 *
 * @example restoreStudioImages({ type: "MultiModalMessage", source: "u", content: ["see", { url: "data:image/png;base64,iVBO", alt: "x" }] })
 * // { type: "MultiModalMessage", source: "u", content: ["see", { data: "iVBO" }] }
 */
export function restoreStudioImages(message: unknown): unknown {
  if (!isObject(message) || message.type !== "MultiModalMessage" || !Array.isArray(message.content)) return message;
  let changed = false;
  const content = message.content.map((part: unknown) => {
    if (!isObject(part) || typeof part.url !== "string" || "data" in part) return part;
    const prefix = DATA_URL.exec(part.url);
    if (!prefix) return part;
    changed = true;
    return { data: part.url.slice(prefix[0].length) };
  });
  return changed ? { ...message, content } : message;
}
