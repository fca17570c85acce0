/**
 * Small functions of AutoGen's Anthropic client module (`_anthropic_client.py`): names, stop
 * reasons, image media types, tools and tool choice.
 */
import type { FinishReasons } from "../../schemas/core.js";
import { imageMimeType } from "../../wire/image-data.js";
import { pyTypeName } from "../../python/types.js";
import { assertValidName as openAIAssertValidName } from "../openai/names.js";
import { OpenAIConversionError } from "../openai/errors.js";
import { normalizeToolName } from "../openai/response-helpers.js";
import { AnthropicConversionError } from "./errors.js";
import type { AnthropicTool, AnthropicToolChoice, AnthropicToolSchema } from "./types.js";

/**
 * AutoGen's Anthropic `assert_valid_name` (the same rule as the OpenAI client's): returns `name`
 * when it matches `^[a-zA-Z0-9_-]+$` (Python's `$` lets one final "\n" through) and has at most
 * 64 characters, else throws {@link AnthropicConversionError} with AutoGen's message.
 *
 * @example assertValidName("writer_1") // "writer_1"
 * @example assertValidName("a.b") // throws "Invalid name: a.b. Only letters, numbers, '_' and '-' are allowed."
 */
export function assertValidName(name: string, where?: string, index?: number): string {
  try {
    return openAIAssertValidName(name);
  } catch (e) {
    if (e instanceof OpenAIConversionError) throw new AnthropicConversionError(e.message, { where, index });
    throw e;
  }
}

/**
 * AutoGen's Anthropic `normalize_name`, applied to tool names in responses: each code point
 * outside `[a-zA-Z0-9_-]` becomes `_`, then the name is cut to 64 code points.
 *
 * @example normalizeName("get weather!") // "get_weather_"
 */
export function normalizeName(name: string): string {
  return normalizeToolName(name);
}

const STOP_REASONS: Readonly<Record<string, FinishReasons>> = {
  end_turn: "stop",
  max_tokens: "length",
  stop_sequence: "stop",
  tool_use: "function_calls",
};

/**
 * The Anthropic client's `normalize_stop_reason` (not the shared one the OpenAI client uses):
 * lower-cased, `end_turn`/`stop_sequence` → `stop`, `max_tokens` → `length`, `tool_use` →
 * `function_calls`, anything else (OpenAI's names included) or null → `unknown`.
 *
 * @example normalizeStopReason("END_TURN") // "stop"
 * @example normalizeStopReason("tool_calls") // "unknown"
 */
export function normalizeStopReason(reason: string | null | undefined): FinishReasons {
  if (reason === null || reason === undefined) return "unknown";
  const key = reason.toLowerCase();
  return Object.hasOwn(STOP_REASONS, key) ? STOP_REASONS[key]! : "unknown";
}

/**
 * AutoGen's `get_mime_type_from_image`: JPEG, PNG, GIF or WEBP by the leading bytes, `image/jpeg`
 * otherwise. AutoGen sniffs its PNG re-encoding (so it always says `image/png`); this library
 * sends the original bytes, so it sniffs those.
 *
 * @example getMimeTypeFromImage({ data: "R0lGODlhAQABAAAAACw=" }) // "image/gif"
 */
export function getMimeTypeFromImage(image: { readonly data: string }): "image/jpeg" | "image/png" | "image/gif" | "image/webp" {
  return imageMimeType(image.data);
}

/**
 * AutoGen's Anthropic `convert_tools`: each tool schema becomes `{ name, input_schema, description }`
 * where `input_schema` keeps only `properties`, `required` and `type` (default `"object"`) of
 * `parameters` (`{}` without parameters) and `description` defaults to `""`. Each name is checked
 * after its tool is converted; a bad one throws {@link AnthropicConversionError} (`tools[i]: …`).
 *
 * @example toAnthropicTools([{ name: "search", parameters: { type: "object", properties: { q: { type: "string" } }, additionalProperties: false } }])
 * // [{ name: "search", input_schema: { properties: { q: { type: "string" } }, type: "object" }, description: "" }]
 */
export function toAnthropicTools(tools: readonly AnthropicToolSchema[]): AnthropicTool[] {
  return tools.map((tool, i) => {
    const where = `tools[${i}]`;
    if (tool === null || typeof tool !== "object" || typeof tool.name !== "string") {
      throw new AnthropicConversionError("'name'", { pythonType: "KeyError", where });
    }
    const input_schema: AnthropicTool["input_schema"] = {};
    if (Object.hasOwn(tool, "parameters")) {
      const params = tool.parameters;
      if (params === null || typeof params !== "object" || Array.isArray(params)) {
        throw new AnthropicConversionError("expected a JSON Schema object", { pythonType: "TypeError", where: `${where}.parameters` });
      }
      if (Object.hasOwn(params, "properties")) input_schema.properties = params.properties;
      if (Object.hasOwn(params, "required")) input_schema.required = params.required;
      input_schema.type = Object.hasOwn(params, "type") ? (params.type as string) : "object";
    }
    const converted: AnthropicTool = {
      name: tool.name,
      input_schema,
      description: Object.hasOwn(tool, "description") ? (tool.description as string) : "",
    };
    assertValidName(tool.name, where);
    return converted;
  });
}

/**
 * AutoGen's `convert_tool_choice_anthropic`: `"auto"` → `{type: "auto"}`, `"required"` →
 * `{type: "any"}`, `"none"` → `{type: "none"}`, a tool (`{ name }`, standing in for AutoGen's
 * `Tool` object) → `{type: "tool", name}`. Anything else throws {@link AnthropicConversionError}.
 *
 * @example convertToolChoice("required") // { type: "any" }
 * @example convertToolChoice({ name: "search" }) // { type: "tool", name: "search" }
 */
export function convertToolChoice(toolChoice: "auto" | "required" | "none" | { readonly name: string }): AnthropicToolChoice {
  if (toolChoice === "none") return { type: "none" };
  if (toolChoice === "auto") return { type: "auto" };
  if (toolChoice === "required") return { type: "any" };
  if (toolChoice !== null && typeof toolChoice === "object" && !Array.isArray(toolChoice) && typeof toolChoice.name === "string") {
    return { type: "tool", name: toolChoice.name };
  }
  throw new AnthropicConversionError(
    `tool_choice must be a Tool object, 'auto', 'required', or 'none', got <class '${pyTypeName(toolChoice)}'>`,
  );
}
