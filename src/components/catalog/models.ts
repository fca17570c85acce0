/**
 * Model clients (`autogen_ext.models.*`), the Azure token provider, and the cache stores a
 * `ChatCompletionCache` uses.
 */
import * as z from "zod/mini";
import { JsonObjectSchema, LaxBool, LaxFloat, LaxInt, StringMap } from "../../wire/fields.js";
import { define } from "../../define.js";
import { CreateResult } from "../../schemas/core.js";
import { ModelCapabilities, ModelInfo } from "../../schemas/model-info.js";
import { component, componentClass, type ComponentOf } from "../component.js";
import { AnyJson, SecretStr, SensitiveStr, SensitiveStrMap, dict, model, nul, nulRequired, opt, secret } from "../fields.js";

const model_client = { component_type: "model", component_version: 1, roles: ["model_client"] } as const;
const cache_store = { component_type: "cache_store", component_version: 1, roles: ["cache_store"] } as const;

/**
 * The `json_schema` of an OpenAI {@link OpenAIResponseFormat} (a TypedDict: only `name` is required).
 *
 * @example OpenAIJSONSchema.parse({ name: "Plan", schema: { type: "object" }, strict: true })
 */
export const OpenAIJSONSchema = /* @__PURE__ */ define(() => model("JSONSchema", {
  name: z.string(),
  description: opt(z.string()),
  schema: opt(JsonObjectSchema),
  strict: nul(LaxBool),
}));

/**
 * OpenAI's `ResponseFormat` TypedDict. AutoGen requires `json_schema` but drops it from dumps
 * when it is `None`; the library accepts it absent.
 *
 * @example OpenAIResponseFormat.parse({ type: "json_schema", json_schema: { name: "Plan", schema: {} } })
 */
export const OpenAIResponseFormat = /* @__PURE__ */ define(() => model("ResponseFormat", {
  type: z.literal(["text", "json_object", "json_schema"]),
  json_schema: nulRequired(OpenAIJSONSchema),
}));

/** OpenAI's `StreamOptions` TypedDict. */
const StreamOptions = /* @__PURE__ */ define(() => model("StreamOptions", { include_usage: LaxBool }));

/** `CreateArgumentsConfigModel`: the create arguments, first in an OpenAI client's config. */
const openAICreateArguments = /* @__PURE__ */ define(() => ({
  frequency_penalty: nul(LaxFloat),
  logit_bias: nul(dict(LaxInt)),
  max_tokens: nul(LaxInt),
  n: nul(LaxInt),
  presence_penalty: nul(LaxFloat),
  response_format: nul(OpenAIResponseFormat),
  seed: nul(LaxInt),
  stop: nul(z.union([z.string(), z.array(z.string())])),
  temperature: nul(LaxFloat),
  top_p: nul(LaxFloat),
  user: nul(z.string()),
  stream_options: nul(StreamOptions),
  parallel_tool_calls: nul(LaxBool),
  reasoning_effort: nul(z.literal(["minimal", "low", "medium", "high"])),
}));

/** `BaseOpenAIClientConfigurationConfigModel`: create arguments, then the client settings. */
const baseOpenAIClient = /* @__PURE__ */ define(() => ({
  ...openAICreateArguments,
  model: z.string(),
  api_key: secret(),
  timeout: nul(LaxFloat),
  max_retries: nul(LaxInt),
  model_capabilities: nul(ModelCapabilities),
  model_info: nul(ModelInfo),
  add_name_prefixes: nul(LaxBool),
  include_name_in_message: nul(LaxBool),
  default_headers: nul(SensitiveStrMap),
}));

/**
 * `OpenAIClientConfigurationConfigModel`: `OpenAIChatCompletionClient`'s config. `api_key` is a
 * `SecretStr` (dumped `"**********"`).
 *
 * @example OpenAIClientConfigurationConfigModel.parse({ model: "gpt-4o", temperature: "0.2" }) // temperature 0.2
 */
export const OpenAIClientConfigurationConfigModel = /* @__PURE__ */ define(() => model("OpenAIClientConfigurationConfigModel", {
  ...baseOpenAIClient,
  organization: nul(z.string()),
  base_url: nul(z.string()),
}));
/** `OpenAIClientConfigurationConfigModel`. */
export interface OpenAIClientConfigurationConfigModel extends z.output<typeof OpenAIClientConfigurationConfigModel> {}
/** An `OpenAIChatCompletionClient` component. */
export interface OpenAIChatCompletionClientComponent extends ComponentOf<"autogen_ext.models.openai.OpenAIChatCompletionClient", OpenAIClientConfigurationConfigModel> {}
/** The `OpenAIChatCompletionClient` class. */
export const OpenAIChatCompletionClient = /* @__PURE__ */ componentClass<OpenAIChatCompletionClientComponent>("autogen_ext.models.openai.OpenAIChatCompletionClient", "autogen_ext.models.openai._openai_client", {
  ...model_client,
  description: "Chat completion client for OpenAI hosted models.",
  config: OpenAIClientConfigurationConfigModel,
});

/**
 * `AzureOpenAIClientConfigurationConfigModel`. `azure_ad_token` is dumped in clear by AutoGen
 * (not a `SecretStr`); `redactSecrets` masks it too.
 *
 * @example AzureOpenAIClientConfigurationConfigModel.parse({ model: "gpt-4o", azure_endpoint: "https://x.openai.azure.com/", api_version: "2024-06-01" })
 */
export const AzureOpenAIClientConfigurationConfigModel = /* @__PURE__ */ define(() => model("AzureOpenAIClientConfigurationConfigModel", {
  ...baseOpenAIClient,
  azure_endpoint: z.string(),
  azure_deployment: nul(z.string()),
  api_version: z.string(),
  azure_ad_token: nul(SensitiveStr),
  azure_ad_token_provider: nul(component("token_provider")),
}));
/** `AzureOpenAIClientConfigurationConfigModel`. */
export interface AzureOpenAIClientConfigurationConfigModel extends z.output<typeof AzureOpenAIClientConfigurationConfigModel> {}
/** An `AzureOpenAIChatCompletionClient` component. */
export interface AzureOpenAIChatCompletionClientComponent extends ComponentOf<"autogen_ext.models.openai.AzureOpenAIChatCompletionClient", AzureOpenAIClientConfigurationConfigModel> {}
/** The `AzureOpenAIChatCompletionClient` class. */
export const AzureOpenAIChatCompletionClient = /* @__PURE__ */ componentClass<AzureOpenAIChatCompletionClientComponent>("autogen_ext.models.openai.AzureOpenAIChatCompletionClient", "autogen_ext.models.openai._openai_client", {
  ...model_client,
  description: "Chat completion client for Azure OpenAI hosted models.",
  config: AzureOpenAIClientConfigurationConfigModel,
});

/**
 * `TokenProviderConfig`: an Azure identity token provider (`AzureTokenProvider`).
 *
 * @example TokenProviderConfig.parse({ provider_kind: "DefaultAzureCredential", scopes: ["https://cognitiveservices.azure.com/.default"] })
 */
export const TokenProviderConfig = /* @__PURE__ */ define(() => model("TokenProviderConfig", {
  provider_kind: z.string(),
  scopes: z.array(z.string()),
}));
/** `TokenProviderConfig`. */
export interface TokenProviderConfig extends z.output<typeof TokenProviderConfig> {}
/** An `AzureTokenProvider` component. */
export interface AzureTokenProviderComponent extends ComponentOf<"autogen_ext.auth.azure.AzureTokenProvider", TokenProviderConfig> {}
/** The `AzureTokenProvider` class (no docstring: no description). */
export const AzureTokenProvider = /* @__PURE__ */ componentClass<AzureTokenProviderComponent>("autogen_ext.auth.azure.AzureTokenProvider", "autogen_ext.auth.azure", {
  component_type: "token_provider",
  component_version: 1,
  roles: ["token_provider"],
  description: null,
  config: TokenProviderConfig,
});

/** Anthropic's `ResponseFormat` TypedDict. */
const AnthropicResponseFormat = /* @__PURE__ */ define(() => model("ResponseFormat", { type: z.literal(["text", "json_object"]) }));

/**
 * `ThinkingConfigModel`: Anthropic extended thinking.
 *
 * @example ThinkingConfigModel.parse({ type: "enabled", budget_tokens: 2048 })
 */
export const ThinkingConfigModel = /* @__PURE__ */ define(() => model("ThinkingConfigModel", {
  type: z.literal(["enabled", "disabled"]),
  budget_tokens: nul(LaxInt),
}));

/** `AnthropicClientConfigurationConfigModel`'s fields, in AutoGen's order. */
const anthropicClient = /* @__PURE__ */ define(() => ({
  model: z.string(),
  max_tokens: nul(LaxInt, 4096),
  temperature: nul(LaxFloat, 1),
  top_p: nul(LaxFloat),
  top_k: nul(LaxInt),
  stop_sequences: nul(z.array(z.string())),
  response_format: nul(AnthropicResponseFormat),
  metadata: nul(StringMap),
  thinking: nul(ThinkingConfigModel),
  api_key: secret(),
  base_url: nul(z.string()),
  model_capabilities: nul(ModelCapabilities),
  model_info: nul(ModelInfo),
  timeout: nul(LaxFloat),
  max_retries: nul(LaxInt),
  default_headers: nul(SensitiveStrMap),
  tools: nul(z.array(JsonObjectSchema)),
  tool_choice: nul(z.union([z.literal(["auto", "any", "none"]), JsonObjectSchema])),
}));

/**
 * `AnthropicClientConfigurationConfigModel`. An absent `max_tokens` / `temperature` means
 * AutoGen's defaults (4096, 1.0); a `null` one is left out of dumps as AutoGen does.
 *
 * @example AnthropicClientConfigurationConfigModel.parse({ model: "claude-3-7-sonnet-20250219" })
 */
export const AnthropicClientConfigurationConfigModel = /* @__PURE__ */ define(() => model("AnthropicClientConfigurationConfigModel", anthropicClient));
/** `AnthropicClientConfigurationConfigModel`. */
export interface AnthropicClientConfigurationConfigModel extends z.output<typeof AnthropicClientConfigurationConfigModel> {}
/** An `AnthropicChatCompletionClient` component. */
export interface AnthropicChatCompletionClientComponent extends ComponentOf<"autogen_ext.models.anthropic.AnthropicChatCompletionClient", AnthropicClientConfigurationConfigModel> {}
/** The `AnthropicChatCompletionClient` class. */
export const AnthropicChatCompletionClient = /* @__PURE__ */ componentClass<AnthropicChatCompletionClientComponent>("autogen_ext.models.anthropic.AnthropicChatCompletionClient", "autogen_ext.models.anthropic._anthropic_client", {
  ...model_client,
  description: "Chat completion client for Anthropic's Claude models.",
  config: AnthropicClientConfigurationConfigModel,
});

/**
 * `BedrockInfoConfigModel`: AWS credentials of an Anthropic-on-Bedrock client (three `SecretStr`s).
 *
 * @example BedrockInfoConfigModel.parse({ aws_access_key: "…", aws_session_token: "…", aws_region: "us-east-1", aws_secret_key: "…" })
 */
export const BedrockInfoConfigModel = /* @__PURE__ */ define(() => model("BedrockInfoConfigModel", {
  aws_access_key: SecretStr,
  aws_session_token: SecretStr,
  aws_region: z.string(),
  aws_secret_key: SecretStr,
}));

/**
 * `AnthropicBedrockClientConfigurationConfigModel`.
 *
 * @example AnthropicBedrockClientConfigurationConfigModel.parse({ model: "anthropic.claude-3-5-sonnet-20240620-v1:0", bedrock_info })
 */
export const AnthropicBedrockClientConfigurationConfigModel = /* @__PURE__ */ define(() => model("AnthropicBedrockClientConfigurationConfigModel", {
  ...anthropicClient,
  bedrock_info: nul(BedrockInfoConfigModel),
}));
/** `AnthropicBedrockClientConfigurationConfigModel`. */
export interface AnthropicBedrockClientConfigurationConfigModel extends z.output<typeof AnthropicBedrockClientConfigurationConfigModel> {}
/** An `AnthropicBedrockChatCompletionClient` component. */
export interface AnthropicBedrockChatCompletionClientComponent extends ComponentOf<"autogen_ext.models.anthropic.AnthropicBedrockChatCompletionClient", AnthropicBedrockClientConfigurationConfigModel> {}
/** The `AnthropicBedrockChatCompletionClient` class. */
export const AnthropicBedrockChatCompletionClient = /* @__PURE__ */ componentClass<AnthropicBedrockChatCompletionClientComponent>("autogen_ext.models.anthropic.AnthropicBedrockChatCompletionClient", "autogen_ext.models.anthropic._anthropic_client", {
  ...model_client,
  description: "Chat completion client for Anthropic's Claude models on AWS Bedrock.",
  config: AnthropicBedrockClientConfigurationConfigModel,
});

/**
 * `BaseOllamaClientConfigurationConfigModel`: `OllamaChatCompletionClient`'s config. `options`
 * is a free mapping (Ollama's `Options` fields), `response_format` and `timeout` any value.
 *
 * @example BaseOllamaClientConfigurationConfigModel.parse({ model: "llama3.2", options: { temperature: 0.7 } })
 */
export const BaseOllamaClientConfigurationConfigModel = /* @__PURE__ */ define(() => model("BaseOllamaClientConfigurationConfigModel", {
  model: z.string(),
  host: nul(z.string()),
  response_format: nul(AnyJson),
  follow_redirects: opt(LaxBool, true),
  timeout: nul(AnyJson),
  headers: nul(SensitiveStrMap),
  model_capabilities: nul(ModelCapabilities),
  model_info: nul(ModelInfo),
  options: nul(JsonObjectSchema),
}));
/** `BaseOllamaClientConfigurationConfigModel`. */
export interface BaseOllamaClientConfigurationConfigModel extends z.output<typeof BaseOllamaClientConfigurationConfigModel> {}
/** An `OllamaChatCompletionClient` component. */
export interface OllamaChatCompletionClientComponent extends ComponentOf<"autogen_ext.models.ollama.OllamaChatCompletionClient", BaseOllamaClientConfigurationConfigModel> {}
/** The `OllamaChatCompletionClient` class. */
export const OllamaChatCompletionClient = /* @__PURE__ */ componentClass<OllamaChatCompletionClientComponent>("autogen_ext.models.ollama.OllamaChatCompletionClient", "autogen_ext.models.ollama._ollama_client", {
  ...model_client,
  description: "Chat completion client for Ollama hosted models.",
  config: BaseOllamaClientConfigurationConfigModel,
});

/**
 * `ReplayChatCompletionClientConfig`: the scripted replies (strings or `CreateResult`s).
 *
 * @example ReplayChatCompletionClientConfig.parse({ chat_completions: ["Hello", "TERMINATE"] })
 */
export const ReplayChatCompletionClientConfig = /* @__PURE__ */ define(() => model("ReplayChatCompletionClientConfig", {
  chat_completions: z.array(z.union([z.string(), CreateResult])),
  model_info: nul(ModelInfo),
}));
/** `ReplayChatCompletionClientConfig`. */
export interface ReplayChatCompletionClientConfig extends z.output<typeof ReplayChatCompletionClientConfig> {}
/** A `ReplayChatCompletionClient` component. */
export interface ReplayChatCompletionClientComponent extends ComponentOf<"autogen_ext.models.replay.ReplayChatCompletionClient", ReplayChatCompletionClientConfig> {}
/** The `ReplayChatCompletionClient` class. */
export const ReplayChatCompletionClient = /* @__PURE__ */ componentClass<ReplayChatCompletionClientComponent>("autogen_ext.models.replay.ReplayChatCompletionClient", "autogen_ext.models.replay._replay_chat_completion_client", {
  ...model_client,
  component_type: "replay_chat_completion_client",
  description: "A mock chat completion client that replays predefined responses using an index-based approach.",
  config: ReplayChatCompletionClientConfig,
});

/**
 * `ChatCompletionCacheConfig`: the wrapped client and its cache store (an in-memory store when absent).
 *
 * @example ChatCompletionCacheConfig.parse({ client: openAIClient({ model: "gpt-4o" }) })
 */
export const ChatCompletionCacheConfig = /* @__PURE__ */ define(() => model("ChatCompletionCacheConfig", {
  client: component("model_client"),
  store: nul(component("cache_store")),
}));
/** `ChatCompletionCacheConfig`. */
export interface ChatCompletionCacheConfig extends z.output<typeof ChatCompletionCacheConfig> {}
/** A `ChatCompletionCache` component. */
export interface ChatCompletionCacheComponent extends ComponentOf<"autogen_ext.models.cache.ChatCompletionCache", ChatCompletionCacheConfig> {}
/** The `ChatCompletionCache` class. */
export const ChatCompletionCache = /* @__PURE__ */ componentClass<ChatCompletionCacheComponent>("autogen_ext.models.cache.ChatCompletionCache", "autogen_ext.models.cache._chat_completion_cache", {
  ...model_client,
  component_type: "chat_completion_cache",
  description: "A wrapper around a :class:`~autogen_ext.models.cache.ChatCompletionClient` that caches\n    creation results from an underlying client.\n    Cache hits do not contribute to token usage of the original client.",
  config: ChatCompletionCacheConfig,
});

/**
 * `InMemoryStoreConfig`: no fields.
 *
 * @example InMemoryStoreConfig.parse({})
 */
export const InMemoryStoreConfig = /* @__PURE__ */ define(() => model("InMemoryStoreConfig", {}));
/** `InMemoryStoreConfig`. */
export interface InMemoryStoreConfig extends z.output<typeof InMemoryStoreConfig> {}
/** An `InMemoryStore` component. */
export interface InMemoryStoreComponent extends ComponentOf<"autogen_core.InMemoryStore", InMemoryStoreConfig> {}
/** The `InMemoryStore` class (no docstring: no description). */
export const InMemoryStore = /* @__PURE__ */ componentClass<InMemoryStoreComponent>("autogen_core.InMemoryStore", "autogen_core._cache_store", {
  ...cache_store,
  description: null,
  config: InMemoryStoreConfig,
});

/**
 * `DiskCacheStoreConfig`.
 *
 * @example DiskCacheStoreConfig.parse({ directory: "./cache" })
 */
export const DiskCacheStoreConfig = /* @__PURE__ */ define(() => model("DiskCacheStoreConfig", {
  directory: z.string(),
}));
/** `DiskCacheStoreConfig`. */
export interface DiskCacheStoreConfig extends z.output<typeof DiskCacheStoreConfig> {}
/** A `DiskCacheStore` component. */
export interface DiskCacheStoreComponent extends ComponentOf<"autogen_ext.cache_store.diskcache.DiskCacheStore", DiskCacheStoreConfig> {}
/** The `DiskCacheStore` class. */
export const DiskCacheStore = /* @__PURE__ */ componentClass<DiskCacheStoreComponent>("autogen_ext.cache_store.diskcache.DiskCacheStore", "autogen_ext.cache_store.diskcache", {
  ...cache_store,
  description: "A typed CacheStore implementation that uses diskcache as the underlying storage.\n    See :class:`~autogen_ext.models.cache.ChatCompletionCache` for an example of usage.",
  config: DiskCacheStoreConfig,
});

/**
 * `RedisStoreConfig`. The Redis `password` is dumped in clear by AutoGen; `redactSecrets` masks it.
 *
 * @example RedisStoreConfig.parse({ host: "localhost", port: 6379 })
 */
export const RedisStoreConfig = /* @__PURE__ */ define(() => model("RedisStoreConfig", {
  host: opt(z.string(), "localhost"),
  port: opt(LaxInt, 6379),
  db: opt(LaxInt, 0),
  username: nul(z.string()),
  password: nul(SensitiveStr),
  ssl: opt(LaxBool, false),
  socket_timeout: nul(LaxFloat),
}));
/** `RedisStoreConfig`. */
export interface RedisStoreConfig extends z.output<typeof RedisStoreConfig> {}
/** A `RedisStore` component. */
export interface RedisStoreComponent extends ComponentOf<"autogen_ext.cache_store.redis.RedisStore", RedisStoreConfig> {}
/** The `RedisStore` class. */
export const RedisStore = /* @__PURE__ */ componentClass<RedisStoreComponent>("autogen_ext.cache_store.redis.RedisStore", "autogen_ext.cache_store.redis", {
  ...cache_store,
  description: "A typed CacheStore implementation that uses redis as the underlying storage.\n    See :class:`~autogen_ext.models.cache.ChatCompletionCache` for an example of usage.",
  config: RedisStoreConfig,
});
