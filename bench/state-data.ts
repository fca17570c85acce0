/**
 * The benchmark's team state, built from the 10,000-message transcript the way AutoGen saves a
 * SelectorGroupChat: the manager's `message_thread` holds all 10,000 messages; each participant
 * has an `AssistantAgentState` whose model context is its view of the last 50 chat messages
 * (its own as `AssistantMessage`, the others' as `toModelMessage` gives them) and a
 * `message_buffer` of the chat messages after its last turn.
 */
import { readFileSync } from "node:fs";
import { dump, isChatMessage, load, toModelMessage, type AgentMessage } from "../src/index.js";

const MANAGER = "SelectorGroupChatManager";
const CONTEXT = 50;

export interface BenchState {
  readonly text: string;
  readonly threadMessages: number;
  readonly contextMessages: number;
  readonly bufferMessages: number;
  readonly participants: number;
}

export function benchTeamState(): BenchState {
  const raw = JSON.parse(readFileSync(new URL("./data/transcript-10k.json", import.meta.url), "utf8")) as unknown[];
  const messages: AgentMessage[] = raw.map((m) => load(m));
  const chat = messages.filter(isChatMessage);
  const names = [...new Set(chat.map((m) => m.source))].filter((s) => s !== "user" && s !== MANAGER);
  const agentStates: Record<string, unknown> = {};
  let contextMessages = 0;
  let bufferMessages = 0;
  for (const name of names) {
    const context = chat.slice(-CONTEXT).map((m) =>
      m.source === name && typeof m.content === "string"
        ? { content: m.content, thought: null, source: name, type: "AssistantMessage" }
        : toModelMessage(m),
    );
    let last = chat.length - 1;
    while (last >= 0 && chat[last]!.source !== name) last--;
    const buffer = chat.slice(last + 1).map((m) => dump(m));
    contextMessages += context.length;
    bufferMessages += buffer.length;
    agentStates[name] = {
      type: "ChatAgentContainerState",
      version: "1.0.0",
      agent_state: { type: "AssistantAgentState", version: "1.0.0", llm_context: { messages: context } },
      message_buffer: buffer,
    };
  }
  agentStates[MANAGER] = {
    type: "SelectorManagerState",
    version: "1.0.0",
    message_thread: messages.map((m) => dump(m)),
    current_turn: 0,
    previous_speaker: chat.at(-1)!.source,
  };
  const text = JSON.stringify({ type: "TeamState", version: "1.0.0", agent_states: agentStates });
  return { text, threadMessages: messages.length, contextMessages, bufferMessages, participants: names.length };
}
