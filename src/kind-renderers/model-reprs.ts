/**
 * The reprs of the AutoGen classes whose `str()` events print: autogen_core's `FunctionCall`,
 * `FunctionExecutionResult` and `MemoryContent`, field by field in their declared order, with
 * Python's `repr` of each value (src/python/repr.ts).
 */
import { pyRepr } from "../python/repr.js";
import { MemoryMimeType } from "../schemas/core.js";

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
 * How a running app holds its objects, where that changes their repr (see `ToTextOptions.live`).
 *
 * @example const live: LiveObjects = { memoryMimeTypes: ["text/plain"] } // only text/plain was built with MemoryMimeType.TEXT
 */
export interface LiveObjects {
  /**
   * The `MemoryContent.mime_type` values the app's memory holds as `MemoryMimeType` members
   * (built with `MemoryMimeType.TEXT`, …) rather than as plain strings (`"text/plain"`).
   * Default: every value of the enum.
   */
  readonly memoryMimeTypes?: readonly string[];
}

/**
 * The repr of autogen_core's `MemoryContent`. By default as it is after loading from JSON:
 * `mime_type` is a plain str and `content` a str or dict. With `live`, as the object a running
 * memory holds: a `mime_type` that is a `MemoryMimeType` value is that enum member (all values,
 * or those `live.memoryMimeTypes` lists), since AutoGen's own code and documentation build
 * memory contents with the enum.
 *
 * @example reprMemoryContent({ content: "hi", mime_type: "text/plain", metadata: { k: 1 } })
 * // "MemoryContent(content='hi', mime_type='text/plain', metadata={'k': 1})"
 * @example reprMemoryContent({ content: "hi", mime_type: "text/plain" }, { live: true })
 * // "MemoryContent(content='hi', mime_type=<MemoryMimeType.TEXT: 'text/plain'>, metadata=None)"
 */
export function reprMemoryContent(
  m: {
    content: unknown;
    mime_type: string;
    metadata?: Record<string, unknown> | null;
  },
  options: { readonly live?: boolean | LiveObjects } = {},
): string {
  const { live } = options;
  const member =
    live && (live === true || !live.memoryMimeTypes || live.memoryMimeTypes.includes(m.mime_type))
      ? memberOf(MemoryMimeType.enum, m.mime_type)
      : undefined;
  return (
    "MemoryContent(content=" +
    pyRepr(m.content) +
    ", mime_type=" +
    // Python's Enum repr: <Class.NAME: repr(value)>.
    (member ? `<MemoryMimeType.${member}: ${pyRepr(m.mime_type)}>` : pyRepr(m.mime_type)) +
    ", metadata=" +
    pyRepr(m.metadata ?? null) +
    ")"
  );
}

/** The name of the enum member whose value is `value`. */
function memberOf(members: Readonly<Record<string, string>>, value: string): string | undefined {
  for (const name in members) if (members[name] === value) return name;
  return undefined;
}
