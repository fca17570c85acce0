/**
 * Model contexts (`autogen_core.model_context`) and memories (`autogen_core.memory`,
 * `autogen_ext.memory.*`).
 */
import * as z from "zod/mini";
import { JsonObjectSchema, LaxBool, LaxFloat, LaxInt } from "../../wire/fields.js";
import { define } from "../../define.js";
import { MemoryContent } from "../../schemas/core.js";
import { LLMMessage } from "../../schemas/llm-messages.js";
import { component, componentClass, defineComponent, type ComponentOf } from "../component.js";
import { SensitiveStr, SensitiveStrMap, mark, model, nul, opt } from "../fields.js";
import { withMessageErrors } from "../../parse.js";

const CONTEXTS = "autogen_core.model_context";
const context = { component_type: "chat_completion_context", component_version: 1, roles: ["model_context"] } as const;
const memory = { component_type: "memory", component_version: 1, roles: ["memory"] } as const;

/** `initial_messages`, the last field of every model context config. */
const initial_messages = /* @__PURE__ */ define(() => nul(z.array(LLMMessage)));

/**
 * `UnboundedChatCompletionContextConfig`.
 *
 * @example UnboundedChatCompletionContextConfig.parse({ initial_messages: [{ type: "SystemMessage", content: "Be brief." }] })
 */
export const UnboundedChatCompletionContextConfig = /* @__PURE__ */ define(() => model("UnboundedChatCompletionContextConfig", { initial_messages }));
/** `UnboundedChatCompletionContextConfig`. */
export interface UnboundedChatCompletionContextConfig extends z.output<typeof UnboundedChatCompletionContextConfig> {}
/** An `UnboundedChatCompletionContext` component. */
export interface UnboundedChatCompletionContextComponent extends ComponentOf<"autogen_core.model_context.UnboundedChatCompletionContext", UnboundedChatCompletionContextConfig> {}
/** The `UnboundedChatCompletionContext` class. */
export const UnboundedChatCompletionContext = /* @__PURE__ */ componentClass<UnboundedChatCompletionContextComponent>("autogen_core.model_context.UnboundedChatCompletionContext", `${CONTEXTS}._unbounded_chat_completion_context`, {
  ...context,
  description: "An unbounded chat completion context that keeps a view of the all the messages.",
  config: UnboundedChatCompletionContextConfig,
});

/**
 * `BufferedChatCompletionContextConfig`: keeps the last `buffer_size` messages.
 *
 * @example BufferedChatCompletionContextConfig.parse({ buffer_size: 5 })
 */
export const BufferedChatCompletionContextConfig = /* @__PURE__ */ define(() => model("BufferedChatCompletionContextConfig", {
  buffer_size: LaxInt,
  initial_messages,
}));
/** `BufferedChatCompletionContextConfig`. */
export interface BufferedChatCompletionContextConfig extends z.output<typeof BufferedChatCompletionContextConfig> {}
/** A `BufferedChatCompletionContext` component. */
export interface BufferedChatCompletionContextComponent extends ComponentOf<"autogen_core.model_context.BufferedChatCompletionContext", BufferedChatCompletionContextConfig> {}
/** The `BufferedChatCompletionContext` class. */
export const BufferedChatCompletionContext = /* @__PURE__ */ componentClass<BufferedChatCompletionContextComponent>("autogen_core.model_context.BufferedChatCompletionContext", `${CONTEXTS}._buffered_chat_completion_context`, {
  ...context,
  description: "A buffered chat completion context that keeps a view of the last n messages,\n    where n is the buffer size. The buffer size is set at initialization.",
  config: BufferedChatCompletionContextConfig,
});

/**
 * `HeadAndTailChatCompletionContextConfig`: keeps the first `head_size` and last `tail_size` messages.
 *
 * @example HeadAndTailChatCompletionContextConfig.parse({ head_size: 1, tail_size: 4 })
 */
export const HeadAndTailChatCompletionContextConfig = /* @__PURE__ */ define(() => model("HeadAndTailChatCompletionContextConfig", {
  head_size: LaxInt,
  tail_size: LaxInt,
  initial_messages,
}));
/** `HeadAndTailChatCompletionContextConfig`. */
export interface HeadAndTailChatCompletionContextConfig extends z.output<typeof HeadAndTailChatCompletionContextConfig> {}
/** A `HeadAndTailChatCompletionContext` component. */
export interface HeadAndTailChatCompletionContextComponent extends ComponentOf<"autogen_core.model_context.HeadAndTailChatCompletionContext", HeadAndTailChatCompletionContextConfig> {}
/** The `HeadAndTailChatCompletionContext` class. */
export const HeadAndTailChatCompletionContext = /* @__PURE__ */ componentClass<HeadAndTailChatCompletionContextComponent>("autogen_core.model_context.HeadAndTailChatCompletionContext", `${CONTEXTS}._head_and_tail_chat_completion_context`, {
  ...context,
  description: "A chat completion context that keeps a view of the first n and last m messages,\n    where n is the head size and m is the tail size. The head and tail sizes\n    are set at initialization.",
  config: HeadAndTailChatCompletionContextConfig,
});

/** `ToolSchema`'s `parameters` TypedDict. */
const ParametersSchema = /* @__PURE__ */ define(() => model("ParametersSchema", {
  type: z.string(),
  properties: JsonObjectSchema,
  required: opt(z.array(z.string())),
  additionalProperties: opt(LaxBool),
}));

/**
 * `autogen_core.tools.ToolSchema`: a tool as a model sees it.
 *
 * @example ToolSchema.parse({ name: "add", parameters: { type: "object", properties: {} } })
 */
export const ToolSchema = /* @__PURE__ */ define(() => model("ToolSchema", {
  parameters: opt(ParametersSchema),
  name: z.string(),
  description: opt(z.string()),
  strict: opt(LaxBool),
}));

/**
 * `TokenLimitedChatCompletionContextConfig`: keeps what fits in `token_limit`, counted by `model_client`.
 *
 * @example TokenLimitedChatCompletionContextConfig.parse({ model_client, token_limit: 8000 })
 */
export const TokenLimitedChatCompletionContextConfig = /* @__PURE__ */ define(() => model("TokenLimitedChatCompletionContextConfig", {
  model_client: component("model_client"),
  token_limit: nul(LaxInt),
  tool_schema: nul(z.array(ToolSchema)),
  initial_messages,
}));
/** `TokenLimitedChatCompletionContextConfig`. */
export interface TokenLimitedChatCompletionContextConfig extends z.output<typeof TokenLimitedChatCompletionContextConfig> {}
/** A `TokenLimitedChatCompletionContext` component. */
export interface TokenLimitedChatCompletionContextComponent extends ComponentOf<"autogen_core.model_context.TokenLimitedChatCompletionContext", TokenLimitedChatCompletionContextConfig> {}
/** The `TokenLimitedChatCompletionContext` class. */
export const TokenLimitedChatCompletionContext = /* @__PURE__ */ componentClass<TokenLimitedChatCompletionContextComponent>("autogen_core.model_context.TokenLimitedChatCompletionContext", `${CONTEXTS}._token_limited_chat_completion_context`, {
  ...context,
  description: "(Experimental) A token based chat completion context maintains a view of the context up to a token limit.",
  config: TokenLimitedChatCompletionContextConfig,
});

/**
 * `ListMemoryConfig`: a name and the stored contents.
 *
 * @example ListMemoryConfig.parse({ name: "facts", memory_contents: [{ content: "The user likes tea.", mime_type: "text/plain" }] })
 */
export const ListMemoryConfig = /* @__PURE__ */ define(() => model("ListMemoryConfig", {
  name: nul(z.string()),
  memory_contents: opt(z.array(MemoryContent), []),
}));
/** `ListMemoryConfig`. */
export interface ListMemoryConfig extends z.output<typeof ListMemoryConfig> {}
/** A `ListMemory` component. */
export interface ListMemoryComponent extends ComponentOf<"autogen_core.memory.ListMemory", ListMemoryConfig> {}
/** The `ListMemory` class. */
export const ListMemory = /* @__PURE__ */ componentClass<ListMemoryComponent>("autogen_core.memory.ListMemory", "autogen_core.memory._list_memory", {
  ...memory,
  description: "Simple chronological list-based memory implementation.",
  config: ListMemoryConfig,
});

/** The embedding functions a ChromaDB memory can use (a Python callable cannot be in a config). */
const EmbeddingFunctionConfig = /* @__PURE__ */ define(() => z.discriminatedUnion("function_type", [
  model("DefaultEmbeddingFunctionConfig", { function_type: z.literal("default") }),
  model("SentenceTransformerEmbeddingFunctionConfig", {
    function_type: z.literal("sentence_transformer"),
    model_name: opt(z.string(), "all-MiniLM-L6-v2"),
  }),
  model("OpenAIEmbeddingFunctionConfig", {
    function_type: z.literal("openai"),
    api_key: opt(SensitiveStr, ""),
    model_name: opt(z.string(), "text-embedding-ada-002"),
  }),
]));

/** `ChromaDBVectorMemoryConfig`'s own fields (after `client_type`). */
const chromaFields = /* @__PURE__ */ define(() => ({
  collection_name: opt(z.string(), "memory_store"),
  distance_metric: opt(z.string(), "cosine"),
  k: opt(LaxInt, 3),
  score_threshold: nul(LaxFloat),
  allow_reset: opt(LaxBool, false),
  tenant: opt(z.string(), "default_tenant"),
  database: opt(z.string(), "default_database"),
  embedding_function_config: opt(EmbeddingFunctionConfig, { function_type: "default" }),
}));

/**
 * `ChromaDBVectorMemoryConfig`: a `PersistentChromaDBVectorMemoryConfig` (`client_type:
 * "persistent"`) or an `HttpChromaDBVectorMemoryConfig` (`"http"`), as the memory dumps them.
 *
 * @example ChromaDBVectorMemoryConfig.parse({ client_type: "persistent", persistence_path: "./chroma" })
 */
export const ChromaDBVectorMemoryConfig = /* @__PURE__ */ define(() => withMessageErrors("ChromaDBVectorMemoryConfig", mark(z.discriminatedUnion("client_type", [
  model("PersistentChromaDBVectorMemoryConfig", {
    client_type: z.literal("persistent"),
    ...chromaFields,
    persistence_path: opt(z.string(), "./chroma_db"),
  }),
  model("HttpChromaDBVectorMemoryConfig", {
    client_type: z.literal("http"),
    ...chromaFields,
    host: opt(z.string(), "localhost"),
    port: opt(LaxInt, 8000),
    ssl: opt(LaxBool, false),
    headers: nul(SensitiveStrMap),
  }),
]), { name: "ChromaDBVectorMemoryConfig" })));
/** `ChromaDBVectorMemoryConfig`. */
export type ChromaDBVectorMemoryConfig = z.output<typeof ChromaDBVectorMemoryConfig>;
/** A `ChromaDBVectorMemory` component. */
export interface ChromaDBVectorMemoryComponent extends ComponentOf<"autogen_ext.memory.chromadb.ChromaDBVectorMemory", ChromaDBVectorMemoryConfig> {}
/** The `ChromaDBVectorMemory` class. */
export const ChromaDBVectorMemory = /* @__PURE__ */ componentClass<ChromaDBVectorMemoryComponent>("autogen_ext.memory.chromadb.ChromaDBVectorMemory", "autogen_ext.memory.chromadb._chromadb", {
  ...memory,
  description: "Store and retrieve memory using vector similarity search powered by ChromaDB.",
  config: ChromaDBVectorMemoryConfig,
});

/**
 * `Mem0MemoryConfig`. Its `api_key` is a plain `str` in AutoGen (dumped in clear); `redactSecrets` masks it.
 *
 * @example Mem0MemoryConfig.parse({ user_id: "u1", is_cloud: false, config: { path: ":memory:" } })
 */
export const Mem0MemoryConfig = /* @__PURE__ */ define(() => model("Mem0MemoryConfig", {
  user_id: nul(z.string()),
  limit: opt(LaxInt, 10),
  is_cloud: opt(LaxBool, true),
  api_key: nul(SensitiveStr),
  config: nul(JsonObjectSchema),
}));
/** `Mem0MemoryConfig`. */
export interface Mem0MemoryConfig extends z.output<typeof Mem0MemoryConfig> {}
/** A `Mem0Memory` component. */
export interface Mem0MemoryComponent extends ComponentOf<"autogen_ext.memory.mem0.Mem0Memory", Mem0MemoryConfig> {}
/** The `Mem0Memory` class. */
export const Mem0Memory = /* @__PURE__ */ componentClass<Mem0MemoryComponent>("autogen_ext.memory.mem0.Mem0Memory", "autogen_ext.memory.mem0._mem0", {
  ...memory,
  description: "Mem0 memory implementation for AutoGen.",
  config: Mem0MemoryConfig,
});

/**
 * `RedisMemoryConfig`.
 *
 * @example RedisMemoryConfig.parse({ redis_url: "redis://localhost:6379", top_k: 5 })
 */
export const RedisMemoryConfig = /* @__PURE__ */ define(() => model("RedisMemoryConfig", {
  redis_url: opt(SensitiveStr, "redis://localhost:6379"),
  index_name: opt(z.string(), "chat_history"),
  prefix: opt(z.string(), "memory"),
  sequential: opt(LaxBool, false),
  distance_metric: opt(z.literal(["cosine", "ip", "l2"]), "cosine"),
  algorithm: opt(z.literal(["flat", "hnsw"]), "flat"),
  top_k: opt(LaxInt, 10),
  datatype: opt(z.literal(["uint8", "int8", "float16", "float32", "float64", "bfloat16"]), "float32"),
  distance_threshold: opt(LaxFloat, 0.7),
  model_name: opt(z.string(), "sentence-transformers/all-mpnet-base-v2"),
}));
/** `RedisMemoryConfig`. */
export interface RedisMemoryConfig extends z.output<typeof RedisMemoryConfig> {}
/** A `RedisMemory` component (AutoGen writes the provider `autogen_ext.memory.redis_memory.RedisMemory`). */
export interface RedisMemoryComponent extends ComponentOf<"autogen_ext.memory.redis_memory.RedisMemory", RedisMemoryConfig> {}
/** The `RedisMemory` class: its provider override names a module that does not exist, so the real import paths are aliases. */
export const RedisMemory = /* @__PURE__ */ defineComponent<RedisMemoryComponent>({
  provider: "autogen_ext.memory.redis_memory.RedisMemory",
  aliases: ["autogen_ext.memory.redis.RedisMemory", "autogen_ext.memory.redis._redis_memory.RedisMemory"],
  label: "RedisMemory",
  ...memory,
  description: "Store and retrieve memory using vector similarity search powered by RedisVL.",
  config: RedisMemoryConfig,
});
