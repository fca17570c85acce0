/** MAF's `AgentSession`: a session id, the service's own session id, and the providers' state. */
import type * as z from "zod/mini";
import type { Message } from "./message.js";
import { mafSchema } from "./schema.js";

/** The state MAF's default `InMemoryHistoryProvider` keeps under `state.in_memory`: the conversation so far. @example const h: InMemoryHistoryState = { messages: [] }; */
export interface InMemoryHistoryState {
  messages: Message[];
  [key: string]: unknown;
}

/**
 * `AgentSession.to_dict()`. Any `Message` anywhere in `state` (MAF's registered state type) is
 * a loaded {@link Message}; `dumpMaf` writes it with `"type": "message"` as its last key, as MAF does.
 * @example const s: AgentSessionShape = { type: "session", session_id: "s1", service_session_id: null, state: {} };
 */
export interface AgentSessionShape {
  type: "session";
  session_id: string;
  /** The service's conversation id when the service keeps the history (`null` otherwise; always written). */
  service_session_id: string | Record<string, unknown> | null;
  state: {
    /** The default history provider's state. */
    in_memory?: InMemoryHistoryState;
    [key: string]: unknown;
  };
}

/**
 * MAF's `AgentSession`.
 *
 * @example
 * const s = AgentSession.parse({ session_id: "s1", state: { in_memory: { messages: [] } } });
 * s.state.in_memory?.messages.length // 0
 */
export const AgentSession = mafSchema<AgentSessionShape>("AgentSession");
/** MAF's `AgentSession`. @example const s: AgentSession = { type: "session", session_id: "s1", service_session_id: null, state: {} }; */
export type AgentSession = z.infer<typeof AgentSession>;
