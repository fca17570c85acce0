/**
 * What `get_messages()` of autogen-core's model contexts returns: the part of the stored
 * context an agent sends to its model. The stored list (what `save_state()` writes) is the
 * same for every kind of context; only this view differs.
 */
import type { LLMMessage } from "../schemas/llm-messages.js";

/**
 * The model context an `AssistantAgent` was configured with (`model_context=`), as far as it
 * decides what is sent to the model:
 *
 * - `unbounded`: `UnboundedChatCompletionContext` (AutoGen's default): everything.
 * - `buffered`: `BufferedChatCompletionContext(buffer_size)`: the last `bufferSize` messages.
 * - `head-and-tail`: `HeadAndTailChatCompletionContext(head_size, tail_size)`: the first
 *   `headSize` and last `tailSize` messages with a `"Skipped N messages."` note between.
 * - `token-limited`: `TokenLimitedChatCompletionContext(model_client, token_limit)`: messages
 *   removed from the middle until `countTokens` (the model client's `count_tokens`) is at most
 *   `tokenLimit`.
 *
 * @example const view: ModelContextView = { type: "buffered", bufferSize: 5 };
 */
export type ModelContextView =
  | { readonly type: "unbounded" }
  | { readonly type: "buffered"; readonly bufferSize: number }
  | { readonly type: "head-and-tail"; readonly headSize: number; readonly tailSize: number }
  | {
      readonly type: "token-limited";
      readonly tokenLimit: number;
      /** The model client's `count_tokens(messages)` (tools are not counted here). */
      readonly countTokens: (messages: readonly LLMMessage[]) => number;
    };

const isCallRequest = (m: LLMMessage | undefined) => m?.type === "AssistantMessage" && Array.isArray(m.content);
const isCallResult = (m: LLMMessage | undefined) => m?.type === "FunctionExecutionResultMessage";

function positive(value: number, name: string): void {
  // AutoGen raises ValueError("<name> must be greater than 0.") in the constructor.
  if (!Number.isInteger(value) || value <= 0) throw new RangeError(`${name} must be an integer greater than 0, got ${String(value)}`);
}

/**
 * `view.get_messages()` over the stored `messages` (a new array; `messages` is not changed).
 * Like AutoGen, a view never starts with a tool result whose call it cut off.
 *
 * @example
 * viewModelContext(saved.llm_context.messages, { type: "buffered", bufferSize: 2 }) // the last two (or one)
 */
export function viewModelContext(messages: readonly LLMMessage[], view: ModelContextView): LLMMessage[] {
  switch (view.type) {
    case "unbounded":
      return [...messages];
    case "buffered": {
      positive(view.bufferSize, "bufferSize");
      const out = messages.slice(-view.bufferSize);
      return isCallResult(out[0]) ? out.slice(1) : out;
    }
    case "head-and-tail": {
      positive(view.headSize, "headSize");
      positive(view.tailSize, "tailSize");
      let head = messages.slice(0, view.headSize);
      if (isCallRequest(head[head.length - 1])) head = head.slice(0, -1);
      let tail = messages.slice(-view.tailSize);
      if (isCallResult(tail[0])) tail = tail.slice(1);
      // Counted from the configured sizes, not the trimmed head and tail (as AutoGen does).
      const skipped = messages.length - view.headSize - view.tailSize;
      if (skipped <= 0) return [...messages];
      return [...head, { content: `Skipped ${skipped} messages.`, source: "System", type: "UserMessage" }, ...tail];
    }
    case "token-limited": {
      positive(view.tokenLimit, "tokenLimit");
      const out = [...messages];
      while (out.length > 0 && view.countTokens(out) > view.tokenLimit) out.splice(Math.floor(out.length / 2), 1);
      return isCallResult(out[0]) ? out.slice(1) : out;
    }
    default:
      throw new TypeError(`unknown model context view ${JSON.stringify((view as { type?: unknown }).type)}`);
  }
}
