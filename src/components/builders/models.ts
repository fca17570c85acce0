/**
 * Model client builders: the config holds exactly the arguments given (plus the config class's
 * non-`None` defaults), as the clients' `_to_config` writes them.
 */
import * as M from "../catalog/models.js";
import type { ComponentsByRole } from "../roles.js";
import { checkOptions, instantiate, simpleBuilder, type OptionsOf } from "./build.js";

/**
 * `OpenAIChatCompletionClient(**kwargs)`: `model` and any client setting or create argument
 * (`apiKey`, `baseUrl`, `temperature`, `modelInfo`, …). `apiKey` is dumped as `"**********"`.
 *
 * @example openAIClient({ model: "gpt-4o", temperature: 0.2 })
 */
export const openAIClient: (options: OptionsOf<M.OpenAIChatCompletionClientComponent>) => M.OpenAIChatCompletionClientComponent =
  /* @__PURE__ */ simpleBuilder(M.OpenAIChatCompletionClient);

/**
 * `AzureOpenAIChatCompletionClient(**kwargs)`.
 *
 * @example azureOpenAIClient({ model: "gpt-4o", azureEndpoint: "https://my.openai.azure.com/", azureDeployment: "gpt-4o", apiVersion: "2024-06-01" })
 */
export const azureOpenAIClient: (options: OptionsOf<M.AzureOpenAIChatCompletionClientComponent>) => M.AzureOpenAIChatCompletionClientComponent =
  /* @__PURE__ */ simpleBuilder(M.AzureOpenAIChatCompletionClient);

/**
 * `AnthropicChatCompletionClient(**kwargs)` (`max_tokens` 4096 and `temperature` 1.0 are dumped unless given).
 *
 * @example anthropicClient({ model: "claude-3-7-sonnet-20250219" })
 */
export const anthropicClient: (options: OptionsOf<M.AnthropicChatCompletionClientComponent>) => M.AnthropicChatCompletionClientComponent =
  /* @__PURE__ */ simpleBuilder(M.AnthropicChatCompletionClient);

/**
 * `AnthropicBedrockChatCompletionClient(**kwargs)`.
 *
 * @example anthropicBedrockClient({ model: "anthropic.claude-3-5-sonnet-20240620-v1:0", bedrockInfo: { aws_access_key, aws_secret_key, aws_session_token, aws_region } })
 */
export const anthropicBedrockClient: (options: OptionsOf<M.AnthropicBedrockChatCompletionClientComponent>) => M.AnthropicBedrockChatCompletionClientComponent =
  /* @__PURE__ */ simpleBuilder(M.AnthropicBedrockChatCompletionClient);

/**
 * `OllamaChatCompletionClient(**kwargs)` (`follow_redirects` true is dumped unless given).
 *
 * @example ollamaClient({ model: "llama3.2", host: "http://localhost:11434" })
 */
export const ollamaClient: (options: OptionsOf<M.OllamaChatCompletionClientComponent>) => M.OllamaChatCompletionClientComponent =
  /* @__PURE__ */ simpleBuilder(M.OllamaChatCompletionClient);

/** `ReplayChatCompletionClient`'s `model_info` when none is given. */
const REPLAY_MODEL_INFO = { vision: false, function_calling: false, json_output: false, family: "unknown", structured_output: false };

/**
 * `ReplayChatCompletionClient(chat_completions, model_info=None)`: scripted replies, for tests
 * and demos. Without `modelInfo` AutoGen's default (no capabilities, family `unknown`) is dumped.
 *
 * @example replayClient({ chatCompletions: ["Hello!", "TERMINATE"] })
 */
export function replayClient(options: OptionsOf<M.ReplayChatCompletionClientComponent>): M.ReplayChatCompletionClientComponent {
  checkOptions(M.ReplayChatCompletionClient, options);
  return instantiate(M.ReplayChatCompletionClient, {
    chat_completions: options.chatCompletions,
    model_info: options.modelInfo ?? REPLAY_MODEL_INFO,
  });
}

/**
 * `ChatCompletionCache(client, store=None)`: an in-memory store (the default) is not written.
 *
 * @example chatCompletionCache({ client: openAIClient({ model: "gpt-4o" }), store: redisStore({ host: "localhost" }) })
 */
export function chatCompletionCache(options: {
  client: ComponentsByRole["model_client"];
  store?: ComponentsByRole["cache_store"];
}): M.ChatCompletionCacheComponent {
  checkOptions(M.ChatCompletionCache, options);
  const store = options.store && options.store.provider !== M.InMemoryStore.provider ? options.store : undefined;
  return instantiate(M.ChatCompletionCache, { client: options.client, store });
}

/**
 * `InMemoryStore()`.
 *
 * @example inMemoryStore()
 */
export function inMemoryStore(): M.InMemoryStoreComponent {
  return instantiate(M.InMemoryStore, {});
}

/**
 * `DiskCacheStore(cache)` as its config: the cache directory.
 *
 * @example diskCacheStore({ directory: "./cache" })
 */
export const diskCacheStore: (options: OptionsOf<M.DiskCacheStoreComponent>) => M.DiskCacheStoreComponent = /* @__PURE__ */ simpleBuilder(M.DiskCacheStore);

/**
 * `RedisStore(redis_instance)` as its config: connection settings.
 *
 * @example redisStore({ host: "localhost", port: 6379 })
 */
export const redisStore: (options: OptionsOf<M.RedisStoreComponent>) => M.RedisStoreComponent = /* @__PURE__ */ simpleBuilder(M.RedisStore);

/**
 * `AzureTokenProvider(credential, *scopes)` as its config.
 *
 * @example azureTokenProvider({ providerKind: "DefaultAzureCredential", scopes: ["https://cognitiveservices.azure.com/.default"] })
 */
export const azureTokenProvider: (options: OptionsOf<M.AzureTokenProviderComponent>) => M.AzureTokenProviderComponent = /* @__PURE__ */ simpleBuilder(M.AzureTokenProvider);
