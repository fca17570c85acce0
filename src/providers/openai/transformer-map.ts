/**
 * Which of AutoGen's four OpenAI conversion tables applies (`_transformation/registry.py`
 * `get_transformer`, registrations at the end of `_message_transform.py`).
 */
import { ModelFamily } from "../../schemas/model-info.js";

/**
 * The conversion table names: `base` (OpenAI, Llama, r1, unknown), `gemini`, `claude`, `mistral`.
 *
 * @example const t: TransformerMapName = "gemini";
 */
export type TransformerMapName = "base" | "gemini" | "claude" | "mistral";

function mapOfFamily(family: string): TransformerMapName {
  if (ModelFamily.isClaude(family)) return "claude";
  if (ModelFamily.isGemini(family)) return "gemini";
  if (ModelFamily.isMistral(family)) return "mistral";
  return "base";
}

// Registered keys: every ModelFamily literal plus "default" (which maps to base).
const REGISTERED: readonly string[] = [...ModelFamily.ANY, "default"];

/**
 * AutoGen's `_find_model_family("openai", model)`: the longest registered family name (every
 * `ModelFamily` value, plus `"default"`) that prefixes the model name, else `"unknown"`.
 *
 * @example findModelFamily("gpt-4o-2024-08-06") // "gpt-4o"
 * @example findModelFamily("claude-3-5-sonnet-x") // "claude-3-5-sonnet"
 */
export function findModelFamily(model: string): string {
  let best: string = ModelFamily.UNKNOWN;
  let bestLength = 0;
  for (const key of REGISTERED) {
    if (model.startsWith(key) && key.length > bestLength) {
      best = key;
      bestLength = key.length;
    }
  }
  return best;
}

/**
 * AutoGen's `get_transformer("openai", model, family)` reduced to the table's name. An
 * unknown or unlisted family falls back to {@link findModelFamily} on the **model name**, so
 * `claude-sonnet-4-…` with family `unknown` gets `base`.
 *
 * @example transformerMapFor("gpt-4o", "gpt-4o") // "base"
 * @example transformerMapFor("gemini-1.5-flash-002", "unknown") // "gemini"
 */
export function transformerMapFor(model: string, family: string): TransformerMapName {
  if (ModelFamily.isKnown(family) && family !== ModelFamily.UNKNOWN) return mapOfFamily(family);
  return mapOfFamily(findModelFamily(model));
}
