/**
 * autogen_core value types that messages carry: function calls and their results,
 * token usage, logprobs, memory contents, code blocks and results.
 * Field order is Python's declaration order: it is the key order of `dump`.
 */
import * as z from "zod/mini";
import { JsonObjectSchema, LaxBool, LaxFloat, LaxInt, MemoryContentObject } from "../wire/fields.js";
import { Image } from "../wire/fields.js";
import { define } from "../define.js";
import { literalEnum } from "../zod-def.js";

export { Image };

/**
 * `autogen_core.FunctionCall` (a dataclass): one tool call requested by a model.
 * `arguments` is the JSON text of the arguments, kept as a string.
 *
 * @example FunctionCall.parse({ id: "call_1", arguments: '{"q": 1}', name: "search" })
 */
export const FunctionCall = /* @__PURE__ */ define(() => z.object({
  id: z.string(),
  arguments: z.string(),
  name: z.string(),
}));
/** `autogen_core.FunctionCall`. */
export type FunctionCall = z.infer<typeof FunctionCall>;

/**
 * `autogen_core.models.FunctionExecutionResult`: the output of one tool call.
 *
 * @example FunctionExecutionResult.parse({ content: "42", name: "calc", call_id: "call_1" }).is_error // null
 */
export const FunctionExecutionResult = /* @__PURE__ */ define(() => z.object({
  content: z.string(),
  name: z.string(),
  call_id: z.string(),
  is_error: z._default(z.nullable(LaxBool), null),
}));
/** `autogen_core.models.FunctionExecutionResult`. */
export type FunctionExecutionResult = z.infer<typeof FunctionExecutionResult>;

/**
 * `autogen_core.models.RequestUsage`: token counts of one model call.
 *
 * @example RequestUsage.parse({ prompt_tokens: "12", completion_tokens: 3 }) // { prompt_tokens: 12, completion_tokens: 3 }
 */
export const RequestUsage = /* @__PURE__ */ define(() => z.object({
  prompt_tokens: LaxInt,
  completion_tokens: LaxInt,
}));
/** `autogen_core.models.RequestUsage`. */
export type RequestUsage = z.infer<typeof RequestUsage>;

/**
 * `autogen_core.models.FinishReasons`: why a completion stopped.
 *
 * @example FinishReasons.parse("function_calls")
 */
export const FinishReasons = /* @__PURE__ */ define(() => literalEnum(["stop", "length", "function_calls", "content_filter", "unknown"]));
/** `autogen_core.models.FinishReasons`. */
export type FinishReasons = z.infer<typeof FinishReasons>;

/**
 * `autogen_core.models.TopLogprob`: one alternative token's log probability.
 *
 * @example TopLogprob.parse({ logprob: -2.5 }) // { logprob: -2.5, bytes: null }
 */
export const TopLogprob = /* @__PURE__ */ define(() => z.object({
  logprob: LaxFloat,
  bytes: z._default(z.nullable(z.array(LaxInt)), null),
}));
/** `autogen_core.models.TopLogprob`. */
export type TopLogprob = z.infer<typeof TopLogprob>;

/**
 * `autogen_core.models.ChatCompletionTokenLogprob`: a sampled token with its log probability.
 *
 * @example ChatCompletionTokenLogprob.parse({ token: "a", logprob: -1 })
 */
export const ChatCompletionTokenLogprob = /* @__PURE__ */ define(() => z.object({
  token: z.string(),
  logprob: LaxFloat,
  top_logprobs: z._default(z.nullable(z.array(TopLogprob)), null),
  bytes: z._default(z.nullable(z.array(LaxInt)), null),
}));
/** `autogen_core.models.ChatCompletionTokenLogprob`. */
export type ChatCompletionTokenLogprob = z.infer<typeof ChatCompletionTokenLogprob>;

/**
 * `autogen_core.models.CreateResult`: the output of one model completion.
 *
 * @example
 * CreateResult.parse({ finish_reason: "stop", content: "Hi", usage: { prompt_tokens: 1, completion_tokens: 1 }, cached: false })
 */
export const CreateResult = /* @__PURE__ */ define(() => z.object({
  finish_reason: FinishReasons,
  content: z.union([z.string(), z.array(FunctionCall)]),
  usage: RequestUsage,
  cached: LaxBool,
  logprobs: z._default(z.nullable(z.array(ChatCompletionTokenLogprob)), null),
  thought: z._default(z.nullable(z.string()), null),
}));
/** `autogen_core.models.CreateResult`. */
export type CreateResult = z.infer<typeof CreateResult>;

/** The members of Python's `MemoryMimeType` enum, by member name. */
const MEMORY_MIME_TYPES = {
  TEXT: "text/plain",
  JSON: "application/json",
  MARKDOWN: "text/markdown",
  IMAGE: "image/*",
  BINARY: "application/octet-stream",
} as const;

/**
 * `autogen_core.memory.MemoryMimeType`: the MIME types AutoGen names. `MemoryMimeType.enum.TEXT`
 * is `"text/plain"`. `MemoryContent.mime_type` also accepts any other string, as AutoGen does.
 *
 * @example MemoryMimeType.enum.JSON // "application/json"
 */
export const MemoryMimeType = /* @__PURE__ */ define(() => literalEnum(MEMORY_MIME_TYPES));
/** `autogen_core.memory.MemoryMimeType`. */
export type MemoryMimeType = z.infer<typeof MemoryMimeType>;

/**
 * `autogen_core.memory.MemoryContent`: one item retrieved from a memory. From JSON, `content`
 * is a string or an object (an image arrives as the plain object `{"data": …}`, exactly as
 * AutoGen reloads it; an object whose `data` AutoGen cannot open as an image is rejected, as
 * AutoGen crashes on it); `mime_type` is any string.
 *
 * @example MemoryContent.parse({ content: "fact", mime_type: "text/plain" }) // metadata: null
 */
export const MemoryContent = /* @__PURE__ */ define(() => z.object({
  content: z.union([z.string(), MemoryContentObject]),
  mime_type: z.string(),
  metadata: z._default(z.nullable(JsonObjectSchema), null),
}));
/** `autogen_core.memory.MemoryContent`. */
export type MemoryContent = z.infer<typeof MemoryContent>;

/**
 * `autogen_core.code_executor.CodeBlock`: a fenced code block extracted from a message.
 *
 * @example CodeBlock.parse({ code: "print(1)", language: "python" })
 */
export const CodeBlock = /* @__PURE__ */ define(() => z.object({
  code: z.string(),
  language: z.string(),
}));
/** `autogen_core.code_executor.CodeBlock`. */
export type CodeBlock = z.infer<typeof CodeBlock>;

/**
 * `autogen_core.code_executor.CodeResult`: the exit code and output of running code.
 *
 * @example CodeResult.parse({ exit_code: "0", output: "ok" }) // { exit_code: 0, output: "ok" }
 */
export const CodeResult = /* @__PURE__ */ define(() => z.object({
  exit_code: LaxInt,
  output: z.string(),
}));
/** `autogen_core.code_executor.CodeResult`. */
export type CodeResult = z.infer<typeof CodeResult>;
