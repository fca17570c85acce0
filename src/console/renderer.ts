/**
 * `ConsoleRenderer` / `renderConsole`: the text AutoGen's `Console` (autogen_agentchat/ui/
 * _console.py) prints for a run, reproduced string for string, including its quirks: a
 * streamed run's final message is not printed again (only a newline), and a `Response`
 * header carries the source but not the class name.
 */
import type { TaskResult, Response } from "../contracts/schemas.js";
import type { AgentMessage } from "../kinds.js";
import { defaultRegistry, type MessageRegistry } from "../registry.js";
import { toText } from "../render/renderers.js";
import type { LiveObjects } from "../kind-renderers/model-reprs.js";
import type { RunItem } from "../run/items.js";
import { isResponse, isRunItem, isTaskResult, type RunValue } from "../run/values.js";
import { viewUnlessPlain } from "../own-properties.js";

/** What a run stream yields: messages and events, then a `TaskResult` (`run_stream`) or `Response` (`on_messages_stream`): run/'s `RunValue`. @example const items: ConsoleItem[] = [message, taskResult] */
export type ConsoleItem = RunValue;

/** Options of {@link ConsoleRenderer} and {@link renderConsole}. @example renderConsole(items, { outputStats: true, elapsedSeconds: () => 12.5 }) */
export interface ConsoleOptions {
  /** `Console(output_stats=True)`: token usage lines and the summary after a `Response` / `TaskResult`. */
  readonly outputStats?: boolean;
  /** Render `MultiModalMessage` images with iTerm2's inline escape (Console does so on an iTerm TTY unless `no_inline_images`). */
  readonly inlineImages?: boolean;
  /**
   * Seconds since the run started, for the summary's `Duration:` line. Default: time since the
   * renderer was created (as Console measures it); pass a fixed value for recorded transcripts.
   */
  readonly elapsedSeconds?: () => number;
  /** The registry whose renderers give the message text. Default `defaultRegistry`. */
  readonly registry?: MessageRegistry;
  /**
   * Print what Console prints during the run (default `true`). Console renders the live Python
   * objects, where a memory's `MemoryContent.mime_type` is usually a `MemoryMimeType` member
   * (`mime_type=<MemoryMimeType.TEXT: 'text/plain'>`). JSON cannot tell a member from a plain
   * string, so every enum value is taken as its member, as AutoGen's code and documentation
   * build them; `{ memoryMimeTypes: [...] }` names the members when the app used plain strings
   * for some. `false` prints the messages as loaded from JSON, which is what `toText` gives
   * (`mime_type='text/plain'`).
   */
  readonly live?: boolean | LiveObjects;
}

const RULE = "-".repeat(10);

/**
 * AutoGen's `Console`, one item at a time: `write` returns exactly what Console prints for
 * that item (possibly `""`, e.g. for `UserInputRequestedEvent`). Token totals accumulate from
 * every `models_usage`, whether or not usage is shown.
 *
 * @example
 * const console_ = new ConsoleRenderer({ outputStats: true });
 * for await (const item of readMessages(body)) if (item.ok) process.stdout.write(console_.write(item));
 */
export class ConsoleRenderer {
  readonly #options: ConsoleOptions;
  readonly #started = Date.now();
  #inChunkRun = false;
  #prompt = 0;
  #completion = 0;
  #last: Response | TaskResult | null = null;

  constructor(options: ConsoleOptions = {}) {
    this.#options = options;
  }

  /** Total prompt and completion tokens seen so far. @example renderer.usage // { prompt_tokens: 12, completion_tokens: 3 } */
  get usage(): { prompt_tokens: number; completion_tokens: number } {
    return { prompt_tokens: this.#prompt, completion_tokens: this.#completion };
  }

  /** The last `TaskResult` or `Response` written (what Console returns), or `null`. @example renderer.last?.stop_reason */
  get last(): Response | TaskResult | null {
    return this.#last;
  }

  /**
   * The text Console prints for `item`: a message, `TaskResult` or `Response`, or an item of the
   * stream readers (`readMessages`, `readSSE`, `readFrames`; their control frames print nothing).
   *
   * @example renderer.write(load({ type: "TextMessage", source: "user", content: "Hi" })) // "---------- TextMessage (user) ----------\nHi\n"
   */
  write(item: ConsoleItem | RunItem): string {
    // Own properties only, as load and toText read them.
    item = viewUnlessPlain(item) as ConsoleItem | RunItem;
    if (isRunItem(item)) {
      if (item.kind === "control") return "";
      return this.write(item.kind === "message" ? item.message : item.kind === "TaskResult" ? item.taskResult : item.response);
    }
    if (isTaskResult(item)) return this.#taskResult(item);
    if (isResponse(item)) return this.#response(item);
    return this.#message(item);
  }

  #elapsed(): string {
    const seconds = this.#options.elapsedSeconds ? this.#options.elapsedSeconds() : (Date.now() - this.#started) / 1000;
    return seconds.toFixed(2);
  }

  #text(message: AgentMessage): string {
    // Only MultiModalMessage takes the iterm flag; the other renderers ignore it.
    const iterm = message.type === "MultiModalMessage" && this.#options.inlineImages === true;
    return toText(message, { iterm, live: this.#options.live ?? true, registry: this.#options.registry ?? defaultRegistry });
  }

  #usageLine(message: AgentMessage): string {
    const usage = message.models_usage;
    if (!usage) return "";
    this.#prompt += usage.prompt_tokens;
    this.#completion += usage.completion_tokens;
    return this.#options.outputStats ? `[Prompt tokens: ${usage.prompt_tokens}, Completion tokens: ${usage.completion_tokens}]\n` : "";
  }

  #taskResult(result: TaskResult): string {
    this.#last = result;
    if (!this.#options.outputStats) return "";
    return (
      `${RULE} Summary ${RULE}\n` +
      `Number of messages: ${result.messages.length}\n` +
      `Finish reason: ${result.stop_reason ?? "None"}\n` +
      `Total prompt tokens: ${this.#prompt}\n` +
      `Total completion tokens: ${this.#completion}\n` +
      `Duration: ${this.#elapsed()} seconds\n`
    );
  }

  #response(response: Response): string {
    this.#last = response;
    const duration = this.#elapsed();
    const message = response.chat_message;
    // Console does not look at (or end) a chunk run here: the header follows the chunks directly.
    let out = `${RULE} ${message.source} ${RULE}\n${this.#text(message)}\n`;
    out += this.#usageLine(message);
    if (this.#options.outputStats) {
      out +=
        `${RULE} Summary ${RULE}\n` +
        `Number of inner messages: ${response.inner_messages?.length ?? 0}\n` +
        `Total prompt tokens: ${this.#prompt}\n` +
        `Total completion tokens: ${this.#completion}\n` +
        `Duration: ${duration} seconds\n`;
    }
    return out;
  }

  #message(message: AgentMessage): string {
    // Console prints nothing for it; it only wakes the user-input manager.
    if (message.type === "UserInputRequestedEvent") return "";
    let out = this.#inChunkRun ? "" : `${RULE} ${message.type} (${message.source}) ${RULE}\n`;
    if (message.type === "ModelClientStreamingChunkEvent") {
      this.#inChunkRun = true;
      return out + this.#text(message);
    }
    if (this.#inChunkRun) {
      // Whatever follows a chunk run is taken to be its final message, already shown by the
      // chunks: Console prints only the newline, even for an unrelated message.
      this.#inChunkRun = false;
      out += "\n";
    } else {
      out += `${this.#text(message)}\n`;
    }
    return out + this.#usageLine(message);
  }
}

/**
 * Everything AutoGen's `Console` prints for a run's items, as one string.
 *
 * @example
 * renderConsole([load({ type: "TextMessage", source: "user", content: "Hi" })])
 * // "---------- TextMessage (user) ----------\nHi\n"
 */
export function renderConsole(items: Iterable<ConsoleItem | RunItem>, options: ConsoleOptions = {}): string {
  const renderer = new ConsoleRenderer(options);
  let out = "";
  for (const item of items) out += renderer.write(item);
  return out;
}
