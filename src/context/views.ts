/**
 * What `get_messages()` of autogen-core's model contexts returns: the part of the stored
 * context an agent sends to its model. The stored list (what `save_state()` writes) is the
 * same for every kind of context; only this view differs.
 */
import { MessageValidationError, type IssuePath, type MessageIssue } from "../errors.js";
import type { LLMMessage } from "../schemas/llm-messages.js";
import { describeValue } from "../wire/check.js";
import { didYouMean } from "../wire/hints.js";
import { isObject } from "../wire/json-data.js";

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

/** The kinds of {@link ModelContextView}, each with its size fields (AutoGen: "must be greater than 0"). */
const VIEW_SIZES: Readonly<Record<ModelContextView["type"], readonly string[]>> = {
  unbounded: [],
  buffered: ["bufferSize"],
  "head-and-tail": ["headSize", "tailSize"],
  "token-limited": ["tokenLimit"],
};


/** An issue at `path`: `expected <what>, got <the value>`, with a hint when one is given. */
export function expected(path: IssuePath, code: string, what: string, got: unknown, hint?: string): MessageIssue {
  const issue = { path, code, message: `expected ${what}, got ${describeValue(got)}` };
  return hint === undefined ? issue : { ...issue, hint };
}

/**
 * The problems of `view` as a {@link ModelContextView}, located under `path`: an unknown `type`,
 * a size that is not an integer greater than 0 (AutoGen raises `ValueError` in the context's
 * constructor), a `countTokens` that is not a function.
 */
export function viewIssues(view: unknown, path: IssuePath): MessageIssue[] {
  const kinds = Object.keys(VIEW_SIZES);
  if (!isObject(view)) return [expected(path, "model_type", "a model context view { type, … }", view)];
  const sizes = VIEW_SIZES[view.type as ModelContextView["type"]];
  if (!Object.hasOwn(VIEW_SIZES, view.type as string)) {
    return [expected([...path, "type"], "union_tag_invalid", kinds.map((k) => JSON.stringify(k)).join(" | "), view.type, didYouMean(view.type, kinds))];
  }
  const issues = sizes.filter((name) => !Number.isInteger(view[name]) || (view[name] as number) <= 0).map((name) => expected([...path, name], "greater_than", "an integer greater than 0", view[name]));
  if (view.type === "token-limited" && typeof view.countTokens !== "function") issues.push(expected([...path, "countTokens"], "callable_type", "a function", view.countTokens));
  return issues;
}

const isCallRequest = (m: LLMMessage | undefined) => m?.type === "AssistantMessage" && Array.isArray(m.content);
const isCallResult = (m: LLMMessage | undefined) => m?.type === "FunctionExecutionResultMessage";

/** Where a view's errors are reported: the path of the view and what the error calls the whole. */
export interface ViewAt {
  readonly path: IssuePath;
  readonly subject: string;
}

/**
 * `view.get_messages()` over the stored `messages` (a new array; `messages` is not changed).
 * Like AutoGen, a view never starts with a tool result whose call it cut off. Throws
 * `MessageValidationError` for an invalid view (`Invalid model context view: bufferSize:
 * expected an integer greater than 0, got number 0`) or a `countTokens` that returns no number.
 *
 * @example
 * viewModelContext(saved.llm_context.messages, { type: "buffered", bufferSize: 2 }) // the last two (or one)
 */
export function viewModelContext(messages: readonly LLMMessage[], view: ModelContextView): LLMMessage[] {
  const at: ViewAt = { path: [], subject: "model context view" };
  if (!Array.isArray(messages)) throw new MessageValidationError(undefined, [expected([], "list_type", "a list of LLM messages", messages)], "model context");
  const issues = viewIssues(view, at.path);
  if (issues.length > 0) throw new MessageValidationError(undefined, issues, at.subject);
  return applyView(messages, view, at);
}

/** {@link viewModelContext} for a view already checked with {@link viewIssues}. */
export function applyView(messages: readonly LLMMessage[], view: ModelContextView, at: ViewAt): LLMMessage[] {
  switch (view.type) {
    case "unbounded":
      return [...messages];
    case "buffered": {
      const out = messages.slice(-view.bufferSize);
      return isCallResult(out[0]) ? out.slice(1) : out;
    }
    case "head-and-tail": {
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
      const out = [...messages];
      const count = (): number => {
        const n: unknown = view.countTokens(out);
        if (typeof n !== "number" || Number.isNaN(n)) throw new MessageValidationError(undefined, [expected([...at.path, "countTokens"], "float_type", "it to return a number", n)], at.subject);
        return n;
      };
      while (out.length > 0 && count() > view.tokenLimit) out.splice(Math.floor(out.length / 2), 1);
      return isCallResult(out[0]) ? out.slice(1) : out;
    }
  }
}
