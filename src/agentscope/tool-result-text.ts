/**
 * `FormatterBase.convert_tool_result_to_string`: a tool result's output as the one string
 * sent to APIs whose tool messages are text only, plus the media it referred to.
 */
import { AgentScopeError } from "./errors.js";
import { dataUriLocation, type MediaHooks } from "./media.js";
import { pyGetItem } from "./subscript.js";
import { isDict, pyTypeName } from "../python/types.js";
import { pyRepr } from "../python/repr.js";

/**
 * One media block of a tool result and where the text says it can be found.
 *
 * @example toolResultToText([{ type: "image", source: { type: "url", url: "https://x/a.png" } }]).media[0]?.location // "https://x/a.png"
 */
export interface ToolResultMedia {
  location: string;
  block: Record<string, unknown>;
}

const MEDIA = ["image", "audio", "video"];

/**
 * Text blocks contribute their text, media blocks `"The returned {type} can be found at:
 * {location}"` (a URL as is; base64 data through `hooks.saveMedia`, by default a data URI,
 * where AgentScope writes a temp file). One item gives the bare string, several give lines of
 * `"- " + item`. A string output is returned unchanged; `null` gives `""`.
 *
 * @throws AgentScopeError (`AssertionError` for a non-block item, `ValueError` for an
 *   unknown block or source type)
 * @example toolResultToText([{ type: "text", text: "a" }, { type: "text", text: "b" }]).text // "- a\n- b"
 */
export function toolResultToText(output: unknown, hooks: MediaHooks = {}): { text: string; media: ToolResultMedia[] } {
  if (output === null || output === undefined) return { text: "", media: [] };
  if (typeof output === "string") return { text: output, media: [] };
  if (!Array.isArray(output)) throw new AgentScopeError("TypeError", `'${pyTypeName(output)}' object is not iterable`);
  const lines: string[] = [];
  const media: ToolResultMedia[] = [];
  for (const block of output as unknown[]) {
    if (!isDict(block) || !("type" in block)) {
      throw new AgentScopeError(
        "AssertionError",
        `Invalid block: ${safeRepr(block)}, a TextBlock, ImageBlock, AudioBlock, or VideoBlock is expected.`,
      );
    }
    const type = block.type;
    if (type === "text") {
      lines.push(pyGetItem(block, "text") as string);
    } else if (MEDIA.includes(type as string)) {
      if (!("source" in block)) {
        throw new AgentScopeError("AssertionError", `Invalid ${type} block: ${safeRepr(block)}, 'source' key is required.`);
      }
      const source = block.source;
      const sourceType = pyGetItem(source, "type");
      let location: string;
      if (sourceType === "url") {
        location = pyGetItem(source, "url") as string;
      } else if (sourceType === "base64") {
        const mediaType = pyGetItem(source, "media_type") as string;
        const data = pyGetItem(source, "data") as string;
        location = (hooks.saveMedia ?? dataUriLocation)(mediaType, data);
      } else {
        throw new AgentScopeError("ValueError", `Invalid image source: ${safeRepr(source)}, expected 'url' or 'base64'.`);
      }
      lines.push(`The returned ${type} can be found at: ${location}`);
      media.push({ location, block });
    } else {
      throw new AgentScopeError(
        "ValueError",
        `Unsupported block type: ${String(type)}, expected 'text', 'image', 'audio', or 'video'.`,
      );
    }
  }
  const text = lines.length === 1 ? lines[0]! : lines.map((l) => "- " + l).join("\n");
  return { text, media };
}

// The messages quote Python reprs; fall back to JSON for values pyRepr cannot print.
function safeRepr(v: unknown): string {
  try {
    return pyRepr(v);
  } catch {
    return JSON.stringify(v);
  }
}
