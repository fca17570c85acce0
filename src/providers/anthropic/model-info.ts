/**
 * AutoGen's `autogen_ext.models.anthropic._model_info`: the built-in `ModelInfo` of Claude model
 * names, and the lookup the client uses when no `model_info` is given.
 */
import { ModelInfoError, validateModelInfo, type ModelInfo } from "../../schemas/model-info.js";
import { AnthropicConversionError } from "./errors.js";

function entry(family: string, capable: boolean): ModelInfo {
  return {
    vision: capable,
    function_calling: capable,
    json_output: true,
    family,
    structured_output: false,
    multiple_system_messages: false,
  };
}

/**
 * AutoGen's `_MODEL_INFO` table, in its order (the order decides prefix lookups).
 *
 * @example ANTHROPIC_MODEL_INFO["claude-3-haiku-20240307"].family // "claude-3-5-sonnet"
 */
export const ANTHROPIC_MODEL_INFO: Readonly<Record<string, Readonly<ModelInfo>>> = Object.freeze({
  "claude-opus-4-20250514": entry("claude-4-opus", true),
  "claude-opus-4-0": entry("claude-4-opus", true),
  "claude-sonnet-4-20250514": entry("claude-4-sonnet", true),
  "claude-sonnet-4-0": entry("claude-4-sonnet", true),
  "claude-3-7-sonnet-20250219": entry("claude-3-7-sonnet", true),
  "claude-3-7-sonnet-latest": entry("claude-3-7-sonnet", true),
  "claude-3-opus-20240229": entry("claude-3-5-sonnet", true),
  "claude-3-sonnet-20240229": entry("claude-3-5-sonnet", true),
  "claude-3-haiku-20240307": entry("claude-3-5-sonnet", true),
  "claude-3-5-sonnet-20240620": entry("claude-3-5-sonnet", true),
  "claude-instant-1.2": entry("claude-3-5-sonnet", false),
  "claude-2.0": entry("claude-3-5-sonnet", false),
  "claude-2.1": entry("claude-3-5-sonnet", false),
});

/**
 * AutoGen's `_model_info.get_info(model)`: the exact entry, else the first entry (in table
 * order) whose name up to its first `"-2"` prefixes `model`. That base of `claude-2.0` is just
 * `"claude"`, so every other `claude…` name lands there (`claude-haiku-4-5-…`: vision false).
 * Throws {@link AnthropicConversionError} (Python `KeyError`) for other names. Returns a copy.
 *
 * @example defaultAnthropicModelInfo("claude-sonnet-4-5-20250929").family // "claude-4-sonnet"
 * @example defaultAnthropicModelInfo("claude-haiku-4-5-20251001").vision // false
 */
export function defaultAnthropicModelInfo(model: string): ModelInfo {
  if (Object.hasOwn(ANTHROPIC_MODEL_INFO, model)) return { ...ANTHROPIC_MODEL_INFO[model]! };
  for (const [id, info] of Object.entries(ANTHROPIC_MODEL_INFO)) {
    if (model.startsWith(id.split("-2")[0]!)) return { ...info };
  }
  throw new AnthropicConversionError(`"Model '${model}' not found in model info"`, { pythonType: "KeyError" });
}

/**
 * The `ModelInfo` the client works with: `modelInfo` after AutoGen's `validate_model_info`, or
 * {@link defaultAnthropicModelInfo}; an unknown name without `modelInfo` throws AutoGen's
 * "model_info is required when model name is not recognized". The warnings AutoGen emits for a
 * given `modelInfo` (a missing `structured_output`) go to `onWarning`.
 *
 * @example anthropicModelInfo("claude-3-5-sonnet-20241022").vision // true
 */
export function anthropicModelInfo(
  model: string,
  modelInfo?: Readonly<Record<string, unknown>> | null,
  onWarning?: (message: string) => void,
): ModelInfo {
  if (modelInfo === undefined || modelInfo === null) {
    try {
      return defaultAnthropicModelInfo(model);
    } catch {
      throw new AnthropicConversionError("model_info is required when model name is not recognized");
    }
  }
  try {
    for (const w of validateModelInfo(modelInfo)) onWarning?.(w);
  } catch (e) {
    if (e instanceof ModelInfoError) throw new AnthropicConversionError(e.message);
    throw e;
  }
  return modelInfo as ModelInfo;
}
