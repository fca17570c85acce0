/**
 * `dumpState`: a state as the JSON `save_state()` writes. The state class schemas give the key
 * order; each message is written by `dump` (its kind's key order), every other field by `dumpAs`.
 */
import type * as z from "zod/mini";
import { dump, dumpAs } from "../dump.js";
import { formatPath } from "../errors.js";
import { setOwn, toJsonValue, isObject } from "../wire/json-data.js";
import { zodDef as defOf } from "../zod-def.js";
import { holdsStateField, stateClassOf, stateFields } from "./fields.js";
import type { AnyState } from "./schemas.js";
import { STATE_TABLE } from "./schemas.js";

function copy(value: unknown): unknown {
  const r = toJsonValue(value); // a non-finite float written null, as pydantic's JSON writer does
  if (r.ok) return r.value;
  throw new TypeError(`dumpState: the value at ${formatPath(r.path)} is not JSON data: ${r.message}`);
}


function write(schema: z.core.$ZodType, value: unknown): unknown {
  const meta = stateFields.get(schema);
  if (meta !== undefined) {
    if (meta.kind === "messages") return Array.isArray(value) ? value.map((m) => dump(m)) : copy(value);
    if (meta.kind === "state") return writeState(value);
    if (!isObject(value)) return copy(value);
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(value)) setOwn(out, key, write(meta.value, value[key]));
    return out;
  }
  if (!holdsStateField(schema)) return dumpAs(schema, value);
  const def = defOf(schema);
  if (def.type === "default") return value === undefined ? undefined : write(def.innerType!, value);
  if (!isObject(value)) return copy(value);
  const out: Record<string, unknown> = {};
  const shape = def.shape!;
  for (const key of Object.keys(shape)) {
    if (value[key] !== undefined) out[key] = write(shape[key]!, value[key]);
  }
  return out;
}

function writeState(value: unknown): unknown {
  const schema = isObject(value) ? stateClassOf(STATE_TABLE, value) : undefined;
  // An app's own state is written back as it was loaded.
  return schema ? write(schema, value) : copy(value);
}

/**
 * The JSON form of a state, exactly as AutoGen's `save_state()` writes it: the same keys in the
 * same order, every message inside dumped as `dump` writes it, an app's own state as it was
 * loaded. `JSON.stringify(dumpState(loadState(json)))` equals `JSON.stringify(json)` for every
 * state AutoGen saves. Returns new objects; never changes `state`. Like `dump`, it does not
 * re-validate: pass states from {@link loadState} or the helpers.
 *
 * @example await writeFile("team_state.json", JSON.stringify(dumpState(state)));
 */
export function dumpState(state: AnyState): unknown {
  return writeState(state);
}
