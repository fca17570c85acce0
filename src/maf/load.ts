/**
 * Reading MAF 1.13.0 values as its `from_dict` does, and writing them as its `to_dict` does: one
 * walk for both (`mode`), since a loaded value already has `to_dict()`'s shape (MAF's key order,
 * `None` fields absent). What only `to_dict()` does (annotations through `dict()`, a session's
 * messages with `type` last) happens in "dump" mode, so `dumpMaf` validates what it writes.
 *
 * MAF checks little: no field's type, any kind of content, odd `additional_properties` as long as
 * `dict()` takes them. What it rejects (a missing `type`, an unknown keyword, a message without a
 * role, …) is rejected here with the path; where this library is deliberately stricter, the
 * comment says "Stricter than MAF" (docs/maf.md, "Differences from MAF").
 */
import { MessageValidationError, type IssuePath } from "../errors.js";
import { jsonKeyText, pyDict, PyDictError, pyIter, strKeyText, type PyKey } from "../python/dict.js";
import { pyTruthy, pyTypeName } from "../python/types.js";
import { CLASS_TYPE_IDS, CONTENT_FIELDS, type MafClass, MESSAGE_FIELDS, RESPONSE_EXTRA_KEYWORDS, RESPONSE_FIELDS } from "./fields.js";

type Obj = Record<string, unknown>;
type Path = Array<string | number>;
/** "load": what `from_dict` holds; "dump": what `to_dict()` writes. */
type Mode = "load" | "dump";

/** A rejection, thrown inside the walk and turned into a {@link MessageValidationError} at the top. */
class Reject {
  constructor(
    readonly path: Path,
    readonly code: string,
    readonly message: string,
  ) {}
}

const MAX_DEPTH = 1000; // Python's recursion limit: deeper JSON does not load in MAF either

const CONTENT_KEYWORDS = new Set<string>([...CONTENT_FIELDS, "annotations", "raw_representation"]);
const MESSAGE_KEYWORDS = new Set<string>([...MESSAGE_FIELDS, "raw_representation"]);
const NESTED_LISTS = new Set(["inputs", "outputs", "items"]);

const isObj = (v: unknown): v is Obj => v !== null && typeof v === "object" && !Array.isArray(v);

/** Sets a key, also `__proto__` (as a plain key, never the prototype). */
function put(out: Obj, key: string, value: unknown): void {
  if (key === "__proto__") Object.defineProperty(out, key, { value, enumerable: true, writable: true, configurable: true });
  else out[key] = value;
}

function own(o: Obj, key: string): unknown {
  return Object.hasOwn(o, key) ? o[key] : undefined;
}

/** A deep copy of a JSON value; anything JSON cannot hold is rejected. */
function copyJson(v: unknown, path: Path, depth: number): unknown {
  switch (typeof v) {
    case "string":
    case "boolean":
      return v;
    case "number":
      if (Number.isFinite(v)) return v;
      throw new Reject(path, "json_type", `expected a JSON value, got ${v}`);
    case "object": {
      if (v === null) return null;
      if (depth > MAX_DEPTH) throw new Reject(path, "recursion_error", `nested deeper than ${MAX_DEPTH} levels`);
      if (Array.isArray(v)) {
        const out = new Array<unknown>(v.length);
        for (let i = 0; i < v.length; i++) out[i] = copyJson(v[i], [...path, i], depth + 1);
        return out;
      }
      const proto = Object.getPrototypeOf(v) as unknown;
      if (proto !== Object.prototype && proto !== null) throw new Reject(path, "json_type", `expected a JSON value, got ${describe(v)}`);
      const out: Obj = {};
      for (const k of Object.keys(v)) put(out, k, copyJson((v as Obj)[k], [...path, k], depth + 1));
      return out;
    }
    default:
      throw new Reject(path, "json_type", `expected a JSON value, got ${typeof v}`);
  }
}

function describe(v: unknown): string {
  if (v !== null && typeof v === "object" && !Array.isArray(v)) {
    const name = (Object.getPrototypeOf(v) as { constructor?: { name?: string } } | null)?.constructor?.name;
    if (name && name !== "Object") return `an instance of ${name}`;
  }
  return `a JSON ${pyTypeName(v) === "dict" ? "object" : pyTypeName(v) === "list" ? "array" : pyTypeName(v) === "NoneType" ? "null" : typeof v}`;
}

/** What Python says a value is, for messages: `str "x"`, `int 3`, `list`, `dict`. */
function pyDescribe(v: unknown): string {
  const t = pyTypeName(v);
  if (t === "str") return `str ${JSON.stringify((v as string).length > 40 ? (v as string).slice(0, 40) + "…" : v)}`;
  if (t === "int" || t === "float" || t === "bool") return `${t} ${t === "bool" ? (v ? "True" : "False") : String(v)}`;
  return t === "NoneType" ? "None" : t;
}

/** `dict(value)` as a JavaScript object, keys spelled as `json.dumps` (Content) or `str()` (the others) writes them. */
function toDictObject(value: unknown, path: Path, keys: "json" | "str", depth: number): Obj {
  let entries: Array<[PyKey, unknown]>;
  try {
    entries = pyDict(value);
  } catch (e) {
    if (e instanceof PyDictError) throw new Reject(path, e.pythonType === "TypeError" ? "dict_type" : "value_error", `dict() of ${pyDescribe(value)}: ${e.message}`);
    throw e;
  }
  const out: Obj = {};
  for (const [k, v] of entries) put(out, keys === "json" ? jsonKeyText(k) : strKeyText(k), copyJson(v, [...path, typeof k === "string" ? k : jsonKeyText(k)], depth + 1));
  return out;
}

/** `_restore_compaction_annotation_in_additional_properties(x) or {}`: `None` → `{}`, else `dict(x)`. */
function additionalProperties(value: unknown, path: Path, keys: "json" | "str", depth: number): Obj {
  return value === null || value === undefined ? {} : toDictObject(value, path, keys, depth);
}

function mustBeMapping(v: unknown, path: Path, what: string): asserts v is Obj {
  if (!isObj(v)) throw new Reject(path, "dict_type", `expected ${what} object, got ${describe(v)}`);
  const proto = Object.getPrototypeOf(v) as unknown;
  if (proto !== Object.prototype && proto !== null) throw new Reject(path, "json_type", `expected a JSON value, got ${describe(v)}`);
}

function unexpected(cls: string, key: string, path: Path, allowed: Iterable<string>): Reject {
  return new Reject([...path, key], "unexpected_keyword", `${cls} has no field "${key}" (MAF's ${cls}.__init__ raises TypeError; fields: ${[...allowed].join(", ")})`);
}

// ---- Content ----------------------------------------------------------------------

/** `Content.from_dict(data)` ("load") or `Content.from_dict(data).to_dict()` ("dump"). */
export function walkContent(data: unknown, path: Path, mode: Mode, depth = 0): Obj {
  mustBeMapping(data, path, "a content");
  if (depth > MAX_DEPTH) throw new Reject(path, "recursion_error", `nested deeper than ${MAX_DEPTH} levels`);
  const type = own(data, "type");
  if (!pyTruthy(type)) throw new Reject([...path, "type"], "missing", `Content mapping requires 'type' (got ${type === undefined ? "none" : pyDescribe(type)})`);
  // Stricter than MAF: any truthy `type` passes there (3, ["text"]); a kind is a string here.
  if (typeof type !== "string") throw new Reject([...path, "type"], "string_type", `expected a string content type, got ${pyDescribe(type)}`);
  for (const k of Object.keys(data)) {
    if (k === "type" || CONTENT_KEYWORDS.has(k)) continue;
    // A legacy `{"type": "data", "data": …, "media_type": …}` goes through Content.from_data, which needs bytes.
    if (k === "data" && type === "data" && Object.hasOwn(data, "media_type")) throw new Reject([...path, "data"], "bytes_type", "Content.from_data needs bytes: JSON cannot hold them (write the data: URI in `uri`)");
    throw unexpected("Content", k, path, CONTENT_FIELDS);
  }
  const out: Obj = { type };
  for (const field of CONTENT_FIELDS) {
    let v = own(data, field);
    if (field === "additional_properties") {
      out[field] = additionalProperties(v, [...path, field], "json", depth);
      continue;
    }
    if (field === "informational_only") {
      // Written only on a function_call, and only when truthy (MAF forces it on MCP calls, never writing it).
      if (type === "function_call" && pyTruthy(v)) out[field] = copyJson(v, [...path, field], depth + 1);
      continue;
    }
    if (v === null || v === undefined) continue;
    const at = [...path, field];
    if (field === "function_call" && pyTruthy(v) && isObj(v)) v = walkContent(v, at, mode, depth + 1);
    else if (NESTED_LISTS.has(field) && Array.isArray(v) && v.length > 0) {
      v = v.map((item: unknown, i) => (isObj(item) ? walkContent(item, [...at, i], mode, depth + 1) : copyJson(item, [...at, i], depth + 1)));
    } else v = copyJson(v, at, depth + 1);
    out[field] = v;
  }
  const annotations = own(data, "annotations");
  if (annotations !== null && annotations !== undefined) {
    const at = [...path, "annotations"];
    if (mode === "load") out.annotations = copyJson(annotations, at, depth + 1);
    else {
      // to_dict(): [dict(annotation) for annotation in annotations]; MAF raises for what dict() refuses.
      let items: unknown[];
      try {
        items = pyIter(annotations);
      } catch (e) {
        if (e instanceof PyDictError) throw new Reject(at, "dump_error", `to_dict() cannot write annotations: ${e.message}`);
        throw e;
      }
      out.annotations = items.map((a, i) => {
        try {
          return toDictObject(a, [...at, i], "json", depth + 1);
        } catch (e) {
          if (e instanceof Reject) throw new Reject(e.path, "dump_error", `to_dict() cannot write this annotation: ${e.message}`);
          throw e;
        }
      });
    }
  }
  return out;
}

// ---- Message ----------------------------------------------------------------------

/** A role as this library keeps it: a string; the pre-1.0 role object `{"type": "role", "value": "user"}` becomes its value. */
function role(v: unknown, path: Path, optional: boolean): string | undefined {
  if (typeof v === "string") return v;
  if (optional && (v === null || v === undefined)) return undefined;
  if (isObj(v) && own(v, "type") === "role" && typeof own(v, "value") === "string") return own(v, "value") as string;
  // Stricter than MAF, which keeps any value as the role (7, null, {}, a role object without a value).
  throw new Reject(path, "string_type", `expected a role string, got ${pyDescribe(v)}`);
}

/** `_parse_content_list(contents)`: `None` items skipped, strings become text contents, mappings through `Content.from_dict`. */
function contentList(v: unknown, path: Path, mode: Mode, depth: number): Obj[] {
  if (v === null || v === undefined) return [];
  // Stricter than MAF, which iterates a string by character and an object by key.
  if (!Array.isArray(v)) throw new Reject(path, "list_type", `expected a list of contents, got ${pyDescribe(v)}${typeof v === "string" ? " (MAF would make one text content per character)" : ""}`);
  const out: Obj[] = [];
  for (let i = 0; i < v.length; i++) {
    const item: unknown = v[i];
    if (item === null) continue;
    if (typeof item === "string") out.push({ type: "text", text: item, additional_properties: {} });
    else if (isObj(item)) out.push(walkContent(item, [...path, i], mode, depth + 1));
    else throw new Reject([...path, i], "dict_type", `expected a content object or a string, got ${pyDescribe(item)} (MAF: '${pyTypeName(item)}' object has no attribute 'get')`);
  }
  return out;
}

/** `SerializationMixin.from_dict`'s check: a truthy `type` must be the class's own. */
function checkType(data: Obj, cls: keyof typeof CLASS_TYPE_IDS, path: Path): void {
  const t = own(data, "type");
  const want = CLASS_TYPE_IDS[cls];
  if (pyTruthy(t) && t !== want) throw new Reject([...path, "type"], "literal_error", `Type mismatch: expected '${want}', got ${pyDescribe(t)}${t === "chat_message" ? " (the pre-1.0 ChatMessage: rename the type to 'message')" : ""}`);
}

/** `Message.from_dict(data)` / `.to_dict()`. */
export function walkMessage(data: unknown, path: Path, mode: Mode, depth = 0): Obj {
  mustBeMapping(data, path, "a message");
  checkType(data, "Message", path);
  for (const k of Object.keys(data)) if (k !== "type" && !MESSAGE_KEYWORDS.has(k)) throw unexpected("Message", k, path, MESSAGE_FIELDS);
  if (!Object.hasOwn(data, "role")) throw new Reject([...path, "role"], "missing", "Message requires a role (MAF: missing 1 required positional argument: 'role')");
  const out: Obj = { type: "message", role: role(data.role, [...path, "role"], false) };
  out.contents = contentList(own(data, "contents"), [...path, "contents"], mode, depth);
  for (const f of ["author_name", "message_id"] as const) {
    const v = own(data, f);
    if (v !== null && v !== undefined) out[f] = copyJson(v, [...path, f], depth + 1);
  }
  out.additional_properties = additionalProperties(own(data, "additional_properties"), [...path, "additional_properties"], "str", depth);
  return out;
}

// ---- responses --------------------------------------------------------------------

type ResponseClass = keyof typeof RESPONSE_FIELDS;

/** `<Response>.from_dict(data)` / `.to_dict()` for the four response classes. */
export function walkResponse(cls: ResponseClass, data: unknown, path: Path, mode: Mode): Obj {
  mustBeMapping(data, path, `an ${cls}`);
  checkType(data, cls, path);
  const fields: readonly string[] = RESPONSE_FIELDS[cls];
  const extra: readonly string[] = RESPONSE_EXTRA_KEYWORDS[cls];
  for (const k of Object.keys(data)) if (k !== "type" && !fields.includes(k) && !extra.includes(k)) throw unexpected(cls, k, path, fields);
  const isUpdate = cls.endsWith("Update");
  const out: Obj = { type: CLASS_TYPE_IDS[cls] };
  for (const f of fields) {
    const v = own(data, f);
    const at = [...path, f];
    if (f === "messages") {
      if (v === null || v === undefined) out.messages = [];
      else if (isObj(v)) out.messages = [walkMessage(v, at, mode, 1)]; // never reached by MAF's to_dict, harmless
      // Stricter than MAF, which iterates a string by character and keeps items that are not mappings.
      else if (!Array.isArray(v)) throw new Reject(at, "list_type", `expected a list of messages, got ${pyDescribe(v)}`);
      else out.messages = v.map((m: unknown, i) => walkMessage(m, [...at, i], mode, 1));
    } else if (f === "contents") {
      if (v === null || v === undefined) out.contents = [];
      else if (!Array.isArray(v)) throw new Reject(at, "list_type", `expected a list of contents, got ${pyDescribe(v)}`);
      else out.contents = v.map((c: unknown, i) => walkContent(c, [...at, i], mode, 1));
    } else if (f === "role") {
      const r = role(v, at, true);
      if (r !== undefined) out.role = r;
    } else if (f === "additional_properties") {
      // The updates keep a missing one absent (allow_none); AgentResponse writes {}.
      if (isUpdate && (v === null || v === undefined)) continue;
      out.additional_properties = additionalProperties(v, at, "str", 0);
    } else if (v !== null && v !== undefined) out[f] = copyJson(v, at, 1);
  }
  // ChatResponse holds additional_properties but never writes them (DEFAULT_EXCLUDE); they must still pass dict().
  if (cls === "ChatResponse") additionalProperties(own(data, "additional_properties"), [...path, "additional_properties"], "str", 0);
  return out;
}

// ---- AgentSession -----------------------------------------------------------------

/** `AgentSession.from_dict(data)` / `.to_dict()`. */
export function walkSession(data: unknown, path: Path, mode: Mode, newId: () => string): Obj {
  if (!isObj(data)) throw new Reject(path, "dict_type", `expected a session object, got ${describe(data)}`);
  mustBeMapping(data, path, "a session");
  if (!Object.hasOwn(data, "session_id")) throw new Reject([...path, "session_id"], "missing", "AgentSession requires session_id (MAF: KeyError 'session_id')");
  const sid = data.session_id;
  const service = own(data, "service_session_id");
  const state = Object.hasOwn(data, "state") ? data.state : {};
  if (!isObj(state)) throw new Reject([...path, "state"], "dict_type", `expected a state object, got ${pyDescribe(state)}`);
  const out: Obj = {
    type: "session",
    // A falsy id is replaced by a fresh uuid4, as AgentSession.__init__ does.
    session_id: pyTruthy(sid) ? copyJson(sid, [...path, "session_id"], 1) : newId(),
    service_session_id: service === undefined ? null : copyJson(service, [...path, "service_session_id"], 1),
  };
  const st: Obj = {};
  for (const k of Object.keys(state)) put(st, k, stateValue(state[k], [...path, "state", k], mode, 2));
  out.state = st;
  return out;
}

/** `_deserialize_value`: a mapping whose `type` is "message" (the one registered state type) is a Message, anywhere in the state. */
function stateValue(v: unknown, path: Path, mode: Mode, depth: number): unknown {
  if (depth > MAX_DEPTH) throw new Reject(path, "recursion_error", `nested deeper than ${MAX_DEPTH} levels`);
  if (Array.isArray(v)) return v.map((x: unknown, i) => stateValue(x, [...path, i], mode, depth + 1));
  if (isObj(v)) {
    mustBeMapping(v, path, "a");
    if (own(v, "type") === "message") {
      const m = walkMessage(v, path, mode, depth);
      if (mode === "load") return m;
      // MAF's state encoder writes a registered type's `type` last.
      const { type, ...rest } = m;
      return { ...rest, type };
    }
    const out: Obj = {};
    for (const k of Object.keys(v)) put(out, k, stateValue(v[k], [...path, k], mode, depth + 1));
    return out;
  }
  return copyJson(v, path, depth);
}

// ---- entry ------------------------------------------------------------------------

/** The hidden mark of a value `loadMaf` made: its class, so `dumpMaf` need not guess from `type`. */
export const MAF_CLASS: unique symbol = Symbol.for("agentchat-messages.maf.class");

const TYPE_TO_CLASS = new Map<unknown, MafClass>(Object.entries(CLASS_TYPE_IDS).map(([cls, t]) => [t, cls as MafClass]));

/** The class of a payload without one: its `type`, else a `role` (a Message) or a `session_id` (a session), else Content. */
export function classOf(value: unknown): MafClass {
  if (isObj(value)) {
    const marked = (value as { [MAF_CLASS]?: MafClass })[MAF_CLASS];
    if (marked) return marked;
    const t = own(value, "type");
    const cls = TYPE_TO_CLASS.get(t);
    if (cls) return cls;
    if (!pyTruthy(t)) {
      if (Object.hasOwn(value, "role")) return "Message";
      if (Object.hasOwn(value, "session_id")) return "AgentSession";
    }
  }
  return "Content";
}

const uuid4 = (): string => crypto.randomUUID();

/** Runs the walk for a class, turning a rejection into the library's error. */
export function walk(value: unknown, cls: MafClass, mode: Mode): Obj {
  try {
    let out: Obj;
    switch (cls) {
      case "Content":
        out = walkContent(value, [], mode);
        break;
      case "Message":
        out = walkMessage(value, [], mode);
        break;
      case "AgentSession":
        out = walkSession(value, [], mode, uuid4);
        break;
      default:
        out = walkResponse(cls, value, [], mode);
    }
    if (mode === "load") Object.defineProperty(out, MAF_CLASS, { value: cls, enumerable: false });
    return out;
  } catch (e) {
    if (e instanceof Reject) throw new MessageValidationError(cls, [{ path: e.path as IssuePath, code: e.code, message: e.message }], "MAF value");
    if (e instanceof RangeError) throw new MessageValidationError(cls, [{ path: [], code: "recursion_error", message: "nested too deeply" }], "MAF value");
    throw e;
  }
}
