/**
 * The message lists a state holds ("threads"), found through the state class schemas: every
 * manager's `message_thread`, every participant's `message_buffer`, every model context's
 * `llm_context.messages`, at any depth (inner teams of `SocietyOfMindAgent`s included).
 */
import type * as z from "zod/mini";
import type { IssuePath } from "../errors.js";
import type { AgentMessage } from "../kinds.js";
import type { LLMMessage } from "../schemas/llm-messages.js";
import { setOwn, isObject } from "../wire/json-data.js";
import { zodDef as defOf } from "../zod-def.js";
import { stateClassOf, stateFields } from "./fields.js";
import { ChatCompletionContextState, STATE_SCHEMAS, STATE_TABLE, type AnyState, type StateClassName } from "./schemas.js";

/** Where a thread is: its holder, the state class holding it, and its path. */
export interface StateThreadPlace {
  /** The name the holder has in its team's `agent_states` (participant or manager); `null` for a top-level agent's own state. */
  readonly agent: string | null;
  /** The state class holding the list: `ChatAgentContainerState`, a manager class, or `AssistantAgentState`. */
  readonly state: StateClassName;
  /** Where the list is, from the top of the state (`["agent_states", "writer", "message_buffer"]`). */
  readonly path: IssuePath;
}

/**
 * One message list of a state, in order: a manager's `message_thread` (the team's conversation,
 * events included), a participant's `message_buffer` (chat messages it has not seen yet), or an
 * agent's model context (`llm_context`: the `LLMMessage`s its model gets).
 */
export type StateThread =
  | (StateThreadPlace & { readonly kind: "message_thread" | "message_buffer"; readonly messages: readonly AgentMessage[] })
  | (StateThreadPlace & { readonly kind: "llm_context"; readonly messages: readonly LLMMessage[] });

/** What a {@link mapThreads} callback returns: the thread's new messages, or `undefined` to keep it. */
export type ThreadUpdate = readonly unknown[] | undefined;


const unwrap = (s: z.core.$ZodType): z.core.$ZodType => (defOf(s).type === "default" ? defOf(s).innerType! : s);

function className(schema: z.core.$ZodType): StateClassName {
  for (const [name, s] of STATE_SCHEMAS) if (s === schema) return name;
  throw new TypeError("not a state class schema"); // the table only holds STATE_SCHEMAS
}

type Fn = (thread: StateThread) => ThreadUpdate;

/** The state with `fn` applied to its threads: objects on the way to a changed thread are copied, the rest shared. */
function visitState(value: unknown, path: IssuePath, agent: string | null, fn: Fn): unknown {
  if (!isObject(value)) return value;
  const schema = stateClassOf(STATE_TABLE, value);
  if (!schema) return value; // an app's own state: no threads the library knows
  const state = className(schema);
  const shape = defOf(schema).shape!;
  let out = value;
  const put = (key: string, v: unknown) => {
    if (v === value[key]) return;
    if (out === value) out = { ...value };
    out[key] = v; // shape keys are never "__proto__"
  };
  for (const key of Object.keys(shape)) {
    const v = value[key];
    if (v === undefined) continue;
    const field = unwrap(shape[key]!);
    const meta = stateFields.get(field);
    if (field === ChatCompletionContextState) {
      if (isObject(v) && Array.isArray(v.messages)) {
        const m = fn({ agent, state, kind: "llm_context", path: [...path, key, "messages"], messages: v.messages as LLMMessage[] });
        if (m !== undefined) put(key, { ...v, messages: m });
      }
    } else if (meta?.kind === "messages") {
      if (Array.isArray(v)) {
        const kind = key as "message_thread" | "message_buffer";
        const m = fn({ agent, state, kind, path: [...path, key], messages: v as AgentMessage[] });
        if (m !== undefined) put(key, m);
      }
    } else if (meta?.kind === "state") {
      put(key, visitState(v, [...path, key], agent, fn));
    } else if (meta?.kind === "map" && stateFields.get(meta.value)?.kind === "state" && isObject(v)) {
      // agent_states: each participant and the manager, under its name.
      let map = v;
      for (const name of Object.keys(v)) {
        const r = visitState(v[name], [...path, key, name], name, fn);
        if (r === v[name]) continue;
        if (map === v) map = { ...v };
        setOwn(map, name, r);
      }
      put(key, map);
    }
  }
  return out;
}

/**
 * Every message list in a state, in document order: for a team, each participant's model context
 * and message buffer, then the manager's message thread (and the same inside any inner team).
 * The messages are the state's own (not copies).
 *
 * @example
 * for (const t of stateThreads(state)) console.log(t.agent, t.kind, t.messages.length);
 * // writer llm_context 4 / writer message_buffer 1 / RoundRobinGroupChatManager message_thread 5
 */
export function stateThreads(state: AnyState): StateThread[] {
  const out: StateThread[] = [];
  visitState(state, [], null, (t) => {
    out.push(t);
    return undefined;
  });
  return out;
}

/**
 * A new state with `fn` applied to each thread ({@link stateThreads}): `fn` returns the thread's
 * new messages, or `undefined` to keep it. Objects on the way to a changed thread are copied; all
 * else (messages included) is shared with `state`, which is never changed. The callback is trusted
 * to return valid messages of the thread's kind (model-client messages for `llm_context`).
 *
 * @example const noEvents = mapThreads(state, (t) => t.kind === "message_thread" ? t.messages.filter(isChatMessage) : undefined);
 */
export function mapThreads<S extends AnyState>(state: S, fn: (thread: StateThread) => ThreadUpdate): S {
  return visitState(state, [], null, fn) as S;
}
