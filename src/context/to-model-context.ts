/**
 * `toModelContext`: the model context an AutoGen 0.7.5 `AssistantAgent` holds after a run,
 * rebuilt from what the run streamed. It replays the agent's rules:
 *
 * - Delivery (`ChatAgentContainer`): in a team every chat message another participant
 *   publishes (the task included) is buffered by each participant, and handed to it only when
 *   it takes its turn; events are never delivered. An agent's turn starts at its first item (or
 *   at a `SelectSpeakerEvent` naming it) and ends with its own chat message.
 * - On its turn (`on_messages_stream`): each delivered message as `to_model_message()`, a
 *   `HandoffMessage`'s `context` first; memory (`MemoryQueryEvent`); every model result as an
 *   `AssistantMessage` (with the `thought` of the `ThoughtEvent` before it); tool results as a
 *   `FunctionExecutionResultMessage`; the final text or the reflection. A tool-call summary or
 *   a handoff adds nothing more.
 * - Resets: MagenticOne's task ledger resets every participant before it is broadcast; a
 *   SocietyOfMindAgent resets its inner team after each of its turns, and on a later turn gives
 *   it its own model context first (a `HandoffMessage` "relevant previous messages").
 */
import { MessageValidationError, type IssuePath, type MessageIssue } from "../errors.js";
import type { AgentMessage, AnyChatMessage } from "../kinds.js";
import { defaultRegistry, type MessageRegistry } from "../registry.js";
import { isStructuredMessageType, type StructuredMessage } from "../schemas/chat-messages.js";
import type { AssistantMessage, LLMMessage } from "../schemas/llm-messages.js";
import { filterMessages } from "../contracts/message-filter.js";
import type { MessageFilterConfig } from "../contracts/schemas.js";
import { removeImages } from "../providers/openai/remove-images.js";
import { runMessages } from "./items.js";
import { TeamTurns } from "./team-turns.js";
import { listMemoryMessages } from "./memory.js";
import { checkOptions, llmMessageIssues, optionError, type ToModelContextOptions } from "./options.js";
import { applyView } from "./views.js";
import { KIND } from "../kind-groups.js";

export type { ToModelContextOptions } from "./options.js";

/** MagenticOne's orchestrator name (fixed in `MagenticOneGroupChat`) and its task ledger's opening. */
const MAGENTIC_ONE = "MagenticOneOrchestrator";
const TASK_LEDGER = "\nWe are working to address the following user request:\n\n";

/** The LLM messages an option's function returned, validated, with errors located under `path`. */
function returned(list: unknown, path: IssuePath): LLMMessage[] {
  const issues: MessageIssue[] = [];
  const out = llmMessageIssues(list, path, issues);
  if (issues.length > 0) throw new MessageValidationError(undefined, issues, "toModelContext options");
  return out;
}

/**
 * The `SocietyOfMindAgent` whose inner team the agent is in, as that team sees it: what the
 * SocietyOfMindAgent has been sent since its last turn (its container's buffer) and its own model
 * context (the messages of its past turns, AutoGen's default unbounded context).
 */
interface SocietyOfMind {
  readonly name: string;
  readonly members: ReadonlySet<string>;
  context: LLMMessage[];
  buffer: AnyChatMessage[];
  inTurn: boolean;
}

/** What `SocietyOfMindAgent` puts before its task when its model context is not empty. */
const PREVIOUS_MESSAGES = "relevant previous messages";

/** One agent's context and buffer, advanced message by message. */
class AgentContext {
  context: LLMMessage[];
  #buffer: AnyChatMessage[] = [];
  #inTurn = false;
  /** The thought of the model result whose message comes next. */
  #thought: string | null = null;
  /** Streamed text per `full_message_id`. */
  #chunks = new Map<string, string>();
  /** The SocietyOfMindAgent whose inner team each inner agent is in. */
  readonly #innerOf = new Map<string, string>();
  /** The agent's own SocietyOfMindAgent, when it is in an inner team. */
  readonly #som: SocietyOfMind | undefined;

  constructor(
    readonly agent: string,
    readonly options: ToModelContextOptions,
    readonly registry: MessageRegistry,
    initialMessages: readonly LLMMessage[],
    readonly messageFilter: MessageFilterConfig | undefined,
    teams: Readonly<Record<string, readonly string[]>>,
  ) {
    this.context = [...initialMessages];
    for (const [som, members] of Object.entries(teams)) for (const name of members) this.#innerOf.set(name, som);
    const mine = this.#innerOf.get(agent);
    if (mine !== undefined) this.#som = { name: mine, members: new Set(teams[mine]), context: [], buffer: [], inTurn: false };
  }

  #isChat(m: AgentMessage): m is AnyChatMessage {
    return this.registry.renderersOf(m).group === "chat";
  }

  /** `ChatAgentContainer.handle_reset` → `on_reset`: buffer and context cleared. */
  #reset(): void {
    this.context = [];
    this.#buffer = [];
    this.#inTurn = false;
    this.#thought = null;
  }

  /** `_add_messages_to_context`: each message as `to_model_message()`, a handoff's context first. */
  #modelMessages(batch: readonly AnyChatMessage[]): LLMMessage[] {
    return batch.flatMap((m) => [...(m.type === KIND.HandoffMessage ? m.context : []), this.registry.renderersOf(m).toModelMessage!(m as never)]);
  }

  /** The container hands the buffer over (`on_messages_stream(buffer)`), which `_add_messages_to_context` adds. */
  #startTurn(): void {
    if (this.#inTurn) return;
    if (this.#som && !this.#som.inTurn) this.#startSocietyTurn(this.#som);
    this.#inTurn = true;
    this.#thought = null;
    const batch = this.messageFilter ? filterMessages(this.#buffer, this.messageFilter) : this.#buffer;
    this.#buffer = [];
    this.context.push(...this.#modelMessages(batch));
  }

  /**
   * The SocietyOfMindAgent's turn starts: it runs its inner team with its buffer as the task
   * (`output_task_messages=False`: not streamed), after a `HandoffMessage` carrying its model
   * context when that is not empty. Every member of the inner team is given that task.
   */
  #startSocietyTurn(som: SocietyOfMind): void {
    som.inTurn = true;
    const previous: AnyChatMessage[] = [];
    if (som.context.length > 0) {
      const handoff = { type: KIND.HandoffMessage, source: som.name, target: "", content: PREVIOUS_MESSAGES, context: som.context };
      previous.push(this.registry.load(handoff) as AnyChatMessage);
    }
    this.#buffer = [...previous, ...som.buffer];
  }

  /** The SocietyOfMindAgent answered: it adds its buffer to its own context, then resets its inner team. */
  #endSocietyTurn(som: SocietyOfMind): void {
    som.context.push(...this.#modelMessages(som.buffer));
    som.buffer = [];
    som.inTurn = false;
    this.#reset();
  }

  /** Whether `m` shows that the SocietyOfMindAgent's turn has started: an item of its inner team, or it is selected. */
  #opensSocietyTurn(m: AgentMessage, som: SocietyOfMind): boolean {
    if (m.type === KIND.SelectSpeakerEvent) return m.content.some((name) => name === som.name || som.members.has(name));
    return som.members.has(m.source);
  }

  /** Hands the buffer over now, if the agent is not in a turn already. */
  beginTurn(): void {
    this.#startTurn();
  }

  push(m: AgentMessage): void {
    const som = this.#som;
    if (som && !som.inTurn && this.#opensSocietyTurn(m, som)) this.#startSocietyTurn(som);
    if (m.type === KIND.SelectSpeakerEvent) {
      if (m.content.includes(this.agent)) this.#startTurn();
      return;
    }
    if (m.source === this.agent) return this.#own(m);
    if (!this.#isChat(m)) return; // events are not delivered
    if (m.type === KIND.TextMessage && m.source === MAGENTIC_ONE && m.content.startsWith(TASK_LEDGER)) {
      // Every participant is reset; a SocietyOfMindAgent's on_reset clears its inner team and its context.
      this.#reset();
      if (som) Object.assign(som, { context: [], buffer: [], inTurn: false });
    }
    if (som && m.source === som.name) return this.#endSocietyTurn(som);
    const theirs = this.#innerOf.get(m.source);
    if (som && theirs === som.name) return void this.#buffer.push(m); // the inner team publishes to its members
    if (theirs !== undefined) return; // another SocietyOfMindAgent's inner message: not published
    (som ? som.buffer : this.#buffer).push(m);
  }

  #own(m: AgentMessage): void {
    this.#startTurn();
    switch (m.type) {
      case KIND.MemoryQueryEvent: {
        const make = this.options.memoryMessages ?? listMemoryMessages;
        this.context.push(...returned(make(m), ["memoryMessages"]));
        return;
      }
      case KIND.ThoughtEvent:
        this.#thought = m.content;
        return;
      case KIND.ModelClientStreamingChunkEvent:
        if (m.full_message_id !== null) this.#chunks.set(m.full_message_id, (this.#chunks.get(m.full_message_id) ?? "") + m.content);
        return;
      case KIND.ToolCallRequestEvent:
        this.#assistant(m.content);
        return;
      case KIND.ToolCallExecutionEvent:
        this.context.push({ content: m.content, type: "FunctionExecutionResultMessage" });
        return;
    }
    if (!this.#isChat(m)) return;
    // The agent's final message ends its turn. Text (first answer or reflection) is a model result;
    // a tool-call summary or a handoff only repeats calls and results the context already has.
    if (m.type === KIND.TextMessage) this.#assistant(m.content);
    else if (isStructuredMessageType(m.type)) this.#assistant(this.#structuredText(m as StructuredMessage));
    this.#inTurn = false;
    this.#thought = null;
    this.#chunks.clear();
  }

  #assistant(content: AssistantMessage["content"]): void {
    this.context.push({ content, thought: this.#thought, source: this.agent, type: "AssistantMessage" });
    this.#thought = null;
  }

  #structuredText(m: StructuredMessage): string {
    const given = this.options.structuredContent?.(m);
    if (given !== undefined) {
      if (typeof given !== "string") throw optionError(["structuredContent"], "string_type", "it to return a string or undefined", given);
      return given;
    }
    const streamed = this.#chunks.get(m.id);
    if (streamed !== undefined) return streamed;
    return this.registry.renderersOf(m).toModelMessage!(m as never).content as string;
  }
}

/**
 * The model context (`LLMMessage[]`) an AutoGen `AssistantAgent` named `options.agent` holds
 * after the run whose streamed items are `items` (messages and events, `TaskResult`s,
 * `Response`s, in order; several runs of the same team may follow each other; start after the
 * team's last `reset()`). By default the result is what the agent's `save_state()` writes
 * (`llm_context.messages`); `systemMessage`, `modelContext` and `vision` turn it into what its
 * next model call sends. Messages seen twice (streamed, then inside a `TaskResult` or
 * `Response`) count once, matched by `id`.
 *
 * What a stream does not show is read from the team's component config (`team`): the start
 * of a turn that produced nothing (a run that raised: its `TaskResult` is missing) or ran in
 * parallel (a GraphFlow fan-out), which agents form a `SocietyOfMindAgent`'s inner team, a
 * `MessageFilterAgent`'s filter. What neither shows must be supplied: the task of a run with
 * `output_task_messages=False` and the input of an `on_messages_stream` call (put them in
 * `items` where they were given), a structured reply's raw text (`structuredContent`), and the
 * options above (docs/context.md).
 *
 * `items` is not changed. Throws `MessageValidationError` naming the path: of an invalid item
 * (`Invalid TextMessage: [3].messages[1].source: …`), of each bad option, before any item is
 * read (`Invalid toModelContext options: modelContext.bufferSize: expected an integer greater
 * than 0, got number 0`), or of what an option's function returned (`memoryMessages[0].type: …`).
 *
 * @example
 * import { toModelContext } from "agentchat-messages/context";
 * // A GraphFlow run: `team` is the team's `dump_component()` JSON (or `loadComponent`'s result).
 * const context = toModelContext(items, { agent: "writer", team: JSON.parse(teamJson) });
 * @example
 * import { toModelContext } from "agentchat-messages/context";
 * toModelContext([
 *   { type: "TextMessage", source: "user", content: "Weather in Paris?" },
 *   { type: "ToolCallRequestEvent", source: "bot", content: [{ id: "c1", name: "weather", arguments: '{"city":"Paris"}' }] },
 *   { type: "ToolCallExecutionEvent", source: "bot", content: [{ content: "sunny", name: "weather", call_id: "c1", is_error: false }] },
 *   { type: "ToolCallSummaryMessage", source: "bot", content: "sunny", tool_calls: [], results: [] },
 * ], { agent: "bot" });
 * // [
 * //   { content: "Weather in Paris?", source: "user", type: "UserMessage" },
 * //   { content: [{ id: "c1", arguments: '{"city":"Paris"}', name: "weather" }], thought: null, source: "bot", type: "AssistantMessage" },
 * //   { content: [{ content: "sunny", name: "weather", call_id: "c1", is_error: false }], type: "FunctionExecutionResultMessage" },
 * // ]
 */
export function toModelContext(items: Iterable<unknown>, options: ToModelContextOptions): LLMMessage[] {
  const { initialMessages, messageFilter, team } = checkOptions(options);
  const registry = options.registry ?? defaultRegistry;
  const filter = messageFilter ?? team?.filters.get(options.agent);
  const state = new AgentContext(options.agent, options, registry, initialMessages, filter, options.innerTeams ?? team?.innerTeams ?? {});
  const turns = team?.speakers && new TeamTurns(team.speakers, {
    isChat: (m) => registry.renderersOf(m).group === "chat",
    text: (m) => registry.renderersOf(m).toModelText?.(m as never, {}) ?? "",
  });
  const select = (content: string[] | undefined) => content && state.push({ type: KIND.SelectSpeakerEvent, source: "", content } as unknown as AgentMessage);
  for (const m of runMessages(items, registry, turns && (() => turns.runEnd()))) {
    if (turns) select(turns.before(m));
    state.push(m);
    turns?.after(m);
  }
  if (turns) select(turns.end());
  if (options.nextTurn) state.beginTurn();
  let out = applyView(state.context, options.modelContext ?? { type: "unbounded" }, { path: ["modelContext"], subject: "toModelContext options" });
  if (options.systemMessage !== undefined && options.systemMessage !== null) out.unshift({ content: options.systemMessage, type: "SystemMessage" });
  if (options.vision === false) out = removeImages(out);
  return out;
}
