/**
 * AutoGen's `convert_tools` and `convert_tool_choice` (`autogen_ext/models/openai/_openai_client.py`):
 * tool schemas → the Chat Completions `tools` and `tool_choice` request values.
 */
import { OpenAIConversionError, atPath } from "./errors.js";
import { assertValidName } from "./names.js";
import { pyTypeName } from "../../python/types.js";
import { isObject } from "../../wire/json-data.js";

/**
 * AutoGen's `ToolSchema` (`autogen_core.tools`): what a tool tells the model about itself.
 * `parameters` is a JSON Schema object, sent unchanged.
 *
 * @example const t: ToolSchema = { name: "search", description: "Web search", parameters: { type: "object", properties: { q: { type: "string" } }, required: ["q"] } };
 */
export interface ToolSchema {
  name: string;
  description?: string;
  parameters?: Record<string, unknown>;
  strict?: boolean;
}

/**
 * Stands for an AutoGen `Tool` object, of which the converters only read `schema`. AutoGen
 * accepts a `ToolSchema` or a `Tool` in `tools`, but only a `Tool` as a forced `tool_choice`.
 *
 * @example const t: ToolLike = { schema: { name: "search" } };
 */
export interface ToolLike {
  schema: ToolSchema;
}

/**
 * One entry of the request's `tools`, as AutoGen sends it (every field present).
 *
 * @example const t: OpenAITool = { type: "function", function: { name: "search", description: "", parameters: {}, strict: false } };
 */
export interface OpenAITool {
  type: "function";
  function: { name: string; description: string; parameters: Record<string, unknown>; strict: boolean };
}

/**
 * The request's `tool_choice`: a mode, or a named function for a forced tool.
 *
 * @example const c: OpenAIToolChoice = { type: "function", function: { name: "search" } };
 */
export type OpenAIToolChoice = "auto" | "required" | "none" | { type: "function"; function: { name: string } };

/**
 * What `create(tool_choice=…)` accepts: a mode or a tool to force.
 *
 * @example const c: ToolChoice = "required";
 */
export type ToolChoice = "auto" | "required" | "none" | ToolLike;

const isToolLike = (v: unknown): v is ToolLike => isObject(v) && isObject(v.schema);

// Python's `str(type(x))` for a JSON-ish value, as AutoGen prints it in its error.
const pythonTypeText = (v: unknown): string => `<class '${pyTypeName(v)}'>`;

function schemaOf(tool: unknown, at: string): ToolSchema {
  const schema = isToolLike(tool) ? tool.schema : tool;
  const where = isToolLike(tool) ? `${at}.schema` : at;
  if (!isObject(schema)) throw new OpenAIConversionError(`expected a tool schema, got ${pythonTypeText(schema)}`, "TypeError", at);
  if (!Object.hasOwn(schema, "name")) throw new OpenAIConversionError("'name'", "KeyError", `${where}.name`);
  if (typeof schema.name !== "string") throw new OpenAIConversionError("expected a string", "TypeError", `${where}.name`);
  if (schema.description !== undefined && typeof schema.description !== "string") {
    throw new OpenAIConversionError("expected a string", "TypeError", `${where}.description`);
  }
  if (schema.parameters !== undefined && !isObject(schema.parameters)) {
    throw new OpenAIConversionError("expected a JSON Schema object", "TypeError", `${where}.parameters`);
  }
  if (schema.strict !== undefined && typeof schema.strict !== "boolean") {
    throw new OpenAIConversionError("expected a boolean", "TypeError", `${where}.strict`);
  }
  return schema as unknown as ToolSchema;
}

/**
 * The name of each tool (a `ToolSchema`'s or a `Tool`'s `schema.name`).
 *
 * @example toolNames([{ name: "a" }, { schema: { name: "b" } }]) // ["a", "b"]
 */
export function toolNames(tools: ReadonlyArray<ToolSchema | ToolLike>): string[] {
  return tools.map((t, i) => schemaOf(t, `tools[${i}]`).name);
}

/**
 * AutoGen's `convert_tools`: each tool (a `ToolSchema` or a `Tool`) becomes
 * `{ type: "function", function: { name, description, parameters, strict } }` with AutoGen's
 * defaults `""`, `{}` and `false`; `parameters` is passed through unchanged (not copied).
 * Every name is then checked as AutoGen checks message sources: an invalid one throws
 * {@link OpenAIConversionError} ("Invalid name: … Only letters, numbers, '_' and '-' are
 * allowed.", path `tools[i].name`).
 *
 * @example
 * toOpenAITools([{ name: "search", parameters: { type: "object", properties: { q: { type: "string" } } } }])
 * // [{ type: "function", function: { name: "search", description: "", parameters: { type: "object", properties: { q: { type: "string" } } }, strict: false } }]
 */
export function toOpenAITools(tools: ReadonlyArray<ToolSchema | ToolLike>): OpenAITool[] {
  if (!Array.isArray(tools)) throw new OpenAIConversionError(`expected a list of tools, got ${pythonTypeText(tools)}`, "TypeError", "tools");
  const result = tools.map((tool, i): OpenAITool => {
    const s = schemaOf(tool, `tools[${i}]`);
    return {
      type: "function",
      function: {
        name: s.name,
        description: s.description ?? "",
        parameters: s.parameters ?? {},
        strict: s.strict ?? false,
      },
    };
  });
  // Upstream builds every entry first, then checks the names in order.
  result.forEach((t, i) => atPath(`tools[${i}].name`, () => assertValidName(t.function.name)));
  return result;
}

/**
 * AutoGen's `convert_tool_choice`: `"auto"`, `"required"` and `"none"` pass through; a tool
 * object (`{ schema }`, AutoGen's `Tool`) becomes `{ type: "function", function: { name } }`.
 * Anything else throws AutoGen's ValueError "tool_choice must be a Tool object, 'auto',
 * 'required', or 'none', got <class '…'>" (a plain `ToolSchema` too, as upstream).
 *
 * @example toOpenAIToolChoice("required") // "required"
 * @example toOpenAIToolChoice({ schema: { name: "search" } }) // { type: "function", function: { name: "search" } }
 */
export function toOpenAIToolChoice(toolChoice: ToolChoice): OpenAIToolChoice {
  if (toolChoice === "none" || toolChoice === "auto" || toolChoice === "required") return toolChoice;
  if (isToolLike(toolChoice)) return { type: "function", function: { name: schemaOf(toolChoice, "toolChoice").name } };
  throw new OpenAIConversionError(
    `tool_choice must be a Tool object, 'auto', 'required', or 'none', got ${pythonTypeText(toolChoice)}`,
    "ValueError",
    "toolChoice",
  );
}
