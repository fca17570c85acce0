/** OpenTelemetry GenAI chat messages (`{ role, parts }`) from MAF messages (as MAF's `_to_otel_message`) and AutoGen LLM messages. */
import { MessageValidationError } from "../errors.js";
import { guardRead } from "./guard.js";
import { dumps } from "../python/json.js";
import { dumpMaf } from "../maf/dump.js";
import { loadMaf } from "../maf/load-maf.js";
import { LLMMessage } from "../schemas/llm-messages.js";

/** One part of an OTel GenAI message (`text`, `reasoning`, `uri`, `blob`, `tool_call`, `tool_call_response`, or a generic part). @example const p: OtelPart = { type: "text", content: "hi" }; */
export type OtelPart = { type: string; [key: string]: unknown };
/** An OTel GenAI chat message. @example const m: OtelMessage = { role: "user", parts: [{ type: "text", content: "hi" }] }; */
export type OtelMessage = { role: string; parts: OtelPart[] };

type Obj = Record<string, unknown>;
const bad = (path: (string | number)[], message: string): MessageValidationError =>
  new MessageValidationError(undefined, [{ path, code: "invalid_otel_input", message }], "OTel input");

// The mime type of base64 image data, from its first bytes (as the image's own header says).
function sniffMime(b64: string): string {
  if (b64.startsWith("iVBOR")) return "image/png";
  if (b64.startsWith("/9j/")) return "image/jpeg";
  if (b64.startsWith("R0lG")) return "image/gif";
  if (b64.startsWith("UklGR")) return "image/webp";
  if (b64.startsWith("Qk")) return "image/bmp";
  return "image/*";
}

/** The parts of a `UserMessage`'s content (a string, or texts and images): a text part per string, a blob part per image. */
export function userParts(content: unknown): OtelPart[] {
  return (typeof content === "string" ? [content] : (content as unknown[])).map((x) =>
    typeof x === "string" ? { type: "text", content: x } : { type: "blob", content: (x as Obj).data, mime_type: sniffMime(String((x as Obj).data)), modality: "image" },
  );
}

// AutoGen LLM messages, by kind (unquoted keys: the compiler checks every kind is here).
const LLM = {
  SystemMessage: (m: Obj): OtelMessage => ({ role: "system", parts: [{ type: "text", content: m.content }] }),
  UserMessage: (m: Obj): OtelMessage => ({ role: "user", parts: userParts(m.content) }),
  AssistantMessage: (m: Obj): OtelMessage => {
    const parts: OtelPart[] = [];
    if (typeof m.thought === "string" && m.thought) parts.push({ type: "reasoning", content: m.thought });
    if (typeof m.content === "string") parts.push({ type: "text", content: m.content });
    else for (const c of m.content as Obj[]) parts.push({ type: "tool_call", id: c.id, name: c.name, arguments: c.arguments });
    return { role: "assistant", parts };
  },
  FunctionExecutionResultMessage: (m: Obj): OtelMessage => ({
    role: "tool",
    parts: (m.content as Obj[]).map((r) => ({ type: "tool_call_response", id: r.call_id, response: r.content })),
  }),
} satisfies Record<LLMMessage["type"], (m: Obj) => OtelMessage>;

function mafPart(c: Obj, path: (string | number)[]): OtelPart {
  const modality = (mt: unknown) => (typeof mt === "string" && mt ? mt.split("/")[0] : null);
  switch (c.type) {
    case "text": return { type: "text", content: c.text ?? null };
    case "text_reasoning": return { type: "reasoning", content: c.text ?? null };
    case "uri": return { type: "uri", uri: c.uri ?? null, mime_type: c.media_type ?? null, modality: modality(c.media_type) };
    case "data": {
      // MAF's `_get_data_bytes_as_str`: the base64 text after `;base64,` of a data URI; a data URI without it raises.
      const uri = c.uri;
      let data: string | null = null;
      if (typeof uri === "string" && uri.startsWith("data:")) {
        const at = uri.indexOf(";base64,");
        if (at < 0) throw bad(path, "Data URI must use base64 encoding");
        data = uri.slice(at + 8);
      }
      return { type: "blob", content: data, mime_type: c.media_type ?? null, modality: modality(c.media_type) };
    }
    case "function_call": return { type: "tool_call", id: c.call_id ?? null, name: c.name ?? null, arguments: c.arguments ?? null };
    case "function_result": return { type: "tool_call_response", id: c.call_id ?? null, response: c.result ?? "" };
    default: return dumpMaf(c as never, "Content") as OtelPart; // MAF's generic part: `to_dict(exclude_none=True)`
  }
}

function isLlm(m: unknown): m is Obj {
  return typeof m === "object" && m !== null && Object.hasOwn(LLM, String((m as Obj).type));
}

/**
 * OTel GenAI chat messages for MAF messages (`./maf`'s `Message` or its dicts: exactly MAF 1.13.0's `_to_otel_message`)
 * or AutoGen LLM messages (`SystemMessage`, `UserMessage`, `AssistantMessage`, `FunctionExecutionResultMessage`).
 * Bad input throws `MessageValidationError` naming the path; the input is not changed.
 *
 * @example
 * toOtelMessages([{ type: "SystemMessage", content: "Be brief." }])
 * // [{ role: "system", parts: [{ type: "text", content: "Be brief." }] }]
 */
export function toOtelMessages(messages: readonly unknown[]): OtelMessage[] {
  if (!guardRead([], () => Array.isArray(messages), "OTel input")) throw bad([], "expected a list of messages");
  const out: OtelMessage[] = [];
  let i = 0;
  // A value that cannot be read (a revoked proxy, a getter that throws) is read_error at its index.
  guardRead([], () => messages.length, "OTel input");
  for (; i < messages.length; i++) out.push(guardRead([i], () => otelMessage(messages[i], i), "OTel input"));
  return out;
}

function otelMessage(m: unknown, i: number): OtelMessage {
  {
    if (isLlm(m)) {
      const r = LLMMessage.safeParse(m);
      if (!r.success) throw bad([i, ...(r.error.issues[0]?.path ?? []).map((p) => (typeof p === "symbol" ? String(p) : p))], `not a valid ${String(m.type)}: ${r.error.issues[0]?.message ?? ""}`);
      return LLM[(r.data as Obj).type as LLMMessage["type"]](r.data as Obj);
    }
    let msg: Obj;
    try {
      msg = dumpMaf(loadMaf(structuredClone(m), "Message"), "Message");
    } catch (e) {
      if (e instanceof MessageValidationError) throw e;
      throw bad([i], "not an AutoGen LLM message or a MAF message");
    }
    const role = typeof msg.role === "object" && msg.role !== null ? (msg.role as Obj).value : msg.role;
    return { role: role as string, parts: ((msg.contents as Obj[]) ?? []).map((c, k) => mafPart(c, [i, "contents", k])) };
  }
}

/**
 * The attribute text MAF writes for messages: `json.dumps(messages, ensure_ascii=False)`.
 *
 * @example otelMessagesText([{ role: "user", parts: [{ type: "text", content: "é" }] }]) // '[{"role": "user", "parts": [{"type": "text", "content": "é"}]}]'
 */
export function otelMessagesText(messages: readonly OtelMessage[]): string {
  if (!guardRead([], () => Array.isArray(messages), "OTel input")) throw bad([], "expected a list of OTel messages");
  budget = MAX_VALUES;
  // Copied first, each value read once: a getter, a proxy, a cycle or a value that is not JSON is the
  // library's error naming its path, and what is written is what was checked.
  return dumps(guardRead([], () => copyChecked(messages), "OTel input"), { ensureAscii: false });
}

/** MAF's attribute text (`json.dumps(..., ensure_ascii=False)`) of a value this module made (the recorder's): nothing to check. */
export const otelJson = (value: unknown): string => dumps(value, { ensureAscii: false });

/**
 * The text `json.dumps` writes for a list whose items' texts are `items`: the recorder writes each
 * message once and reuses its text in every attribute it appears in (an agent's input is the
 * others' messages). Concatenation, not `join`: the texts are shared, not copied.
 */
export function otelList(items: readonly string[]): string {
  let s = "[";
  for (let i = 0; i < items.length; i++) s += (i ? ", " : "") + items[i];
  return s + "]";
}

/** JSON values a text may hold: past it, shared objects (a DAG) would write more than fits in memory. */
const MAX_VALUES = 5_000_000;
/**
 * Nesting a text may hold: what `toOtelMessages` accepts (a MAF message 1,000 levels deep, Python's
 * recursion limit) plus the levels the OTel form wraps it in (the list, the message, its parts).
 */
const MAX_DEPTH = 1_100;
let budget = 0;

/** Where the copy failed: the path is filled in as the copy unwinds (no path is built on the way down). */
class CopyFailure {
  readonly path: (string | number)[] = [];
  constructor(readonly message: string) {}
}

function copyChecked(messages: unknown): unknown {
  try {
    return plainCopy(messages, 0);
  } catch (e) {
    if (e instanceof CopyFailure) throw bad(e.path, e.message);
    throw e;
  }
}

function plainCopy(v: unknown, depth: number): unknown {
  if (--budget < 0) throw new CopyFailure(`more than ${MAX_VALUES} JSON values (shared objects written out)`);
  if (v === null || typeof v === "string" || typeof v === "number" || typeof v === "boolean") return v;
  if (typeof v !== "object") throw new CopyFailure(`expected JSON data, got ${typeof v}`);
  if (depth >= MAX_DEPTH) throw new CopyFailure(`nested deeper than ${MAX_DEPTH} levels (or a cycle)`);
  if (Array.isArray(v)) {
    const out: unknown[] = [];
    let i = 0;
    try {
      for (const n = v.length; i < n; i++) out.push(plainCopy(v[i], depth + 1));
    } catch (e) {
      throw at(e, i);
    }
    return out;
  }
  const proto = Object.getPrototypeOf(v) as unknown;
  if (proto !== Object.prototype && proto !== null) throw new CopyFailure("expected JSON data, got a non-plain object");
  const out: Record<string, unknown> = {};
  let key = "";
  try {
    // defineProperty: a "__proto__" key stays an own key of the copy, as JSON.parse makes it.
    for (key of Object.keys(v)) Object.defineProperty(out, key, { value: plainCopy((v as Record<string, unknown>)[key], depth + 1), enumerable: true, writable: true, configurable: true });
  } catch (e) {
    throw at(e, key);
  }
  return out;
}

const at = (e: unknown, key: string | number): unknown => (e instanceof CopyFailure && e.path.unshift(key), e);

/**
 * `gen_ai.system_instructions` parts for system prompts given apart: a text part per instruction.
 *
 * @example toOtelSystemInstructions("Be brief.") // [{ type: "text", content: "Be brief." }]
 */
export function toOtelSystemInstructions(instructions: string | readonly string[]): OtelPart[] {
  if (typeof instructions === "string") return [{ type: "text", content: instructions }];
  // Read once, guarded: a proxy or a getter that throws is read_error at its index, never a TypeError.
  if (!guardRead([], () => Array.isArray(instructions), "OTel input")) throw bad([], "expected a string or a list of strings");
  const n = guardRead([], () => instructions.length, "OTel input");
  const out: OtelPart[] = [];
  for (let i = 0; i < n; i++) {
    const content = guardRead([i], () => instructions[i], "OTel input");
    if (typeof content !== "string") throw bad([i], "expected a string instruction");
    out.push({ type: "text", content });
  }
  return out;
}
