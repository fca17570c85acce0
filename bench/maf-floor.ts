/**
 * The floors of bench/maf.ts: the least any implementation obeying the contract must do, with no check
 * at all. `floorLoad`: a shaped deep copy of a parsed session (fresh objects in `loadMaf`'s key order, one
 * literal per message and content shape of the bench session; a generic copy only for free-form JSON).
 * The dump's floor is the library's byte writer alone on the already-dumped tree (bench/maf.ts).
 */
type Obj = Record<string, unknown>;

/** A deep copy of free-form JSON (arguments, results, additional properties, the rare content kinds). */
function json(v: unknown): unknown {
  if (v === null || typeof v !== "object") return v;
  if (Array.isArray(v)) return v.map(json);
  const out: Obj = {};
  for (const k in v) out[k] = json((v as Obj)[k]);
  return out;
}

const contents = (list: Obj[]): Obj[] => list.map(content);

function content(c: Obj): Obj {
  switch (c.type) {
    case "text":
      return { type: "text", text: c.text, additional_properties: json(c.additional_properties) };
    case "function_call":
      return { type: "function_call", call_id: c.call_id, name: c.name, arguments: json(c.arguments), additional_properties: json(c.additional_properties) };
    case "function_result":
      return c.exception === undefined
        ? { type: "function_result", call_id: c.call_id, result: json(c.result), items: contents(c.items as Obj[]), additional_properties: json(c.additional_properties) }
        : { type: "function_result", call_id: c.call_id, exception: c.exception, result: json(c.result), items: contents(c.items as Obj[]), additional_properties: json(c.additional_properties) };
    case "uri":
      return { type: "uri", uri: c.uri, media_type: c.media_type, additional_properties: json(c.additional_properties) };
    default:
      return json(c) as Obj;
  }
}

function message(m: Obj): Obj {
  const { role, author_name, message_id } = m;
  const cs = contents(m.contents as Obj[]);
  const extra = json(m.additional_properties);
  if (author_name === undefined) return { type: "message", role, contents: cs, additional_properties: extra };
  return message_id === undefined
    ? { type: "message", role, contents: cs, author_name, additional_properties: extra }
    : { type: "message", role, contents: cs, author_name, message_id, additional_properties: extra };
}

/** The bench session `{type, session_id, service_session_id, state: {in_memory: {messages}}}`, copied. */
export function floorLoad(s: Obj): Obj {
  const messages = ((s.state as Obj).in_memory as Obj).messages as Obj[];
  return { type: "session", session_id: s.session_id, service_session_id: s.service_session_id, state: { in_memory: { messages: messages.map(message) } } };
}
