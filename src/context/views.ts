/**
 * What `get_messages()` of autogen-core's model contexts returns: the part of the stored
 * context an agent sends to its model. The stored list (what `save_state()` writes) is the
 * same for every kind of context; only this view differs.
 */
import { MessageValidationError, type IssuePath, type MessageIssue } from "../errors.js";
import type { LLMMessage } from "../schemas/llm-messages.js";
import { describeValue } from "../wire/check.js";
import { didYouMean } from "../wire/hints.js";

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

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

/**
 * The problems of `view` as a {@link ModelContextView}, located under `path`: an unknown `type`,
 * a size that is not an integer greater than 0 (AutoGen raises `ValueError` in the context's
 * constructor), a `countTokens` that is not a function.
 */
export function viewIssues(view: unknown, path: IssuePath): MessageIssue[] {
  if (!isObject(view)) return [{ path, code: "model_type", message: `expected a model context view ({ type: "unbounded" | "buffered" | "head-and-tail" | "token-limited", … }), got ${describeValue(view)}` }];
  const type = view.type;
  if (typeof type !== "string" || !Object.hasOwn(VIEW_SIZES, type)) {
    const hint = didYouMean(type, Object.keys(VIEW_SIZES));
    const issue: MessageIssue = { path: [...path, "type"], code: "union_tag_invalid", message: `expected "unbounded", "buffered", "head-and-tail" or "token-limited", got ${describeValue(type)}` };
    return [hint === undefined ? issue : { ...issue, hint }];
  }
  const issues: MessageIssue[] = [];
  for (const name of VIEW_SIZES[type as ModelContextView["type"]]) {
    const size = view[name];
    if (!Number.isInteger(size) || (size as number) <= 0) issues.push({ path: [...path, name], code: "greater_than", message: `expected an integer greater than 0, got ${describeValue(size)}` });
  }
  if (type === "token-limited" && typeof view.countTokens !== "function") {
    issues.push({ path: [...path, "countTokens"], code: "callable_type", message: `expected a function (the model client's count_tokens), got ${describeValue(view.countTokens)}` });
  }
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
  if (!Array.isArray(messages)) {
    throw new MessageValidationError(undefined, [{ path: [], code: "list_type", message: `expected a list of LLM messages, got ${describeValue(messages)}` }], "model context");
  }
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
        if (typeof n !== "number" || Number.isNaN(n)) {
          throw new MessageValidationError(undefined, [{ path: [...at.path, "countTokens"], code: "float_type", message: `expected the function to return a number, got ${describeValue(n)}` }], at.subject);
        }
        return n;
      };
      while (out.length > 0 && count() > view.tokenLimit) out.splice(Math.floor(out.length / 2), 1);
      return isCallResult(out[0]) ? out.slice(1) : out;
    }
  }
}
