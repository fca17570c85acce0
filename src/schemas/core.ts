/**
 * autogen_core value types that messages carry: function calls and their results,
 * token usage, logprobs, memory contents, code blocks and results.
 * Field order is Python's declaration order: it is the key order of `dump`.
 */
import * as z from "zod/mini";
import { JsonObjectSchema, LaxBool, LaxFloat, LaxInt, MemoryContentObject } from "../wire/fields.js";
import { Image as ImageField } from "../wire/fields.js";
import { define } from "../define.js";
import { literalEnum } from "../zod-def.js";
import { withMessageErrors, type MessageObject } from "../parse.js";

/**
 * `autogen_core.Image`: `{ "data": "<base64>" }` whose bytes are an image format AutoGen reads.
 * The base64 text is kept exactly; other keys are dropped.
 *
 * @example Image.parse({ data: "iVBORw0KGgo…" }) // { data: "iVBORw0KGgo…" }
 */
export const Image = /* @__PURE__ */ define(() => withMessageErrors("Image", ImageField));
/** An AutoGen image as the library holds it: the base64 text of the original bytes. */
export type Image = z.infer<typeof Image>;

/** The fields of {@link FunctionCall}, with their TSDoc (hover text through `z.infer`). */
export const functionCallShape = /* @__PURE__ */ define(() => ({
  /** The id of the call, echoed by its result's `call_id`. */
  id: z.string(),
  /** The arguments as JSON text, as the model wrote them (not parsed). */
  arguments: z.string(),
  /** The name of the function to call. */
  name: z.string(),
}));

/**
 * `autogen_core.FunctionCall` (a dataclass): one tool call requested by a model.
 * `arguments` is the JSON text of the arguments, kept as a string.
 *
 * @example FunctionCall.parse({ id: "call_1", arguments: '{"q": 1}', name: "search" })
 */
export const FunctionCall: MessageObject<typeof functionCallShape> = /* @__PURE__ */ define(() => withMessageErrors("FunctionCall", z.object(functionCallShape)));
/** `autogen_core.FunctionCall`. */
export type FunctionCall = z.infer<typeof FunctionCall>;

/** The fields of {@link FunctionExecutionResult}, with their TSDoc (hover text through `z.infer`). */
export const functionExecutionResultShape = /* @__PURE__ */ define(() => ({
  /** The output of the function call. */
  content: z.string(),
  /** The name of the function that was called. */
  name: z.string(),
  /** The `id` of the call this result answers (may be empty for some models). */
  call_id: z.string(),
  /** Whether the call failed (default `null`: unknown). */
  is_error: z._default(z.nullable(LaxBool), null),
}));

/**
 * `autogen_core.models.FunctionExecutionResult`: the output of one tool call.
 *
 * @example FunctionExecutionResult.parse({ content: "42", name: "calc", call_id: "call_1" }).is_error // null
 */
export const FunctionExecutionResult: MessageObject<typeof functionExecutionResultShape> = /* @__PURE__ */ define(() => withMessageErrors("FunctionExecutionResult", z.object(functionExecutionResultShape)));
/** `autogen_core.models.FunctionExecutionResult`. */
export type FunctionExecutionResult = z.infer<typeof FunctionExecutionResult>;

/** The fields of {@link RequestUsage}, with their TSDoc (hover text through `z.infer`). */
export const requestUsageShape = /* @__PURE__ */ define(() => ({
  /** Tokens in the prompt. */
  prompt_tokens: LaxInt,
  /** Tokens in the completion. */
  completion_tokens: LaxInt,
}));

/**
 * `autogen_core.models.RequestUsage`: token counts of one model call.
 *
 * @example RequestUsage.parse({ prompt_tokens: "12", completion_tokens: 3 }) // { prompt_tokens: 12, completion_tokens: 3 }
 */
export const RequestUsage: MessageObject<typeof requestUsageShape> = /* @__PURE__ */ define(() => withMessageErrors("RequestUsage", z.object(requestUsageShape)));
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

/** The fields of {@link TopLogprob}, with their TSDoc (hover text through `z.infer`). */
export const topLogprobShape = /* @__PURE__ */ define(() => ({
  /** The log probability of the token. */
  logprob: LaxFloat,
  /** The UTF-8 bytes of the token, when given (default `null`). */
  bytes: z._default(z.nullable(z.array(LaxInt)), null),
}));

/**
 * `autogen_core.models.TopLogprob`: one alternative token's log probability.
 *
 * @example TopLogprob.parse({ logprob: -2.5 }) // { logprob: -2.5, bytes: null }
 */
export const TopLogprob: MessageObject<typeof topLogprobShape> = /* @__PURE__ */ define(() => withMessageErrors("TopLogprob", z.object(topLogprobShape)));
/** `autogen_core.models.TopLogprob`. */
export type TopLogprob = z.infer<typeof TopLogprob>;

/** The fields of {@link ChatCompletionTokenLogprob}, with their TSDoc (hover text through `z.infer`). */
export const chatCompletionTokenLogprobShape = /* @__PURE__ */ define(() => ({
  /** The token. */
  token: z.string(),
  /** Its log probability. */
  logprob: LaxFloat,
  /** The most likely tokens at this position, when requested (default `null`). */
  top_logprobs: z._default(z.nullable(z.array(TopLogprob)), null),
  /** The UTF-8 bytes of the token, when given (default `null`). */
  bytes: z._default(z.nullable(z.array(LaxInt)), null),
}));

/**
 * `autogen_core.models.ChatCompletionTokenLogprob`: a sampled token with its log probability.
 *
 * @example ChatCompletionTokenLogprob.parse({ token: "a", logprob: -1 })
 */
export const ChatCompletionTokenLogprob: MessageObject<typeof chatCompletionTokenLogprobShape> = /* @__PURE__ */ define(() => withMessageErrors("ChatCompletionTokenLogprob", z.object(chatCompletionTokenLogprobShape)));
/** `autogen_core.models.ChatCompletionTokenLogprob`. */
export type ChatCompletionTokenLogprob = z.infer<typeof ChatCompletionTokenLogprob>;

/** The fields of {@link CreateResult}, with their TSDoc (hover text through `z.infer`). */
export const createResultShape = /* @__PURE__ */ define(() => ({
  /** Why the model stopped generating. */
  finish_reason: FinishReasons,
  /** The model's text, or the function calls it requested. */
  content: z.union([z.string(), z.array(FunctionCall)]),
  /** The tokens of the prompt and the completion. */
  usage: RequestUsage,
  /** Whether the completion came from a cache. */
  cached: LaxBool,
  /** The log probabilities of the completion's tokens, when requested (default `null`). */
  logprobs: z._default(z.nullable(z.array(ChatCompletionTokenLogprob)), null),
  /** The model's reasoning text, when it gave one (default `null`). */
  thought: z._default(z.nullable(z.string()), null),
}));

/**
 * `autogen_core.models.CreateResult`: the output of one model completion.
 *
 * @example
 * CreateResult.parse({ finish_reason: "stop", content: "Hi", usage: { prompt_tokens: 1, completion_tokens: 1 }, cached: false })
 */
export const CreateResult: MessageObject<typeof createResultShape> = /* @__PURE__ */ define(() => withMessageErrors("CreateResult", z.object(createResultShape)));
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

/** The fields of {@link MemoryContent}, with their TSDoc (hover text through `z.infer`). */
export const memoryContentShape = /* @__PURE__ */ define(() => ({
  /** The content of the memory item: text or a JSON object. */
  content: z.union([z.string(), MemoryContentObject]),
  /** The MIME type of the content (one of `MemoryMimeType` or any string). */
  mime_type: z.string(),
  /** Metadata of the memory item (default `null`). */
  metadata: z._default(z.nullable(JsonObjectSchema), null),
}));

/**
 * `autogen_core.memory.MemoryContent`: one item retrieved from a memory. From JSON, `content`
 * is a string or an object (an image arrives as the plain object `{"data": …}`, exactly as
 * AutoGen reloads it; an object whose `data` AutoGen cannot open as an image is rejected, as
 * AutoGen crashes on it); `mime_type` is any string.
 *
 * @example MemoryContent.parse({ content: "fact", mime_type: "text/plain" }) // metadata: null
 */
export const MemoryContent: MessageObject<typeof memoryContentShape> = /* @__PURE__ */ define(() => withMessageErrors("MemoryContent", z.object(memoryContentShape)));
/** `autogen_core.memory.MemoryContent`. */
export type MemoryContent = z.infer<typeof MemoryContent>;

/** The fields of {@link CodeBlock}, with their TSDoc (hover text through `z.infer`). */
export const codeBlockShape = /* @__PURE__ */ define(() => ({
  /** The code. */
  code: z.string(),
  /** The language of the code (`python`, `sh`, …). */
  language: z.string(),
}));

/**
 * `autogen_core.code_executor.CodeBlock`: a fenced code block extracted from a message.
 *
 * @example CodeBlock.parse({ code: "print(1)", language: "python" })
 */
export const CodeBlock: MessageObject<typeof codeBlockShape> = /* @__PURE__ */ define(() => withMessageErrors("CodeBlock", z.object(codeBlockShape)));
/** `autogen_core.code_executor.CodeBlock`. */
export type CodeBlock = z.infer<typeof CodeBlock>;

/** The fields of {@link CodeResult}, with their TSDoc (hover text through `z.infer`). */
export const codeResultShape = /* @__PURE__ */ define(() => ({
  /** The exit code of the execution (`0` for success). */
  exit_code: LaxInt,
  /** What the execution printed. */
  output: z.string(),
}));

/**
 * `autogen_core.code_executor.CodeResult`: the exit code and output of running code.
 *
 * @example CodeResult.parse({ exit_code: "0", output: "ok" }) // { exit_code: 0, output: "ok" }
 */
export const CodeResult: MessageObject<typeof codeResultShape> = /* @__PURE__ */ define(() => withMessageErrors("CodeResult", z.object(codeResultShape)));
/** `autogen_core.code_executor.CodeResult`. */
export type CodeResult = z.infer<typeof CodeResult>;
