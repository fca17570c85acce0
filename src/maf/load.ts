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
import { uuid4 } from "./uuid.js";
import { CLASS_TYPE_IDS, CONTENT_FIELDS, MAF_CLASSES, type MafClass, MESSAGE_FIELDS, RESPONSE_EXTRA_KEYWORDS, RESPONSE_FIELDS } from "./fields.js";

type Obj = Record<string, unknown>;
/** "load": what `from_dict` holds; "dump": what `to_dict()` writes. */
type Mode = "load" | "dump";

// Where the walk is: pushed and popped around each step, copied only when a value is rejected
// (a path array per field would cost more than the rest of the walk).
const at: Array<string | number> = [];

/** A rejection, thrown inside the walk and turned into a {@link MessageValidationError} at the top. */
class Reject {
  readonly path: Array<string | number>;
  constructor(
    readonly code: string,
    readonly message: string,
    key?: string | number,
  ) {
    this.path = key === undefined ? [...at] : [...at, key];
  }
}

const MAX_DEPTH = 1000; // Python's recursion limit: deeper JSON does not load in MAF either (docs/maf.md: MAF stops earlier)

// Shared references: JSON text has none, but a value built in code may reuse an object, and a
// DAG of 22 levels of `[v, v]` is 4 million paths. Past this many objects, each object's copy is
// remembered and reused, so the walk is linear in the distinct objects (ordinary inputs, even a
// 10,000-message session, never pay for it). A value whose JSON would be far larger than the
// value itself (more than MAX_EXPANDED values, and 8 times the objects walked) is refused: written
// out (`dumpMafJson`, `JSON.stringify`) it would not fit in memory.
const MEMO_AFTER = 500_000;
const MAX_EXPANDED = 2_000_000;
let visits = 0;
let expanded = 0;
let memo: Map<object, { out: unknown; size: number }> | null = null;
/**
 * How a Content's pair-list `additional_properties` keys are spelt: `json.dumps`'s (`true`) in a
 * message or response, `str()`'s (`True`) in a session, whose state MAF writes through its state
 * encoder (which turns each key into a string).
 */
let contentKeys: "json" | "str" = "json";
/** The value the walk started from, to tell a cycle from deep nesting when the depth bound is hit. */
let root: unknown;

/** The copy already made of `v` (once the walk remembers copies), else undefined; counts the visit. */
function recalled(v: object): unknown {
  visits++;
  expanded++;
  if (memo === null) {
    if (visits > MEMO_AFTER) memo = new Map();
    return undefined;
  }
  const hit = memo.get(v);
  if (hit === undefined) return undefined;
  expanded += hit.size - 1;
  if (expanded > MAX_EXPANDED && expanded > 8 * visits) {
    throw new Reject("too_large", `shared objects expand to over ${MAX_EXPANDED} JSON values`);
  }
  return hit.out;
}

/** Records the copy of `v`, which began when `expanded` was `start`. */
function remember<T>(v: object, out: T, start: number): T {
  if (memo !== null) memo.set(v, { out, size: expanded - start + 1 });
  return out;
}

/** The rejection at the depth bound: a cycle (an object inside itself) named at its first repeat, or too deep. */
function tooDeep(): Reject {
  const seen = new Set<unknown>();
  let v = root;
  for (let i = 0; i < at.length; i++) {
    if (v !== null && typeof v === "object") {
      if (seen.has(v)) {
        const path = at.slice(0, i);
        at.length = 0;
        at.push(...path);
        return new Reject("cycle", "a cycle: JSON cannot hold it");
      }
      seen.add(v);
      const key = at[i]!;
      v = (v as Record<string | number, unknown>)[key];
    } else break;
  }
  return new Reject("recursion_error", `nested deeper than ${MAX_DEPTH} levels`);
}

const CONTENT_KEYWORDS = new Set<string>([...CONTENT_FIELDS, "annotations", "raw_representation"]);
// A null-prototype object: a faster lookup than a Map on the hot path, and no inherited keys.
const CONTENT_ORDER: Record<string, number> = Object.assign(Object.create(null) as Record<string, number>, Object.fromEntries(CONTENT_FIELDS.map((f, i) => [f, i])));
const MESSAGE_KEYWORDS = new Set<string>([...MESSAGE_FIELDS, "raw_representation"]);
const NESTED_LISTS = new Set(["inputs", "outputs", "items"]);

// Any non-array object, class instances included, so that `plain()` can name what JSON cannot hold
// (`isPlainObject` would call a Date "not a mapping").
const isObj = (v: unknown): v is Obj => v !== null && typeof v === "object" && !Array.isArray(v);

function isEmpty(o: Obj): boolean {
  for (const k in o) if (Object.hasOwn(o, k)) return false;
  return true;
}

/** Sets a key, also `__proto__` (as a plain key, never the prototype). */
function put(out: Obj, key: string, value: unknown): void {
  if (key === "__proto__") Object.defineProperty(out, key, { value, enumerable: true, writable: true, configurable: true });
  else out[key] = value;
}

function own(o: Obj, key: string): unknown {
  return Object.hasOwn(o, key) ? o[key] : undefined;
}

/** A deep copy of a JSON value; anything JSON cannot hold is rejected. */
function copyJson(v: unknown, depth: number): unknown {
  switch (typeof v) {
    case "string":
    case "boolean":
      return v;
    case "number":
      if (Number.isFinite(v)) return v;
      throw new Reject("json_type", `expected a JSON value, got ${v}`);
    case "object": {
      if (v === null) return null;
      if (depth > MAX_DEPTH) throw tooDeep();
      const again = recalled(v);
      if (again !== undefined) return again;
      const start = expanded;
      if (Array.isArray(v)) {
        // Grown as it goes: a sparse array of length 2^24 is rejected at its first hole, never allocated.
        const out: unknown[] = [];
        for (let i = 0; i < v.length; i++) {
          const x: unknown = v[i];
          if (typeof x === "string") out.push(x);
          else {
            at.push(i);
            out.push(copyJson(x, depth + 1));
            at.pop();
          }
        }
        return remember(v, out, start);
      }
      plain(v);
      const out: Obj = {};
      for (const k in v) {
        if (!Object.hasOwn(v, k)) continue;
        const x = (v as Obj)[k];
        if (typeof x === "string") put(out, k, x);
        else {
          at.push(k);
          put(out, k, copyJson(x, depth + 1));
          at.pop();
        }
      }
      return remember(v, out, start);
    }
    default:
      throw new Reject("json_type", `expected a JSON value, got ${typeof v}`);
  }
}

/** Rejects an object JSON cannot hold (a Date, a Map, a class instance). */
function plain(v: object): void {
  const proto = Object.getPrototypeOf(v) as unknown;
  if (proto !== Object.prototype && proto !== null) throw new Reject("json_type", `expected a JSON value, got ${describe(v)}`);
}

function describe(v: unknown): string {
  if (isObj(v)) {
    const name = (Object.getPrototypeOf(v) as { constructor?: { name?: string } } | null)?.constructor?.name;
    if (name && name !== "Object") return `an instance of ${name}`;
  }
  const t = pyTypeName(v);
  return t === "dict" ? "an object" : t === "list" ? "an array" : t === "NoneType" ? "null" : `a ${typeof v}`;
}

/** What Python says a value is, for messages: `str "x"`, `int 3`, `list`, `dict`. */
function pyDescribe(v: unknown): string {
  const t = pyTypeName(v);
  if (t === "str") return `str ${JSON.stringify((v as string).length > 40 ? (v as string).slice(0, 40) + "…" : v)}`;
  if (t === "int" || t === "float" || t === "bool") return `${t} ${t === "bool" ? (v ? "True" : "False") : String(v)}`;
  return t === "NoneType" ? "None" : t;
}

/** `dict(value)` as a JavaScript object, keys spelled as `json.dumps` (Content) or `str()` (the others) writes them. */
function toDictObject(value: unknown, keys: "json" | "str", depth: number): Obj {
  if (isObj(value)) return copyJson(value, depth) as Obj; // the common case: a dict is copied
  let entries: Array<[PyKey, unknown]>;
  try {
    entries = pyDict(value);
  } catch (e) {
    if (e instanceof PyDictError) throw new Reject(e.pythonType === "TypeError" ? "dict_type" : "value_error", `dict() of ${pyDescribe(value)}: ${e.message}`);
    throw e;
  }
  const out: Obj = {};
  entries.forEach(([k, v], i) => {
    at.push(i, 1);
    put(out, keys === "json" ? jsonKeyText(k) : strKeyText(k), copyJson(v, depth + 1));
    at.length -= 2;
  });
  return out;
}

/** `_restore_compaction_annotation_in_additional_properties(x) or {}`: `None` → `{}`, else `dict(x)`. */
function additionalProperties(value: unknown, keys: "json" | "str", depth: number): Obj {
  if (value === null || value === undefined) return {};
  if (isObj(value) && isEmpty(value)) {
    plain(value);
    return {};
  }
  at.push("additional_properties");
  const out = toDictObject(value, keys, depth);
  at.pop();
  return out;
}

function mustBeMapping(v: unknown, what: string): asserts v is Obj {
  if (!isObj(v)) throw new Reject("dict_type", `expected ${what} object, got ${describe(v)}`);
  plain(v);
}

function unexpected(cls: string, key: string, allowed: Iterable<string>): Reject {
  return new Reject("unexpected_keyword", `${cls} has no field "${key}" (MAF's ${cls}.__init__ raises TypeError; fields: ${[...allowed].join(", ")})`, key);
}

/** `copyJson` of the value at `key`. */
function copyAt(key: string, v: unknown, depth: number): unknown {
  at.push(key);
  const out = copyJson(v, depth);
  at.pop();
  return out;
}

/** Runs `f` with `key` pushed onto the path. */
function step<T>(key: string | number, f: () => T): T {
  at.push(key);
  const out = f();
  at.pop();
  return out;
}

// ---- Content ----------------------------------------------------------------------

/** Writes one field of a content as MAF holds it; true for `additional_properties`. */
function contentField(out: Obj, type: string, field: string, v: unknown, mode: Mode, depth: number): boolean {
  if (field === "additional_properties") {
    out.additional_properties = additionalProperties(v, contentKeys, depth);
    return true;
  }
  if (field === "informational_only") {
    // Written only on a function_call, and only when truthy (MAF forces it on MCP calls, never writing it).
    if (type === "function_call" && pyTruthy(v)) {
      at.push(field);
      out[field] = copyJson(v, depth + 1);
      at.pop();
    }
    return false;
  }
  if (v === null || v === undefined) return false;
  if (typeof v !== "string") {
    at.push(field);
    if (field === "function_call" && isObj(v) && pyTruthy(v)) v = walkContent(v, mode, depth + 1);
    else if (Array.isArray(v) && v.length > 0 && NESTED_LISTS.has(field)) {
      const list: unknown[] = v;
      const items: unknown[] = [];
      for (let i = 0; i < list.length; i++) {
        const item = list[i];
        at.push(i);
        items.push(isObj(item) ? walkContent(item, mode, depth + 1) : copyJson(item, depth + 1));
        at.pop();
      }
      v = items;
    } else v = copyJson(v, depth + 1);
    at.pop();
  }
  out[field] = v;
  return false;
}

const byContentOrder = (a: string, b: string): number => CONTENT_ORDER[a]! - CONTENT_ORDER[b]!;

/**
 * The common text content `{"type": "text", "text": "…", "additional_properties": {}}` (those
 * three own keys, in any order) as the general walk below writes it, built as one literal: a
 * content grown key by key needs a second allocation for its properties. Anything else: undefined.
 */
function textContent(data: Obj): Obj | undefined {
  let keys = 0;
  for (const k in data) {
    if (k !== "type" && k !== "text" && k !== "additional_properties") return undefined;
    keys++;
  }
  if (keys !== 3 || !Object.hasOwn(data, "text") || !Object.hasOwn(data, "additional_properties")) return undefined;
  const text = data.text;
  const extra = data.additional_properties;
  if (typeof text !== "string" || !isObj(extra) || !isEmpty(extra)) return undefined;
  const proto = Object.getPrototypeOf(extra) as unknown;
  if (proto !== Object.prototype && proto !== null) return undefined;
  return { type: "text", text, additional_properties: {} };
}

/** `Content.from_dict(data)` ("load") or `Content.from_dict(data).to_dict()` ("dump"). @example walkContent({ type: "text", text: "hi" }, "load", 0) // { type: "text", text: "hi", additional_properties: {} } */
export function walkContent(data: unknown, mode: Mode, depth: number): Obj {
  mustBeMapping(data, "a content");
  if (depth > MAX_DEPTH) throw tooDeep();
  const again = recalled(data);
  if (again !== undefined) return again as Obj;
  const start = expanded;
  const type = own(data, "type");
  if (typeof type !== "string" || type === "") {
    if (!pyTruthy(type)) throw new Reject("missing", `Content mapping requires 'type' (got ${type === undefined ? "none" : pyDescribe(type)})`, "type");
    // Stricter than MAF: any truthy `type` passes there (3, ["text"]); a kind is a string here.
    throw new Reject("string_type", `expected a string content type, got ${pyDescribe(type)}`, "type");
  }
  if (type === "text") {
    const text = textContent(data);
    if (text !== undefined) return remember(data, text, start);
  }
  // One pass checks the keys and whether they are in MAF's order (what MAF wrote always is).
  let annotations: unknown = null;
  let last = -1;
  let sorted = true;
  for (const k in data) {
    if (!Object.hasOwn(data, k)) continue;
    const rank = CONTENT_ORDER[k];
    if (rank !== undefined) {
      if (rank < last) sorted = false;
      last = rank;
    } else if (k === "annotations") annotations = data[k];
    else if (k === "type" || k === "raw_representation") continue;
    // A legacy `{"type": "data", "data": …, "media_type": …}` goes through Content.from_data, which needs bytes.
    else if (k === "data" && type === "data" && Object.hasOwn(data, "media_type")) throw new Reject("bytes_type", "Content.from_data needs bytes: JSON cannot hold them (write the data: URI in `uri`)", "data");
    else throw unexpected("Content", k, CONTENT_FIELDS);
  }
  // Grown from `{}`, whose four in-object slots hold most contents whole (a `{ type }` literal has one).
  const out: Obj = {};
  out.type = type;
  let wroteAdditional = false;
  if (sorted) {
    for (const k in data) if (CONTENT_ORDER[k] !== undefined && Object.hasOwn(data, k)) wroteAdditional = contentField(out, type, k, data[k], mode, depth) || wroteAdditional;
  } else {
    const fields = Object.keys(data).filter((k) => CONTENT_ORDER[k] !== undefined);
    fields.sort(byContentOrder);
    for (const k of fields) wroteAdditional = contentField(out, type, k, data[k], mode, depth) || wroteAdditional;
  }
  if (!wroteAdditional) out.additional_properties = {}; // the last field: MAF always writes it
  if (annotations !== null && annotations !== undefined) {
    at.push("annotations");
    if (mode === "load") out.annotations = copyJson(annotations, depth + 1);
    else {
      // to_dict(): [dict(annotation) for annotation in annotations]; MAF raises for what dict() refuses.
      let items: unknown[];
      try {
        items = pyIter(annotations);
      } catch (e) {
        if (e instanceof PyDictError) throw new Reject("dump_error", `to_dict() cannot write annotations: ${e.message}`);
        throw e;
      }
      out.annotations = items.map((a, i) =>
        step(i, () => {
          try {
            return toDictObject(a, "json", depth + 1);
          } catch (e) {
            if (e instanceof Reject) throw new Reject("dump_error", `to_dict() cannot write this annotation: ${e.message}`);
            throw e;
          }
        }),
      );
    }
    at.pop();
  }
  return remember(data, out, start);
}

// ---- Message ----------------------------------------------------------------------

/** A role as this library keeps it: a string; the pre-1.0 role object `{"type": "role", "value": "user"}` becomes its value. */
function roleOf(v: unknown, optional: boolean): string | undefined {
  if (typeof v === "string") return v;
  if (optional && (v === null || v === undefined)) return undefined;
  if (isObj(v) && own(v, "type") === "role" && typeof own(v, "value") === "string") return own(v, "value") as string;
  // Stricter than MAF, which keeps any value as the role (7, null, {}, a role object without a value).
  throw new Reject("string_type", `expected a role string, got ${pyDescribe(v)}`, "role");
}

/** `_parse_content_list(contents)`: `None` items skipped, strings become text contents, mappings through `Content.from_dict`. */
function contentList(v: unknown, mode: Mode, depth: number, field: string): Obj[] {
  if (v === null || v === undefined) return [];
  // Stricter than MAF, which iterates a string by character and an object by key.
  if (!Array.isArray(v)) throw new Reject("list_type", `expected a list of contents, got ${pyDescribe(v)}${typeof v === "string" ? " (MAF would make one text content per character)" : ""}`, field);
  // Sized once (a list grown by push from empty reserves 17 slots), trimmed if `None` items were
  // skipped; a long (possibly sparse, hostile) list grows as it goes instead.
  const n = v.length;
  const out: Obj[] = n <= 256 ? new Array<Obj>(n) : [];
  let k = 0;
  at.push(field);
  for (let i = 0; i < n; i++) {
    const item: unknown = v[i];
    if (item === null) continue;
    at.push(i);
    if (typeof item === "string") out[k++] = { type: "text", text: item, additional_properties: {} };
    else if (isObj(item)) out[k++] = walkContent(item, mode, depth + 1);
    else throw new Reject("dict_type", `expected a content object or a string, got ${pyDescribe(item)} (MAF: '${pyTypeName(item)}' object has no attribute 'get')`);
    at.pop();
  }
  at.pop();
  if (k !== n) out.length = k;
  return out;
}

/** `SerializationMixin.from_dict`'s check: a truthy `type` must be the class's own. */
function checkType(data: Obj, cls: keyof typeof CLASS_TYPE_IDS): void {
  const t = own(data, "type");
  const want = CLASS_TYPE_IDS[cls];
  if (t !== want && pyTruthy(t)) throw new Reject("literal_error", `Type mismatch: expected '${want}', got ${pyDescribe(t)}${t === "chat_message" ? " (the pre-1.0 ChatMessage: rename the type to 'message')" : ""}`, "type");
}

/** An optional message field: `None` left out, a string kept, anything else copied as JSON data (MAF keeps what it is given). */
function optionalField(key: string, v: unknown, depth: number): unknown {
  return v === null || v === undefined ? undefined : typeof v === "string" ? v : copyAt(key, v, depth + 1);
}

/**
 * `Message.from_dict(data)` / `.to_dict()`; `typeLast`: with `type` written last, as MAF's state
 * encoder writes a registered type (one literal per shape: a second copy per message cost more).
 * @example walkMessage({ role: "user", contents: ["hi"] }, "dump", 0).type // "message"
 */
export function walkMessage(data: unknown, mode: Mode, depth: number, typeLast = false): Obj {
  mustBeMapping(data, "a message");
  checkType(data, "Message");
  // One pass over the keys: each checked and its value read once.
  let hasRole = false;
  let rv: unknown, cv: unknown, author: unknown, id: unknown, ev: unknown;
  for (const k in data) {
    if (!Object.hasOwn(data, k)) continue;
    switch (k) {
      case "role":
        hasRole = true;
        rv = data[k];
        break;
      case "contents":
        cv = data[k];
        break;
      case "author_name":
        author = data[k];
        break;
      case "message_id":
        id = data[k];
        break;
      case "additional_properties":
        ev = data[k];
        break;
      default:
        if (k !== "type" && !MESSAGE_KEYWORDS.has(k)) throw unexpected("Message", k, MESSAGE_FIELDS); // raw_representation: accepted, never kept
    }
  }
  if (!hasRole) throw new Reject("missing", "Message requires a role (MAF: missing 1 required positional argument: 'role')", "role");
  const role = roleOf(rv, false)!;
  const contents = contentList(cv, mode, depth, "contents");
  author = optionalField("author_name", author, depth);
  id = optionalField("message_id", id, depth);
  const additional_properties = additionalProperties(ev, "str", depth);
  // Literals with every key at once: objects of one shape each, built in one step (a large history is mostly these).
  if (typeLast) {
    if (author === undefined) {
      return id === undefined ? { role, contents, additional_properties, type: "message" } : { role, contents, message_id: id, additional_properties, type: "message" };
    }
    return id === undefined
      ? { role, contents, author_name: author, additional_properties, type: "message" }
      : { role, contents, author_name: author, message_id: id, additional_properties, type: "message" };
  }
  if (author === undefined) {
    return id === undefined ? { type: "message", role, contents, additional_properties } : { type: "message", role, contents, message_id: id, additional_properties };
  }
  return id === undefined
    ? { type: "message", role, contents, author_name: author, additional_properties }
    : { type: "message", role, contents, author_name: author, message_id: id, additional_properties };
}

// ---- responses --------------------------------------------------------------------

type ResponseClass = keyof typeof RESPONSE_FIELDS;

/** `f` of each item, holes included (a hole is `undefined`, rejected as no mapping: never written as `null`). */
function each(list: readonly unknown[], f: (item: unknown) => Obj): Obj[] {
  const out: Obj[] = [];
  for (let i = 0; i < list.length; i++) out.push(step(i, () => f(list[i])));
  return out;
}

/** `<Response>.from_dict(data)` / `.to_dict()` for the four response classes. @example walkResponse("ChatResponse", { messages: [] }, "load") // { type: "chat_response", messages: [] } */
export function walkResponse(cls: ResponseClass, data: unknown, mode: Mode): Obj {
  mustBeMapping(data, `an ${cls}`);
  checkType(data, cls);
  const fields: readonly string[] = RESPONSE_FIELDS[cls];
  const extra: readonly string[] = RESPONSE_EXTRA_KEYWORDS[cls];
  for (const k of Object.keys(data)) if (k !== "type" && !fields.includes(k) && !extra.includes(k)) throw unexpected(cls, k, fields);
  const isUpdate = cls.endsWith("Update");
  const out: Obj = { type: CLASS_TYPE_IDS[cls] };
  for (const f of fields) {
    const v = own(data, f);
    if (f === "messages") {
      if (v === null || v === undefined) out.messages = [];
      // Stricter than MAF, which iterates a string by character (a mapping by key) and keeps items that are not mappings.
      else if (!Array.isArray(v)) throw new Reject("list_type", `expected a list of messages, got ${pyDescribe(v)}`, f);
      else out.messages = step(f, () => each(v, (m) => walkMessage(m, mode, 1)));
    } else if (f === "contents") {
      if (v === null || v === undefined) out.contents = [];
      else if (!Array.isArray(v)) throw new Reject("list_type", `expected a list of contents, got ${pyDescribe(v)}`, f);
      else out.contents = step(f, () => each(v, (c) => walkContent(c, mode, 1)));
    } else if (f === "role") {
      const r = roleOf(v, true);
      if (r !== undefined) out.role = r;
    } else if (f === "additional_properties") {
      // The updates keep a missing one absent (allow_none); AgentResponse writes {}.
      if (isUpdate && (v === null || v === undefined)) continue;
      out.additional_properties = additionalProperties(v, "str", 0);
    } else if (v !== null && v !== undefined) out[f] = step(f, () => copyJson(v, 1));
  }
  // ChatResponse holds additional_properties but never writes them (DEFAULT_EXCLUDE); they must still pass dict().
  if (cls === "ChatResponse") additionalProperties(own(data, "additional_properties"), "str", 0);
  return out;
}

// ---- AgentSession -----------------------------------------------------------------

/** `AgentSession.from_dict(data)` / `.to_dict()`. @example walkSession({ session_id: "" }, "load", () => "generated").session_id // "generated" */
export function walkSession(data: unknown, mode: Mode, newId: () => string): Obj {
  mustBeMapping(data, "a session");
  if (!Object.hasOwn(data, "session_id")) throw new Reject("missing", "AgentSession requires session_id (MAF: KeyError 'session_id')", "session_id");
  const sid = data.session_id;
  const service = own(data, "service_session_id");
  const state = Object.hasOwn(data, "state") ? data.state : {};
  if (!isObj(state)) throw new Reject("dict_type", `expected a state object, got ${pyDescribe(state)}`, "state");
  const out: Obj = {
    type: "session",
    // A falsy id is replaced by a fresh uuid4, as AgentSession.__init__ does.
    session_id: pyTruthy(sid) ? step("session_id", () => copyJson(sid, 1)) : newId(),
    service_session_id: service === undefined ? null : step("service_session_id", () => copyJson(service, 1)),
  };
  at.push("state");
  plain(state);
  const st: Obj = {};
  contentKeys = "str";
  try {
    for (const k of Object.keys(state)) put(st, k, step(k, () => stateValue(state[k], mode, 2)));
  } finally {
    contentKeys = "json";
  }
  at.pop();
  out.state = st;
  return out;
}

/** `_deserialize_value`: a mapping whose `type` is "message" (the one registered state type) is a Message, anywhere in the state. */
function stateValue(v: unknown, mode: Mode, depth: number): unknown {
  if (depth > MAX_DEPTH) throw tooDeep();
  if (v === null || typeof v !== "object") return copyJson(v, depth);
  const again = recalled(v);
  if (again !== undefined) return again;
  const start = expanded;
  if (Array.isArray(v)) {
    const out: unknown[] = [];
    for (let i = 0; i < v.length; i++) {
      at.push(i);
      out.push(stateValue(v[i], mode, depth + 1));
      at.pop();
    }
    return remember(v, out, start);
  }
  if (isObj(v)) {
    plain(v);
    if (own(v, "type") === "message") {
      return remember(v, walkMessage(v, mode, depth, mode === "dump"), start);
    }
    const out: Obj = {};
    for (const k of Object.keys(v)) {
      at.push(k);
      put(out, k, stateValue(v[k], mode, depth + 1));
      at.pop();
    }
    return remember(v, out, start);
  }
  return copyJson(v, depth);
}

// ---- entry ------------------------------------------------------------------------

/** The hidden mark of a value `loadMaf` made: its class, so `dumpMaf` need not guess from `type`. @example (loadMaf({ role: "user" }) as { [MAF_CLASS]?: string })[MAF_CLASS] // "Message" */
export const MAF_CLASS: unique symbol = Symbol.for("agentchat-messages.maf.class");

const TYPE_TO_CLASS = new Map<unknown, MafClass>(Object.entries(CLASS_TYPE_IDS).map(([cls, t]) => [t, cls as MafClass]));

/** The class of a payload without one: its `type`, else a `role` (a Message) or a `session_id` (a session), else Content. @example classOf({ role: "user" }) // "Message" */
const READ_ERROR = "reading it threw (a getter or proxy): not JSON";

export function classOf(value: unknown): MafClass {
  try {
    return guessClass(value);
  } catch (e) {
    if (e instanceof MessageValidationError) throw e;
    // A getter or proxy trap threw while the class was read: the caller's value, not a MAF value.
    throw new MessageValidationError(undefined, [{ path: [], code: "read_error", message: READ_ERROR }], "MAF value");
  }
}

function guessClass(value: unknown): MafClass {
  if (isObj(value)) {
    const marked: unknown = (value as { [MAF_CLASS]?: unknown })[MAF_CLASS];
    if (marked !== undefined) {
      // A mark is only ever one of the class names; anything else is forged, not a loaded value.
      if (typeof marked === "string" && (MAF_CLASSES as readonly string[]).includes(marked)) return marked as MafClass;
      throw new MessageValidationError(undefined, [{ path: [], code: "unknown_class", message: "a forged MAF class mark" }], "MAF value");
    }
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

/** Runs the walk for a class, turning a rejection into the library's error. @example walk({ type: "text", text: "hi" }, "Content", "dump") // { type: "text", text: "hi", additional_properties: {} } */
export function walk(value: unknown, cls: MafClass, mode: Mode): Obj {
  at.length = 0; // a rejection leaves the previous walk's path behind
  visits = 0;
  expanded = 0;
  memo = null;
  root = value;
  try {
    let out: Obj;
    switch (cls) {
      case "Content":
        out = walkContent(value, mode, 0);
        break;
      case "Message":
        out = walkMessage(value, mode, 0);
        break;
      case "AgentSession":
        out = walkSession(value, mode, uuid4);
        break;
      default:
        out = walkResponse(cls, value, mode);
    }
    if (mode === "load") Object.defineProperty(out, MAF_CLASS, { value: cls, enumerable: false });
    return out;
  } catch (e) {
    const issue =
      e instanceof Reject
        ? { path: e.path as IssuePath, code: e.code, message: e.message }
        : e instanceof RangeError // the engine's stack, before MAX_DEPTH
          ? { path: [...at] as IssuePath, code: "recursion_error", message: "nested too deeply" }
          : // A getter or proxy trap of the caller's value threw: its message is not repeated (it may hold anything).
            { path: [...at] as IssuePath, code: "read_error", message: READ_ERROR };
    at.length = 0;
    throw new MessageValidationError(cls, [issue], "MAF value");
  } finally {
    memo = null;
    root = undefined;
  }
}
