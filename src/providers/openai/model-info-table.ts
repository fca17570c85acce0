/**
 * AutoGen 0.7.5's built-in model tables for the OpenAI-compatible client
 * (`autogen_ext/models/openai/_model_info.py`: `_MODEL_POINTERS`, `_MODEL_INFO`).
 * Generated from upstream commit 027ecf0a; kept as data so the lookup stays a plain
 * object read (no Node APIs, tree-shakable).
 */
import type { ModelInfo } from "../../schemas/model-info.js";

/**
 * Alias model names AutoGen resolves before the table lookup (e.g. `gpt-4o` → `gpt-4o-2024-08-06`).
 *
 * @example OPENAI_MODEL_POINTERS["gpt-4o"] // "gpt-4o-2024-08-06"
 */
export const OPENAI_MODEL_POINTERS: Readonly<Record<string, string>> = {
  "o4-mini": "o4-mini-2025-04-16",
  "o3": "o3-2025-04-16",
  "o3-mini": "o3-mini-2025-01-31",
  "o1": "o1-2024-12-17",
  "o1-preview": "o1-preview-2024-09-12",
  "o1-mini": "o1-mini-2024-09-12",
  "gpt-5": "gpt-5-2025-08-07",
  "gpt-5-mini": "gpt-5-mini-2025-08-07",
  "gpt-5-nano": "gpt-5-nano-2025-08-07",
  "gpt-4.1": "gpt-4.1-2025-04-14",
  "gpt-4.1-mini": "gpt-4.1-mini-2025-04-14",
  "gpt-4.1-nano": "gpt-4.1-nano-2025-04-14",
  "gpt-4.5-preview": "gpt-4.5-preview-2025-02-27",
  "gpt-4o": "gpt-4o-2024-08-06",
  "gpt-4o-mini": "gpt-4o-mini-2024-07-18",
  "gpt-4-turbo": "gpt-4-turbo-2024-04-09",
  "gpt-4-turbo-preview": "gpt-4-0125-preview",
  "gpt-4": "gpt-4-0613",
  "gpt-4-32k": "gpt-4-32k-0613",
  "gpt-3.5-turbo": "gpt-3.5-turbo-0125",
  "gpt-3.5-turbo-16k": "gpt-3.5-turbo-16k-0613",
  "claude-3-haiku": "claude-3-haiku-20240307",
  "claude-3-sonnet": "claude-3-sonnet-20240229",
  "claude-3-opus": "claude-3-opus-20240229",
  "claude-3-5-haiku": "claude-3-5-haiku-20241022",
  "claude-3-5-sonnet": "claude-3-5-sonnet-20241022",
  "claude-3-7-sonnet": "claude-3-7-sonnet-20250219",
  "claude-4-sonnet": "claude-sonnet-4-20250514",
  "claude-4-opus": "claude-opus-4-20250514",
  "llama-3.3-8b": "Llama-3.3-8B-Instruct",
  "llama-3.3-70b": "Llama-3.3-70B-Instruct",
  "llama-4-scout": "Llama-4-Scout-17B-16E-Instruct-FP8",
  "llama-4-maverick": "Llama-4-Maverick-17B-128E-Instruct-FP8",
};

/**
 * The `ModelInfo` AutoGen uses for each resolved model name, keys in upstream order.
 *
 * @example OPENAI_MODEL_INFO["gpt-4o-2024-08-06"]?.family // "gpt-4o"
 */
export const OPENAI_MODEL_INFO: Readonly<Record<string, Readonly<ModelInfo>>> = {
  "gpt-4o-mini-search-preview-2025-03-11": { vision: false, function_calling: true, json_output: true, family: "gpt-4o", structured_output: true, multiple_system_messages: true },
  "gpt-4o-search-preview-2025-03-11": { vision: false, function_calling: true, json_output: true, family: "gpt-4o", structured_output: true, multiple_system_messages: true },
  "o4-mini-2025-04-16": { vision: true, function_calling: true, json_output: true, family: "o4", structured_output: true, multiple_system_messages: true },
  "o3-2025-04-16": { vision: true, function_calling: true, json_output: true, family: "o3", structured_output: true, multiple_system_messages: true },
  "o3-mini-2025-01-31": { vision: false, function_calling: true, json_output: true, family: "o3", structured_output: true, multiple_system_messages: true },
  "o1-2024-12-17": { vision: false, function_calling: true, json_output: false, family: "o1", structured_output: true, multiple_system_messages: true },
  "o1-preview-2024-09-12": { vision: false, function_calling: true, json_output: false, family: "o1", structured_output: true, multiple_system_messages: true },
  "o1-mini-2024-09-12": { vision: false, function_calling: false, json_output: false, family: "o1", structured_output: false, multiple_system_messages: true },
  "gpt-5-2025-08-07": { vision: true, function_calling: true, json_output: true, family: "gpt-5", structured_output: true, multiple_system_messages: true },
  "gpt-5-mini-2025-08-07": { vision: true, function_calling: true, json_output: true, family: "gpt-5", structured_output: true, multiple_system_messages: true },
  "gpt-5-nano-2025-08-07": { vision: true, function_calling: true, json_output: true, family: "gpt-5", structured_output: true, multiple_system_messages: true },
  "gpt-4.1-2025-04-14": { vision: true, function_calling: true, json_output: true, family: "gpt-41", structured_output: true, multiple_system_messages: true },
  "gpt-4.1-mini-2025-04-14": { vision: true, function_calling: true, json_output: true, family: "gpt-41", structured_output: true, multiple_system_messages: true },
  "gpt-4.1-nano-2025-04-14": { vision: true, function_calling: true, json_output: true, family: "gpt-41", structured_output: true, multiple_system_messages: true },
  "gpt-4.5-preview-2025-02-27": { vision: true, function_calling: true, json_output: true, family: "gpt-45", structured_output: true, multiple_system_messages: true },
  "gpt-4o-2024-11-20": { vision: true, function_calling: true, json_output: true, family: "gpt-4o", structured_output: true, multiple_system_messages: true },
  "gpt-4o-2024-08-06": { vision: true, function_calling: true, json_output: true, family: "gpt-4o", structured_output: true, multiple_system_messages: true },
  "gpt-4o-2024-05-13": { vision: true, function_calling: true, json_output: true, family: "gpt-4o", structured_output: false, multiple_system_messages: true },
  "gpt-4o-mini-2024-07-18": { vision: true, function_calling: true, json_output: true, family: "gpt-4o", structured_output: true, multiple_system_messages: true },
  "gpt-4-turbo-2024-04-09": { vision: true, function_calling: true, json_output: true, family: "gpt-4", structured_output: false, multiple_system_messages: true },
  "gpt-4-0125-preview": { vision: false, function_calling: true, json_output: true, family: "gpt-4", structured_output: false, multiple_system_messages: true },
  "gpt-4-1106-preview": { vision: false, function_calling: true, json_output: true, family: "gpt-4", structured_output: false, multiple_system_messages: true },
  "gpt-4-1106-vision-preview": { vision: true, function_calling: false, json_output: false, family: "gpt-4", structured_output: false, multiple_system_messages: true },
  "gpt-4-0613": { vision: false, function_calling: true, json_output: true, family: "gpt-4", structured_output: false, multiple_system_messages: true },
  "gpt-4-32k-0613": { vision: false, function_calling: true, json_output: true, family: "gpt-4", structured_output: false, multiple_system_messages: true },
  "gpt-3.5-turbo-0125": { vision: false, function_calling: true, json_output: true, family: "gpt-35", structured_output: false, multiple_system_messages: true },
  "gpt-3.5-turbo-1106": { vision: false, function_calling: true, json_output: true, family: "gpt-35", structured_output: false, multiple_system_messages: true },
  "gpt-3.5-turbo-instruct": { vision: false, function_calling: true, json_output: true, family: "gpt-35", structured_output: false, multiple_system_messages: true },
  "gpt-3.5-turbo-0613": { vision: false, function_calling: true, json_output: true, family: "gpt-35", structured_output: false, multiple_system_messages: true },
  "gpt-3.5-turbo-16k-0613": { vision: false, function_calling: true, json_output: true, family: "gpt-35", structured_output: false, multiple_system_messages: true },
  "gemini-1.5-flash": { vision: true, function_calling: true, json_output: true, family: "gemini-1.5-flash", structured_output: true, multiple_system_messages: false },
  "gemini-1.5-flash-8b": { vision: true, function_calling: true, json_output: true, family: "gemini-1.5-flash", structured_output: true, multiple_system_messages: false },
  "gemini-1.5-pro": { vision: true, function_calling: true, json_output: true, family: "gemini-1.5-pro", structured_output: true, multiple_system_messages: false },
  "gemini-2.0-flash": { vision: true, function_calling: true, json_output: true, family: "gemini-2.0-flash", structured_output: true, multiple_system_messages: false },
  "gemini-2.0-flash-lite-preview-02-05": { vision: true, function_calling: true, json_output: true, family: "gemini-2.0-flash", structured_output: true, multiple_system_messages: false },
  "gemini-2.5-pro-preview-03-25": { vision: true, function_calling: true, json_output: true, family: "gemini-2.5-pro", structured_output: true, multiple_system_messages: false },
  "gemini-2.5-flash": { vision: true, function_calling: true, json_output: true, family: "gemini-2.5-flash", structured_output: true, multiple_system_messages: false },
  "claude-3-haiku-20240307": { vision: true, function_calling: true, json_output: false, family: "claude-3-haiku", structured_output: false, multiple_system_messages: true },
  "claude-3-sonnet-20240229": { vision: true, function_calling: true, json_output: false, family: "claude-3-sonnet", structured_output: false, multiple_system_messages: true },
  "claude-3-opus-20240229": { vision: true, function_calling: true, json_output: false, family: "claude-3-opus", structured_output: false, multiple_system_messages: true },
  "claude-3-5-haiku-20241022": { vision: true, function_calling: true, json_output: false, family: "claude-3-5-haiku", structured_output: false, multiple_system_messages: true },
  "claude-3-5-sonnet-20241022": { vision: true, function_calling: true, json_output: false, family: "claude-3-5-sonnet", structured_output: false, multiple_system_messages: true },
  "claude-3-7-sonnet-20250219": { vision: true, function_calling: true, json_output: false, family: "claude-3-7-sonnet", structured_output: false, multiple_system_messages: true },
  "claude-sonnet-4-20250514": { vision: true, function_calling: true, json_output: false, family: "claude-4-sonnet", structured_output: false, multiple_system_messages: true },
  "claude-opus-4-20250514": { vision: true, function_calling: true, json_output: false, family: "claude-4-opus", structured_output: false, multiple_system_messages: true },
  "Llama-3.3-8B-Instruct": { vision: false, function_calling: true, json_output: true, family: "llama-3.3-8b", structured_output: false, multiple_system_messages: true },
  "Llama-3.3-70B-Instruct": { vision: false, function_calling: true, json_output: true, family: "llama-3.3-70b", structured_output: false, multiple_system_messages: true },
  "Llama-4-Scout-17B-16E-Instruct-FP8": { vision: true, function_calling: true, json_output: true, family: "llama-4-scout", structured_output: true, multiple_system_messages: true },
  "Llama-4-Maverick-17B-128E-Instruct-FP8": { vision: true, function_calling: true, json_output: true, family: "llama-4-maverick", structured_output: true, multiple_system_messages: true },
};
