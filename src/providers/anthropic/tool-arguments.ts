/**
 * How AutoGen's Anthropic client turns a `FunctionCall.arguments` string into `tool_use.input`:
 * `__empty_content_to_whitespace`, then `autogen_core.utils.extract_json_from_str`, with
 * `JSONDecodeError` (only) caught.
 */
import { pyIsSpace, pyStrip } from "../../python/str.js";
import { AnthropicConversionError, withJsonErrors } from "./errors.js";
import * as json from "../../python/json.js";

// r"```(?:\s*([\w\+\-]+))?\n([\s\S]*?)```" with Python's Unicode-aware `\s` (str.isspace, not
// JavaScript's set: PY_SPACE_CLASS of src/python/str.ts, spelt as a literal so the regex stays checkable;
// test/python/str.test.ts holds every such class to it) and `\w` (letters, digits, underscore).
const FENCE = /```(?:[\t-\r\x1c-\x20\x85\xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]*([\p{L}\p{N}_+-]+))?\n([\s\S]*?)```/gu;

/**
 * AutoGen's `extract_json_from_str`: the JSON values of the fenced blocks of `content` (a fence
 * language other than `json`, any case, throws), or of the whole text when it has no fence.
 * Values are Python's view of the JSON (`json.loads`). Throws `JSONDecodeError` for
 * invalid JSON, as Python raises `JSONDecodeError`.
 *
 * @example extractJsonFromStr('```json\n{"a": 1}\n```').length // 1
 */
export function extractJsonFromStr(content: string): json.PyJsonValue[] {
  const matches = [...content.matchAll(FENCE)];
  if (matches.length === 0) return [withJsonErrors(() => json.loads(content))];
  return matches.map((m) => {
    const language = m[1] ? pyStrip(m[1]) : null;
    if (language && language.toLowerCase() !== "json") {
      throw new AnthropicConversionError(`Expected JSON object, but found language: ${language}`);
    }
    return withJsonErrors(() => json.loads(m[2]!));
  });
}

/**
 * The `tool_use.input` AutoGen sends for a call's `arguments` string: `""` and whitespace
 * become `" "` first; a fenced ```json block is unwrapped; invalid JSON becomes
 * `{ text: <arguments> }`; any JSON value is sent as is (NaN as null; big integers exact where
 * `JSON.rawJSON` exists). Two fenced blocks or a non-JSON fence language throw
 * {@link AnthropicConversionError}, as AutoGen raises.
 *
 * @example toolUseInput('{"q": "x"}') // { q: "x" }
 * @example toolUseInput("not json") // { text: "not json" }
 * @example toolUseInput("") // { text: " " }
 */
export function toolUseInput(args: string): unknown {
  const text = args === "" || pyIsSpace(args) ? " " : args;
  let values: json.PyJsonValue[];
  try {
    values = extractJsonFromStr(text);
  } catch (e) {
    if (e instanceof json.JSONDecodeError) return { text };
    throw e;
  }
  if (values.length !== 1) throw new AnthropicConversionError(`Expected a single JSON object, but found ${values.length}`);
  return json.toJsValue(values[0]!);
}
