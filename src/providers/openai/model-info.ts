/**
 * The `ModelInfo` the OpenAI-compatible client uses: the one given, checked as AutoGen
 * checks it, or the built-in one for the model name.
 */
import { ModelInfoError, validateModelInfo, type ModelInfo } from "../../schemas/model-info.js";
import { OpenAIConversionError } from "./errors.js";
import { OPENAI_MODEL_INFO, OPENAI_MODEL_POINTERS } from "./model-info-table.js";

/**
 * AutoGen's `resolve_model`: an alias such as `gpt-4o` becomes its dated model name;
 * other names are returned unchanged.
 *
 * @example resolveOpenAIModel("gpt-4o") // "gpt-4o-2024-08-06"
 */
export function resolveOpenAIModel(model: string): string {
  return Object.hasOwn(OPENAI_MODEL_POINTERS, model) ? OPENAI_MODEL_POINTERS[model]! : model;
}

/**
 * AutoGen's `_model_info.get_info(model)`: the built-in `ModelInfo` of an OpenAI-compatible
 * model name (aliases resolved; exact match only). Throws {@link OpenAIConversionError}
 * "model_info is required when model name is not a valid OpenAI model" for other names.
 * Returns a fresh copy, so callers may change it.
 *
 * @example defaultModelInfo("gpt-4o").multiple_system_messages // true
 * @example defaultModelInfo("gemini-2.0-flash").multiple_system_messages // false
 */
export function defaultModelInfo(model: string): ModelInfo {
  const resolved = resolveOpenAIModel(model);
  const info = Object.hasOwn(OPENAI_MODEL_INFO, resolved) ? OPENAI_MODEL_INFO[resolved] : undefined;
  if (!info) throw new OpenAIConversionError("model_info is required when model name is not a valid OpenAI model");
  return { ...info };
}

/**
 * The `ModelInfo` the client works with: `modelInfo` after AutoGen's `validate_model_info`
 * (a missing required field throws {@link OpenAIConversionError}, its warnings go to
 * `onWarning`), or {@link defaultModelInfo} when none is given.
 *
 * @example effectiveModelInfo("my-model", { vision: false, function_calling: true, json_output: false, family: "unknown" }).family // "unknown"
 */
export function effectiveModelInfo(
  model: string,
  modelInfo?: Readonly<Record<string, unknown>>,
  onWarning?: (message: string) => void,
): ModelInfo {
  if (modelInfo === undefined || modelInfo === null) return defaultModelInfo(model);
  try {
    // AutoGen warns (once, at client construction) about a missing `structured_output`.
    for (const w of validateModelInfo(modelInfo)) onWarning?.(w);
  } catch (e) {
    // Re-thrown as this module's error type so callers catch one class, with AutoGen's text.
    if (e instanceof ModelInfoError) throw new OpenAIConversionError(e.message);
    throw e;
  }
  return modelInfo as ModelInfo;
}
