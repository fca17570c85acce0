/** `mafText`: the `.text` property of MAF's classes (and `str()` of a content). */
import { MessageValidationError } from "../errors.js";
import { pyStr } from "../python/repr.js";
import { pyStrip } from "../python/str.js";
import { pyTruthy } from "../python/types.js";
import { resolveClass, type MafValue } from "./dump.js";
import type { MafClass } from "./fields.js";
import { walk } from "./load.js";

type Obj = Record<string, unknown>;

function fail(cls: MafClass, path: Array<string | number>, message: string): never {
  throw new MessageValidationError(cls, [{ path, code: "text_error", message }], "MAF value");
}

/** The `text` of the text contents, as `" ".join(...)` / `"".join(...)` needs them: strings (MAF raises TypeError on others). */
function texts(cls: MafClass, contents: unknown[], path: Array<string | number>): string[] {
  const out: string[] = [];
  contents.forEach((c, i) => {
    const o = c as Obj;
    if (o.type !== "text") return;
    if (typeof o.text !== "string") fail(cls, [...path, i, "text"], `a text content without a string text has no .text (MAF: sequence item: expected str instance)`);
    out.push(o.text);
  });
  return out;
}

function contentStr(c: Obj): string {
  if (c.type === "error") {
    if (pyTruthy(c.error_code)) return `Error ${pyStr(c.error_code)}: ${pyTruthy(c.message) ? pyStr(c.message) : ""}`;
    return pyTruthy(c.message) ? pyStr(c.message) : "Unknown error";
  }
  if (c.type === "text") return pyTruthy(c.text) ? pyStr(c.text) : "";
  return `Content(type=${pyStr(c.type)})`;
}

/**
 * The text MAF's `.text` gives: a `Message`'s text contents joined with one space; an
 * `AgentResponse`'s message texts concatenated; a `ChatResponse`'s joined with newlines and
 * stripped (Python's `str.strip`); an update's text contents concatenated. For a `Content`, what
 * `str(content)` gives: the text, `"Error <code>: <message>"`, or `"Content(type=<kind>)"`.
 *
 * @example mafText(loadMaf({ role: "assistant", contents: ["Hello", "world"] })) // "Hello world"
 */
export function mafText(value: MafValue, cls?: MafClass): string {
  const c = resolveClass(value, cls);
  const v = walk(value, c, "load");
  switch (c) {
    case "Content":
      return contentStr(v);
    case "Message":
      return texts(c, v.contents as unknown[], ["contents"]).join(" ");
    case "AgentResponse":
    case "ChatResponse": {
      const parts = (v.messages as Obj[]).map((m, i) => texts(c, m.contents as unknown[], ["messages", i, "contents"]).join(" "));
      return c === "AgentResponse" ? parts.join("") : pyStrip(parts.join("\n"));
    }
    case "AgentResponseUpdate":
    case "ChatResponseUpdate":
      return texts(c, v.contents as unknown[], ["contents"]).join("");
    default:
      return fail(c, [], "an AgentSession has no text (read its messages: session.state.in_memory.messages)");
  }
}
