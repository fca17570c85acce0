/**
 * The three field shapes of AutoGen's state classes that zod cannot check on its own, and the
 * walker that validates a state through them.
 *
 * - a **message list** (`message_buffer`, `message_thread`): message dumps, each validated by a
 *   `MessageRegistry` (custom kinds and registered structured messages included);
 * - a **nested state** (`agent_states.<name>`, `agent_state`, `inner_team_state`): dispatched on
 *   its own `type`, an unknown `type` kept as a JSON object;
 * - a **name map** (`agent_states`, GraphFlow's `remaining`): `Dict[str, …]` whose keys are names
 *   (kept as data, `__proto__` included) and whose values follow one schema.
 *
 * Each is a zod schema (a transform, so `TeamState.parse` works with the default registry) that is
 * also recorded in {@link stateFields}. The walker ({@link walkState}) reads the state class schemas
 * and handles these fields itself, with the caller's registry, while every other field goes
 * through the library's compiled fast path (or zod, which explains a rejection).
 */
import * as z from "zod/mini";
import type { MessageIssue } from "../errors.js";
import { DECLINE, fastParser } from "../fast/compile.js";
import { readKey, safeParseWith } from "../parse.js";
import { defaultRegistry, type MessageRegistry } from "../registry.js";
import { describeValue } from "../wire/check.js";
import { MAX_JSON_DEPTH, copyJsonObject, setOwn, isObject } from "../wire/json-data.js";
import { zodDef as defOf } from "../zod-def.js";

/** Where the walker finds the state classes: by `type`, and the typeless GraphFlow manager state. */
export interface StateClassTable {
  /** Every state class with a `type`, by that `type` value. */
  readonly byType: ReadonlyMap<string, z.core.$ZodType>;
  /** The schema of a state without `type` that has a `message_thread` (GraphFlow's manager). */
  readonly typeless: z.core.$ZodType;
}

/** What {@link stateFields} records for each special field schema. */
export type StateFieldMeta =
  | { readonly kind: "messages"; readonly group: "chat" | "any" }
  | { readonly kind: "state"; readonly classes: () => StateClassTable }
  | { readonly kind: "map"; readonly value: z.core.$ZodType };

/**
 * The special field schemas of the state classes (`JSON Schema` generation and the state helpers
 * read it too).
 */
export const stateFields = /* @__PURE__ */ new WeakMap<z.core.$ZodType, StateFieldMeta>();

/** Returned for a value that failed (its issues are in the context). */
const FAIL: unique symbol = Symbol("fail");

interface Walk {
  readonly registry: MessageRegistry;
  readonly issues: MessageIssue[];
  /** The states on the path from the top: one met again is a cycle (states nest only through `state`). */
  readonly ancestors: Set<object>;
}

type Path = readonly (string | number)[];

function issue(w: Walk, path: Path, code: string, message: string): typeof FAIL {
  w.issues.push({ path, code, message });
  return FAIL;
}

/** Pydantic's "Field required" for an absent value, else `expected <what>, got <value>`. */
function typeIssue(w: Walk, path: Path, code: string, expected: string, value: unknown): typeof FAIL {
  return value === undefined ? issue(w, path, "missing", "Field required") : issue(w, path, code, `expected ${expected}, got ${describeValue(value)}`);
}


const holds = new WeakMap<z.core.$ZodType, boolean>();

/**
 * Whether a schema contains one of the special fields (else it is validated and dumped as one piece).
 *
 * @example holdsStateField(TeamState) // true
 */
export function holdsStateField(schema: z.core.$ZodType): boolean {
  let h = holds.get(schema);
  if (h !== undefined) return h;
  const def = defOf(schema);
  // A special field is a leaf here: the recursion of nested states goes through it, never around it.
  h =
    stateFields.has(schema) ||
    (def.type === "object" && Object.values(def.shape!).some(holdsStateField)) ||
    (def.innerType !== undefined && holdsStateField(def.innerType));
  holds.set(schema, h);
  return h;
}

/** A field without special fields: the compiled fast path, or zod (which explains a rejection). */
function plain(schema: z.core.$ZodType, value: unknown, path: Path, w: Walk): unknown {
  const fast = fastParser(schema);
  if (fast !== null) {
    const r = fast(value);
    if (r !== DECLINE) return r;
  }
  const r = safeParseWith(schema, value);
  if (r.success) return r.data;
  for (const i of r.error.issues) w.issues.push({ ...i, path: [...path, ...i.path] });
  return FAIL;
}

function walk(schema: z.core.$ZodType, value: unknown, path: Path, w: Walk): unknown {
  const meta = stateFields.get(schema);
  if (meta !== undefined) {
    if (meta.kind === "messages") return messages(meta.group, value, path, w);
    if (meta.kind === "state") return state(meta.classes(), value, path, w);
    return nameMap(meta.value, value, path, w);
  }
  if (!holdsStateField(schema)) return plain(schema, value, path, w);
  const def = defOf(schema);
  if (def.type === "default") return value === undefined ? def.defaultValue : walk(def.innerType!, value, path, w);
  if (def.type === "object") return object(def.shape!, value, path, w);
  throw new TypeError(`state schema node ${def.type} is not walkable`); // a library bug, caught by the caller
}

/** A state class object: its fields in the schema's (Python's) order, unknown keys dropped. */
function object(shape: Record<string, z.core.$ZodType>, value: unknown, path: Path, w: Walk): unknown {
  if (!isObject(value)) return typeIssue(w, path, "model_type", "object", value);
  const out: Record<string, unknown> = {};
  let failed = false;
  for (const key of Object.keys(shape)) {
    const r = walk(shape[key]!, readKey(value, key, path), [...path, key], w);
    if (r === FAIL) failed = true;
    else out[key] = r; // shape keys are never "__proto__"
  }
  return failed ? FAIL : out;
}

function messages(group: "chat" | "any", value: unknown, path: Path, w: Walk): unknown {
  if (!Array.isArray(value)) return typeIssue(w, path, "list_type", "array", value);
  const registry = w.registry;
  const n = value.length;
  const out = new Array<unknown>(n);
  let failed = false;
  for (let i = 0; i < n; i++) {
    const r = registry.safeLoad(value[i]);
    if (!r.success) {
      failed = true;
      for (const x of r.error.issues) w.issues.push({ ...x, path: [...path, i, ...x.path] });
    } else if (group === "chat" && registry.kind(r.data.type)?.group !== "chat") {
      // AutoGen's ChatAgentContainer refuses events in a message buffer (ValueError at load_state).
      failed = true;
      issue(w, [...path, i, "type"], "model_type", `expected a chat message, got the event ${r.data.type}`);
    } else out[i] = r.data;
  }
  return failed ? FAIL : out;
}

function nameMap(schema: z.core.$ZodType, value: unknown, path: Path, w: Walk): unknown {
  if (!isObject(value)) return typeIssue(w, path, "dict_type", "object", value);
  const out: Record<string, unknown> = {};
  let failed = false;
  for (const key of Object.keys(value)) {
    const r = walk(schema, readKey(value, key, path), [...path, key], w);
    if (r === FAIL) failed = true;
    else setOwn(out, key, r);
  }
  return failed ? FAIL : out;
}

/**
 * The rule that tells the typeless GraphFlow manager state from other states: no `type` and a
 * `message_thread` (every other state AutoGen writes has a `type`).
 */
export function isTypelessManagerState(value: Record<string, unknown>): boolean {
  return value.type === undefined && value.message_thread !== undefined;
}

/**
 * The class schema of a state object: by its `type`, or the typeless GraphFlow manager state;
 * `undefined` for an app's own state; `null` for a `type` that is not a string.
 *
 * @example stateClassOf(STATE_TABLE, { type: "TeamState" }) === TeamState // true
 */
export function stateClassOf(classes: StateClassTable, value: Record<string, unknown>): z.core.$ZodType | undefined | null {
  const type = value.type;
  if (typeof type === "string") return classes.byType.get(type);
  if (type !== undefined) return null;
  return isTypelessManagerState(value) ? classes.typeless : undefined;
}

function state(classes: StateClassTable, value: unknown, path: Path, w: Walk): unknown {
  if (!isObject(value)) return typeIssue(w, path, "model_type", "object", value);
  // States nest through SocietyOfMindAgent teams; a document nested deeper than any JSON the library reads is refused.
  if (path.length > MAX_JSON_DEPTH) return issue(w, path, "recursion_loop", `state nested more than ${MAX_JSON_DEPTH} levels deep`);
  if (w.ancestors.has(value)) return issue(w, path, "recursion_loop", "cyclic reference: the state contains itself");
  const schema = stateClassOf(classes, value);
  if (schema === null) return typeIssue(w, [...path, "type"], "string_type", "string", value.type);
  if (schema !== undefined) {
    w.ancestors.add(value);
    try {
      return walk(schema, value, path, w);
    } finally {
      w.ancestors.delete(value);
    }
  }
  // An app's own state (unknown `type`, or a typeless dict): kept as JSON, as AutoGen's `Mapping[str, Any]` does.
  const r = copyJsonObject(value);
  if (r.ok) return r.value;
  return issue(w, [...path, ...r.path], r.code, r.message);
}

/**
 * Validates `value` against a state schema (a state class, or a special field) with `registry`
 * for the messages inside: the value as the library holds it, or every problem found, each with
 * its path from the top of `value` (prefixed by `path`).
 *
 * @example walkState(TeamState, JSON.parse(text), defaultRegistry)
 */
export function walkState(
  schema: z.core.$ZodType,
  value: unknown,
  registry: MessageRegistry,
  path: Path = [],
): { readonly ok: true; readonly value: unknown } | { readonly ok: false; readonly issues: readonly MessageIssue[] } {
  const w: Walk = { registry, issues: [], ancestors: new Set() };
  const r = walk(schema, value, path, w);
  return r === FAIL || w.issues.length > 0 ? { ok: false, issues: w.issues } : { ok: true, value: r };
}

/** A special field as a zod schema: the walker with the default registry, its issues reported to zod. */
function fieldSchema<T>(meta: StateFieldMeta): z.ZodMiniType<T, unknown> {
  const schema: z.ZodMiniType<T, unknown> = z.pipe(
    z.unknown(),
    z.transform((value: unknown, ctx): T => {
      const r = walkState(schema, value, defaultRegistry);
      if (r.ok) return r.value as T;
      for (const i of r.issues) ctx.issues.push({ code: "custom", message: i.message, path: [...i.path], params: { code: i.code }, input: value });
      return z.NEVER;
    }),
  ) as unknown as z.ZodMiniType<T, unknown>;
  stateFields.set(schema, meta);
  return schema;
}

/**
 * A list of message dumps, each validated by the registry (`chat`: chat messages only, as in a
 * `ChatAgentContainer`'s buffer).
 *
 * @example messageList<AgentMessage>("any")
 */
export const messageList = <T>(group: "chat" | "any"): z.ZodMiniType<T[], unknown> => fieldSchema<T[]>({ kind: "messages", group });

/**
 * A nested state, dispatched on its `type` through `classes` (read when first used, so the table
 * may name schemas defined after this field).
 *
 * @example nestedState<AnyState>(() => STATE_TABLE)
 */
export const nestedState = <T>(classes: () => StateClassTable): z.ZodMiniType<T, unknown> => fieldSchema<T>({ kind: "state", classes });

/**
 * `Dict[str, V]` keyed by names: every key kept (as data), every value validated with `value`.
 *
 * @example nameMap(z.int())
 */
export const nameMapOf = <V extends z.core.$ZodType>(value: V): z.ZodMiniType<Record<string, z.output<V>>, unknown> =>
  fieldSchema<Record<string, z.output<V>>>({ kind: "map", value });
