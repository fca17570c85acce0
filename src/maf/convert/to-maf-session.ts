/**
 * `toMafSession`: an AutoGen agent's model context → a MAF `AgentSession` whose in-memory
 * history a MAF `Agent` continues from.
 */
import { MessageValidationError, type MessageIssue } from "../../errors.js";
import type { LLMMessage } from "../../schemas/llm-messages.js";
import { safeLoadState } from "../../state/load.js";
import { describeValue } from "../../wire/check.js";
import { autogenItems } from "./autogen-items.js";
import { defaultRegistry } from "../../registry.js";
import { llmToMaf } from "./to-maf-messages.js";
import type { AgentSession } from "../session.js";
import { uuid4 } from "../uuid.js";
import { checkOptions, guarded } from "./options.js";

/**
 * Options of {@link toMafSession}.
 *
 * @example toMafSession(state, { sessionId: "support-42" })
 */
export interface ToMafSessionOptions {
  /** The session's `session_id`. Default: a new lowercase uuid4, as MAF's `AgentSession()` makes one. */
  readonly sessionId?: string;
}

const fail = (issues: MessageIssue[], type?: string): never => {
  throw new MessageValidationError(type, issues, "AutoGen model context");
};

/** The model-client messages of an `AssistantAgentState` or of a list of them, validated. */
function modelContext(input: unknown): LLMMessage[] {
  if (Array.isArray(input)) {
    return [...autogenItems(input, defaultRegistry)].map((x) => {
      if (x.llm) return x.message;
      return fail([{ path: [x.at, "type"], code: "union_tag_invalid", message: `expected a model-client message (SystemMessage, UserMessage, AssistantMessage, FunctionExecutionResultMessage), got ${x.message.type}` }]);
    });
  }
  const r = safeLoadState(input);
  if (!r.success) throw r.error;
  const state = r.data as { type?: unknown; llm_context?: { messages: LLMMessage[] } };
  if (state.type !== "AssistantAgentState" || state.llm_context === undefined) {
    const got = typeof state.type === "string" ? `a ${state.type}` : describeValue(input);
    return fail([{ path: ["type"], code: "union_tag_invalid", message: `expected an AssistantAgentState or a list of LLM messages, got ${got}${state.type === "TeamState" ? " (toMafSessions converts each of its agents)" : ""}` }]);
  }
  return state.llm_context.messages;
}

/**
 * Converts an AutoGen `AssistantAgentState` (what `agent.save_state()` writes: its model context
 * `llm_context.messages`) or a model context (`LLMMessage[]`, e.g. `toModelContext`'s output) into
 * a MAF `AgentSession` (as `loadMaf` holds one): the messages, converted as {@link toMafMessages}
 * converts model-client messages, are the history MAF's default `InMemoryHistoryProvider` keeps in
 * `state.in_memory.messages`. Write it with `dumpMafJson` (the exact text MAF's
 * `json.dumps(session.to_dict())` gives, each history message with its `"type"` last) or `dumpMaf`;
 * MAF's `AgentSession.from_dict` restores it, and a MAF `Agent` run with that session sends the
 * whole history to its model before the new input. The agent's system message is not part of an
 * AutoGen model context: give it to the MAF `Agent` as `instructions`.
 *
 * The input is not changed. Throws `MessageValidationError` with the path of an invalid message
 * (`llm_context.messages[2].content: …`) or when the input is neither.
 *
 * @example
 * const session = toMafSession({ type: "AssistantAgentState", version: "1.0.0", llm_context: { messages: [
 *   { type: "UserMessage", content: "Hi", source: "user" },
 *   { type: "AssistantMessage", content: "Hello!", source: "bot", thought: null },
 * ] } }, { sessionId: "s1" });
 * session.state.in_memory?.messages.map((m) => `${m.role}: ${mafText(m)}`) // ["user: Hi", "assistant: Hello!"]
 * await writeFile("s1.json", dumpMafJson(session)); // {"type": "session", "session_id": "s1", "service_session_id": null, "state": {"in_memory": {"messages": [{"role": "user", …, "type": "message"}, …]}}}
 */
export function toMafSession(agentStateOrContext: unknown, given?: ToMafSessionOptions): AgentSession {
  return guarded("toMafSession", () => convert(agentStateOrContext, given));
}

function convert(agentStateOrContext: unknown, given?: ToMafSessionOptions): AgentSession {
  const { sessionId } = checkOptions<ToMafSessionOptions>(given, "toMafSession", { sessionId: "string" });
  const messages = modelContext(agentStateOrContext).map(llmToMaf);
  return {
    type: "session",
    // MAF's AgentSession replaces a falsy id with a fresh uuid4.
    session_id: sessionId || uuid4(),
    service_session_id: null,
    state: { in_memory: { messages } },
  };
}
