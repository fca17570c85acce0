/**
 * `MessageStats`: counts and token totals over a run's messages, accumulated one message at a
 * time so a transcript of any length can be summarised in constant memory (per distinct kind
 * and source).
 */
import type { AgentMessage } from "../kinds.js";
import { createdAtToDate } from "../wire/datetime.js";

/** A finished summary (see {@link MessageStats.summary}). @example const { byKind, promptTokens }: MessageSummary = stats.summary() */
export interface MessageSummary {
  /** Messages counted. */
  readonly messages: number;
  /** Messages per `type`, most frequent first (ties in first-seen order). */
  readonly byKind: ReadonlyArray<readonly [type: string, count: number]>;
  /** Messages per `source`, most frequent first. */
  readonly bySource: ReadonlyArray<readonly [source: string, count: number]>;
  /** Sums of every `models_usage` (the totals Console reports). */
  readonly promptTokens: number;
  readonly completionTokens: number;
  /** Earliest and latest `created_at` (ISO strings), or null without messages. */
  readonly firstCreatedAt: string | null;
  readonly lastCreatedAt: string | null;
  /** Seconds between them (0 for one message or none). */
  readonly spanSeconds: number;
}

const ranked = (counts: Map<string, number>) => [...counts].sort((a, b) => b[1] - a[1]);

/**
 * Accumulates statistics over messages as they arrive.
 *
 * @example
 * const stats = new MessageStats();
 * for (const m of messages) stats.add(m);
 * stats.summary().byKind // [["TextMessage", 12], ["ToolCallRequestEvent", 3], …]
 */
export class MessageStats {
  readonly #kinds = new Map<string, number>();
  readonly #sources = new Map<string, number>();
  #count = 0;
  #prompt = 0;
  #completion = 0;
  #first: { at: number; text: string } | null = null;
  #last: { at: number; text: string } | null = null;

  /** Counts one message. @example stats.add(load(payload)) */
  add(message: AgentMessage): void {
    this.#count++;
    this.#kinds.set(message.type, (this.#kinds.get(message.type) ?? 0) + 1);
    this.#sources.set(message.source, (this.#sources.get(message.source) ?? 0) + 1);
    if (message.models_usage) {
      this.#prompt += message.models_usage.prompt_tokens;
      this.#completion += message.models_usage.completion_tokens;
    }
    let at: number;
    try {
      at = createdAtToDate(message.created_at).getTime();
    } catch {
      return; // loaded messages always have a valid created_at; hand-built ones may not
    }
    if (!this.#first || at < this.#first.at) this.#first = { at, text: message.created_at };
    if (!this.#last || at > this.#last.at) this.#last = { at, text: message.created_at };
  }

  /** The statistics so far. @example stats.summary().messages */
  summary(): MessageSummary {
    return {
      messages: this.#count,
      byKind: ranked(this.#kinds),
      bySource: ranked(this.#sources),
      promptTokens: this.#prompt,
      completionTokens: this.#completion,
      firstCreatedAt: this.#first?.text ?? null,
      lastCreatedAt: this.#last?.text ?? null,
      spanSeconds: this.#first && this.#last ? (this.#last.at - this.#first.at) / 1000 : 0,
    };
  }
}
