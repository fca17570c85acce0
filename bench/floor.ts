/**
 * The floor for `load` on the 10k transcript: the least any implementation obeying load's
 * contract must do there (fresh objects sharing nothing with the input, in load's key order,
 * defaults filled), written by hand for the 11 kinds the transcript holds, with no checks at all.
 * Free-form JSON (metadata values) takes a generic copy. bench/validate.ts times it beside `load`
 * and asserts that its output deep-equals load's.
 */
type O = Record<string, any>;

/** A generic deep copy of JSON data (free-form values: `metadata`). */
function json(v: any): any {
  if (v === null || typeof v !== "object") return v;
  if (Array.isArray(v)) return v.map(json);
  const o: O = {};
  for (const k in v) o[k] = json(v[k]);
  return o;
}

const usage = (u: O | null) => (u === null ? null : { prompt_tokens: u.prompt_tokens, completion_tokens: u.completion_tokens });
const call = (c: O) => ({ id: c.id, arguments: c.arguments, name: c.name });
const result = (r: O) => ({ content: r.content, name: r.name, call_id: r.call_id, is_error: r.is_error ?? null });
const part = (p: any) => (typeof p === "string" ? p : { data: p.data });

function llm(m: O): O {
  switch (m.type) {
    case "SystemMessage":
      return { content: m.content, type: m.type };
    case "UserMessage":
      return { content: typeof m.content === "string" ? m.content : m.content.map(part), source: m.source, type: m.type };
    case "AssistantMessage":
      return { content: typeof m.content === "string" ? m.content : m.content.map(call), thought: m.thought ?? null, source: m.source, type: m.type };
    default:
      return { content: m.content.map(result), type: m.type };
  }
}

/** The copy `load` makes of one transcript message, shaped by hand. */
export function floorCopy(m: O): O {
  const id = m.id, source = m.source, models_usage = usage(m.models_usage), metadata = json(m.metadata), created_at = m.created_at;
  const c = m.content;
  switch (m.type) {
    case "TextMessage":
    case "ThoughtEvent":
    case "StopMessage":
      return { id, source, models_usage, metadata, created_at, content: c, type: m.type };
    case "SelectSpeakerEvent":
      return { id, source, models_usage, metadata, created_at, content: c.slice(), type: m.type };
    case "ModelClientStreamingChunkEvent":
      return { id, source, models_usage, metadata, created_at, content: c, full_message_id: m.full_message_id ?? null, type: m.type };
    case "ToolCallRequestEvent":
      return { id, source, models_usage, metadata, created_at, content: c.map(call), type: m.type };
    case "ToolCallExecutionEvent":
      return { id, source, models_usage, metadata, created_at, content: c.map(result), type: m.type };
    case "ToolCallSummaryMessage":
      return { id, source, models_usage, metadata, created_at, content: c, type: m.type, tool_calls: m.tool_calls.map(call), results: m.results.map(result) };
    case "MultiModalMessage":
      return { id, source, models_usage, metadata, created_at, content: c.map(part), type: m.type };
    case "HandoffMessage":
      return { id, source, models_usage, metadata, created_at, content: c, target: m.target, context: (m.context ?? []).map(llm), type: m.type };
    case "MemoryQueryEvent":
      return {
        id, source, models_usage, metadata, created_at,
        content: c.map((x: O) => ({ content: typeof x.content === "string" ? x.content : json(x.content), mime_type: x.mime_type, metadata: json(x.metadata ?? null) })),
        type: m.type,
      };
    default:
      throw new Error(`floor: no copy for ${String(m.type)}`);
  }
}
