/**
 * The reprs of the AutoGen classes whose `str()` events print: autogen_core's `FunctionCall`,
 * `FunctionExecutionResult` and `MemoryContent`, field by field in their declared order, with
 * Python's `repr` of each value (src/python/repr.ts).
 */
import { pyRepr } from "../python/repr.js";

/**
 * The repr of autogen_core's `FunctionCall` dataclass.
 *
 * @example reprFunctionCall({ id: "c1", arguments: "{}", name: "f" })
 * // "FunctionCall(id='c1', arguments='{}', name='f')"
 */
export function reprFunctionCall(fc: { id: string; arguments: string; name: string }): string {
  // Written out rather than via pyReprCall: this runs for every tool call an event lists.
  return (
    "FunctionCall(id=" + pyRepr(fc.id) + ", arguments=" + pyRepr(fc.arguments) + ", name=" + pyRepr(fc.name) + ")"
  );
}

/**
 * The repr of autogen_core's `FunctionExecutionResult` pydantic model (a missing `is_error`
 * is the model default, None).
 *
 * @example reprFunctionExecutionResult({ content: "ok", name: "f", call_id: "c1" })
 * // "FunctionExecutionResult(content='ok', name='f', call_id='c1', is_error=None)"
 */
export function reprFunctionExecutionResult(r: {
  content: string;
  name: string;
  call_id: string;
  is_error?: boolean | null;
}): string {
  return (
    "FunctionExecutionResult(content=" +
    pyRepr(r.content) +
    ", name=" +
    pyRepr(r.name) +
    ", call_id=" +
    pyRepr(r.call_id) +
    ", is_error=" +
    pyRepr(r.is_error ?? null) +
    ")"
  );
}

/**
 * The repr of autogen_core's `MemoryContent` as it is after loading from JSON: `mime_type` is
 * a plain str (not a `MemoryMimeType` member) and `content` a str or dict.
 *
 * @example reprMemoryContent({ content: "hi", mime_type: "text/plain", metadata: { k: 1 } })
 * // "MemoryContent(content='hi', mime_type='text/plain', metadata={'k': 1})"
 */
export function reprMemoryContent(m: {
  content: unknown;
  mime_type: string;
  metadata?: Record<string, unknown> | null;
}): string {
  return (
    "MemoryContent(content=" +
    pyRepr(m.content) +
    ", mime_type=" +
    pyRepr(m.mime_type) +
    ", metadata=" +
    pyRepr(m.metadata ?? null) +
    ")"
  );
}
