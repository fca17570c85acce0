/**
 * `StreamAssembler`: folds `ModelClientStreamingChunkEvent`s into the text streamed so far
 * and links them to the message they turn into. AutoGen gives every chunk of one model call
 * the same `full_message_id`, and the message that completes the call (the `TextMessage`,
 * or the `ThoughtEvent` when the model produced a thought) carries that id as its `id`.
 */
import type { AgentMessage } from "../kinds.js";
import type { ModelClientStreamingChunkEvent } from "../schemas/agent-events.js";

/** The chunks of one streamed model call and, once it arrived, the message they became. @example if (u.kind === "final") render(u.stream.text, u.stream.final) */
export interface StreamedText {
  /** The chunks' `full_message_id`; `null` for chunks without one (grouped by source). */
  readonly fullMessageId: string | null;
  /** The source of the first chunk. */
  readonly source: string;
  /** The text so far: every chunk's content, in arrival order. */
  readonly text: string;
  /** The chunks received, in arrival order (the assembler's own array: it grows while the stream is open, so copy it to keep a snapshot). */
  readonly chunks: readonly ModelClientStreamingChunkEvent[];
  /** The message whose `id` is `fullMessageId` (or, for id-less chunks, the next message from the same source); `null` while streaming. */
  readonly final: AgentMessage | null;
}

/** What one {@link StreamAssembler.push} did. @example const u: AssemblerUpdate = assembler.push(message) */
export type AssemblerUpdate =
  | { readonly kind: "chunk"; readonly stream: StreamedText }
  | { readonly kind: "final"; readonly stream: StreamedText; readonly message: AgentMessage }
  | { readonly kind: "message"; readonly message: AgentMessage };

interface OpenStream {
  fullMessageId: string | null;
  source: string;
  pieces: string[];
  chunks: ModelClientStreamingChunkEvent[];
}

const isChunk = (m: AgentMessage): m is ModelClientStreamingChunkEvent => m.type === "ModelClientStreamingChunkEvent";

function snapshot(s: OpenStream, final: AgentMessage | null): StreamedText {
  // Join on demand and keep the joined text as the single piece, so repeated reads stay linear.
  if (s.pieces.length > 1) s.pieces = [s.pieces.join("")];
  return { fullMessageId: s.fullMessageId, source: s.source, text: s.pieces[0] ?? "", chunks: s.chunks, final };
}

/**
 * Feed it every message of a run, in order; it tells you, for each, whether it extended a
 * streamed text (`chunk`), completed one (`final`, with the chunks' text and the message),
 * or is unrelated (`message`). Completed streams are forgotten (memory stays bounded by the
 * streams in flight).
 *
 * @example
 * const assembler = new StreamAssembler();
 * for await (const item of readMessages(body)) {
 *   if (!item.ok || item.kind !== "message") continue;
 *   const u = assembler.push(item.message);
 *   if (u.kind === "chunk") ui.showPartial(u.stream.fullMessageId, u.stream.text);
 *   else if (u.kind === "final") ui.replacePartial(u.stream.fullMessageId, u.message);
 *   else ui.show(u.message);
 * }
 */
export class StreamAssembler {
  readonly #open = new Map<string, OpenStream>();

  /** Adds a message of the run; see {@link AssemblerUpdate}. */
  push(message: AgentMessage): AssemblerUpdate {
    if (isChunk(message)) {
      const key = this.#key(message.full_message_id, message.source);
      let s = this.#open.get(key);
      if (!s) {
        s = { fullMessageId: message.full_message_id, source: message.source, pieces: [], chunks: [] };
        this.#open.set(key, s);
      }
      s.pieces.push(message.content);
      s.chunks.push(message);
      return { kind: "chunk", stream: snapshot(s, null) };
    }
    // Chunks with an id are completed by the message with that id; id-less chunks (clients
    // that do not set one) by the next non-chunk message from the same source.
    const key = this.#open.has(this.#key(message.id, message.source))
      ? this.#key(message.id, message.source)
      : this.#key(null, message.source);
    const s = this.#open.get(key);
    if (!s) return { kind: "message", message };
    this.#open.delete(key);
    return { kind: "final", stream: snapshot(s, message), message };
  }

  /**
   * The streamed text so far for a `full_message_id` (`null`: the id-less chunks of `source`),
   * or undefined when nothing is streaming under it.
   *
   * @example assembler.text("3f2c…") // "Hello, wor"
   */
  text(fullMessageId: string | null, source?: string): string | undefined {
    const s = this.#open.get(this.#key(fullMessageId, source ?? ""));
    return s ? snapshot(s, null).text : undefined;
  }

  /**
   * The streams still waiting for their final message (e.g. a run that was cancelled).
   *
   * @example for (const s of assembler.pending()) console.log(s.source, s.text)
   */
  pending(): StreamedText[] {
    return [...this.#open.values()].map((s) => snapshot(s, null));
  }

  /** Forgets every stream in flight. @example assembler.reset() */
  reset(): void {
    this.#open.clear();
  }

  #key(id: string | null, source: string): string {
    return id !== null ? `id:${id}` : `source:${source}`;
  }
}
