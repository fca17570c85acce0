/**
 * autogen_core.models model description types: `ModelFamily`, `ModelInfo`,
 * `ModelCapabilities` and `validateModelInfo`.
 */
import * as z from "zod/mini";
import { define } from "../define.js";
import { withMessageErrors, type MessageObject } from "../parse.js";
import { looseJsonObject } from "../wire/fields.js";

/**
 * The model families AutoGen names, by Python constant name (also on {@link ModelFamily}).
 *
 * @example MODEL_FAMILIES.CLAUDE_3_5_SONNET // "claude-3-5-sonnet"
 */
export const MODEL_FAMILIES = {
  GPT_5: "gpt-5",
  GPT_41: "gpt-41",
  GPT_45: "gpt-45",
  GPT_4O: "gpt-4o",
  O1: "o1",
  O3: "o3",
  O4: "o4",
  GPT_4: "gpt-4",
  GPT_35: "gpt-35",
  R1: "r1",
  GEMINI_1_5_FLASH: "gemini-1.5-flash",
  GEMINI_1_5_PRO: "gemini-1.5-pro",
  GEMINI_2_0_FLASH: "gemini-2.0-flash",
  GEMINI_2_5_PRO: "gemini-2.5-pro",
  GEMINI_2_5_FLASH: "gemini-2.5-flash",
  CLAUDE_3_HAIKU: "claude-3-haiku",
  CLAUDE_3_SONNET: "claude-3-sonnet",
  CLAUDE_3_OPUS: "claude-3-opus",
  CLAUDE_3_5_HAIKU: "claude-3-5-haiku",
  CLAUDE_3_5_SONNET: "claude-3-5-sonnet",
  CLAUDE_3_7_SONNET: "claude-3-7-sonnet",
  CLAUDE_4_OPUS: "claude-4-opus",
  CLAUDE_4_SONNET: "claude-4-sonnet",
  LLAMA_3_3_8B: "llama-3.3-8b",
  LLAMA_3_3_70B: "llama-3.3-70b",
  LLAMA_4_SCOUT: "llama-4-scout",
  LLAMA_4_MAVERICK: "llama-4-maverick",
  CODESRAL: "codestral",
  OPEN_CODESRAL_MAMBA: "open-codestral-mamba",
  MISTRAL: "mistral",
  MINISTRAL: "ministral",
  PIXTRAL: "pixtral",
  UNKNOWN: "unknown",
} as const;

/** One of the family names AutoGen knows. */
export type KnownFamily = (typeof MODEL_FAMILIES)[keyof typeof MODEL_FAMILIES];

const KNOWN: readonly KnownFamily[] = /* @__PURE__ */ define(() => Object.values(MODEL_FAMILIES));
/** The known families whose value matches `pattern` (upstream's lists, by name). */
const familiesLike = (pattern: RegExp) => {
  const group = KNOWN.filter((f) => pattern.test(f));
  return (family: string) => (group as string[]).includes(family);
};

const helpers = /* @__PURE__ */ define(() => ({
  /** Every family AutoGen names (Python's `ModelFamily.ANY`). */
  ANY: KNOWN,
  /** True when `family` is one of the families AutoGen names. */
  isKnown: (family: string): family is KnownFamily => (KNOWN as readonly string[]).includes(family),
  /** True for the Anthropic Claude families AutoGen names (Python's `ModelFamily.is_claude`). */
  isClaude: familiesLike(/^claude-/),
  /** True for the Google Gemini families AutoGen names (Python's `ModelFamily.is_gemini`). */
  isGemini: familiesLike(/^gemini-/),
  /** True for the OpenAI families AutoGen names (Python's `ModelFamily.is_open_a_i`). */
  isOpenAI: familiesLike(/^(gpt-|o\d$)/),
  /** True for the Meta Llama families AutoGen names (Python's `ModelFamily.is_llama`). */
  isLlama: familiesLike(/^llama-/),
  /** True for the Mistral families AutoGen names (Python's `ModelFamily.is_mistral`). */
  isMistral: familiesLike(/stral|^pixtral$/),
}));

/**
 * `autogen_core.models.ModelFamily`: a model family name. Any string is valid (AutoGen
 * treats unknown families as unknown); the constants and the `is*` predicates mirror the
 * Python namespace class.
 *
 * @example
 * ModelFamily.GPT_4O             // "gpt-4o"
 * ModelFamily.isClaude("claude-3-5-sonnet") // true
 * ModelFamily.parse("my-family") // "my-family"
 */
export const ModelFamily = /* @__PURE__ */ define(() => Object.assign(z.string(), MODEL_FAMILIES, helpers));
/** A model family name: one of {@link ModelFamily}'s constants or any other string. */
export type ModelFamily = KnownFamily | (string & {});

/** The fields of {@link ModelCapabilities}, with their TSDoc (hover text through `z.infer`). */
export const modelCapabilitiesShape = /* @__PURE__ */ define(() => ({
  /** Whether the model takes images. */
  vision: z.boolean(),
  /** Whether the model calls functions (tools). */
  function_calling: z.boolean(),
  /** Whether the model has a JSON output mode (not structured output). */
  json_output: z.boolean(),
}));

/**
 * `autogen_core.models.ModelCapabilities` (deprecated upstream in favour of `ModelInfo`).
 *
 * @example ModelCapabilities.parse({ vision: false, function_calling: true, json_output: true })
 */
export const ModelCapabilities: MessageObject<typeof modelCapabilitiesShape> = /* @__PURE__ */ define(() => withMessageErrors("ModelCapabilities", z.object(modelCapabilitiesShape)));
/** `autogen_core.models.ModelCapabilities`. */
export type ModelCapabilities = z.infer<typeof ModelCapabilities>;

/** The fields of {@link ModelInfo}, with their TSDoc (hover text through `z.infer`). */
export const modelInfoShape = /* @__PURE__ */ define(() => ({
  /** Whether the model takes images. */
  vision: z.boolean(),
  /** Whether the model calls functions (tools). */
  function_calling: z.boolean(),
  /** Whether the model has a JSON output mode (not structured output). */
  json_output: z.boolean(),
  /** The model family: one of `ModelFamily`'s names or any string. */
  family: ModelFamily,
  /** Whether the model gives structured output (a JSON schema), beyond `json_output`. */
  structured_output: z.optional(z.boolean()),
  /** Whether the model accepts several system messages anywhere in the conversation. */
  multiple_system_messages: z.optional(z.nullable(z.boolean())),
}));

/**
 * `autogen_core.models.ModelInfo`: what a model supports. A TypedDict upstream, so extra
 * keys are kept. `structured_output` is required by the type but AutoGen only warns when
 * it is missing (see {@link validateModelInfo}), so the schema accepts its absence.
 *
 * @example
 * ModelInfo.parse({ vision: true, function_calling: true, json_output: true, family: "gpt-4o", structured_output: true })
 */
export const ModelInfo: MessageObject<typeof modelInfoShape, z.core.$loose> = /* @__PURE__ */ define(() => withMessageErrors("ModelInfo", looseJsonObject(modelInfoShape)));
/** `autogen_core.models.ModelInfo`. */
export type ModelInfo = z.infer<typeof ModelInfo>;

/** Thrown by {@link validateModelInfo} for a missing required field (Python raises `ValueError`). */
export class ModelInfoError extends Error {
  static override readonly name: string = "ModelInfoError"; // what Node prints, even when a bundler renames the class
  override readonly name = "ModelInfoError";
}

/**
 * AutoGen's `validate_model_info`: throws {@link ModelInfoError} when `vision`,
 * `function_calling`, `json_output` or `family` is missing, and returns the warnings
 * AutoGen emits (a missing `structured_output`). It checks presence only, as upstream.
 *
 * @example
 * validateModelInfo({ vision: false, function_calling: true, json_output: false, family: "unknown" })
 * // → ["Missing required field 'structured_output' in ModelInfo. This field will be required in a future version of AutoGen."]
 */
export function validateModelInfo(modelInfo: Readonly<Record<string, unknown>>): string[] {
  for (const field of ["vision", "function_calling", "json_output", "family"]) {
    if (!Object.hasOwn(modelInfo, field)) {
      throw new ModelInfoError(
        `Missing required field '${field}' in ModelInfo. Starting in v0.4.7, the required fields are enforced.`,
      );
    }
  }
  const warnings: string[] = [];
  for (const field of ["structured_output"]) {
    if (!Object.hasOwn(modelInfo, field)) {
      warnings.push(
        `Missing required field '${field}' in ModelInfo. This field will be required in a future version of AutoGen.`,
      );
    }
  }
  return warnings;
}
