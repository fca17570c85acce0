/**
 * `toGeminiTools`: AutoGen tool schemas → Gemini `tools` (function declarations).
 */
import { GeminiConversionError } from "./errors.js";

/**
 * AutoGen's `ToolSchema` (`autogen_core.tools`): a tool's name, description and JSON Schema
 * parameters, as `BaseTool.schema` returns it.
 *
 * @example const t: AutoGenToolSchema = { name: "add", description: "Add numbers", parameters: { type: "object", properties: { a: { type: "number" } }, required: ["a"] } };
 */
export interface AutoGenToolSchema {
  /** The function name the model calls. */
  name: string;
  /** What the tool does, for the model. */
  description?: string;
  /** JSON Schema of the arguments object. */
  parameters?: Record<string, unknown>;
  /** OpenAI structured-output flag; Gemini has no equivalent and it is not sent. */
  strict?: boolean;
}

/**
 * A Gemini function declaration as {@link toGeminiTools} writes it.
 *
 * @example const d: GeminiFunctionDeclaration = { name: "add", parametersJsonSchema: { type: "object" } };
 */
export interface GeminiFunctionDeclaration {
  /** The function name. */
  name: string;
  /** The description, when the tool has one. */
  description?: string;
  /** The parameters as plain JSON Schema (Gemini's `parametersJsonSchema`). */
  parametersJsonSchema?: Record<string, unknown>;
}

/**
 * Converts AutoGen tool schemas into Gemini's `tools` request field: one tool holding every
 * function declaration. The parameters go to `parametersJsonSchema`, which takes JSON Schema as
 * AutoGen writes it (the older `parameters` field takes an OpenAPI subset that rejects, e.g.,
 * `additionalProperties`). `strict` has no Gemini counterpart and is dropped. No tools gives
 * `[]`. The schemas are copied, not shared with the input.
 *
 * @example
 * toGeminiTools([{ name: "add", description: "Add", parameters: { type: "object", properties: { a: { type: "number" } } } }]);
 * // [{ functionDeclarations: [{ name: "add", description: "Add", parametersJsonSchema: { type: "object", properties: { a: { type: "number" } } } }] }]
 */
export function toGeminiTools(tools: readonly AutoGenToolSchema[]): Array<{ functionDeclarations: GeminiFunctionDeclaration[] }> {
  if (!Array.isArray(tools)) throw new GeminiConversionError(["tools"], "expected a list of tool schemas");
  if (tools.length === 0) return [];
  const declarations = tools.map((tool, i) => {
    if (typeof tool !== "object" || tool === null || typeof tool.name !== "string") {
      throw new GeminiConversionError(["tools", i, "name"], "expected a tool schema with a string name");
    }
    const d: GeminiFunctionDeclaration = { name: tool.name };
    if (tool.description !== undefined) d.description = tool.description;
    if (tool.parameters !== undefined) d.parametersJsonSchema = structuredClone(tool.parameters);
    return d;
  });
  return [{ functionDeclarations: declarations }];
}
