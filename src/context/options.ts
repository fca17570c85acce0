/**
 * The options of `toModelContext`, and their check: every bad option is reported at once as a
 * `MessageValidationError` naming it (`Invalid toModelContext options: modelContext.bufferSize:
 * expected an integer greater than 0, got number 0`), before any item is read.
 */
import { MessageValidationError, type IssuePath, type MessageIssue } from "../errors.js";
import type { RegistryOption } from "../render/renderers.js";
import type { MemoryQueryEvent } from "../schemas/agent-events.js";
import type { StructuredMessage } from "../schemas/chat-messages.js";
import { LLMMessage } from "../schemas/llm-messages.js";
import { MessageFilterConfig } from "../schemas/message-filter.js";
import { safeParseWith } from "../parse.js";
import type { Component } from "../components/load.js";
import { readTeam, type TeamPlan } from "./team-config.js";
import { expected, viewIssues, type ModelContextView } from "./views.js";
import { isObject } from "../wire/json-data.js";

/**
 * Options of {@link toModelContext}. Only `agent` is needed to rebuild the stored context; the
 * others supply what AutoGen leaves to the agent's configuration, or what a stream does not
 * carry (README: differences).
 *
 * @example const options: ToModelContextOptions = { agent: "writer", systemMessage: "You are a writer.", vision: false };
 */
export interface ToModelContextOptions extends RegistryOption {
  /** The `AssistantAgent`'s name: the `source` of the messages it produced. */
  readonly agent: string;
  /**
   * The agent's `system_message`. AutoGen keeps it out of the stored context and puts it first
   * in every model call; given here, it is put first in the result. Default: none (the context
   * as `save_state()` writes it).
   */
  readonly systemMessage?: string | null;
  /**
   * Whether the model has vision (`model_info["vision"]`). With `false`, images are removed
   * before the call as AutoGen does (each list content becomes text with `<image>` for each
   * image). Default true.
   */
  readonly vision?: boolean;
  /**
   * The agent's `model_context`: which part of the stored context the next model call gets
   * (`get_messages()`). Default `{ type: "unbounded" }`: all of it, as stored.
   */
  readonly modelContext?: ModelContextView;
  /**
   * Begin the agent's next turn after the items: the messages sent to it since its last turn
   * (its container's buffer, e.g. a new task appended to `items`) are added, as AutoGen adds
   * them before that turn's model call. Default false: the context as it stands after the run.
   */
  readonly nextTurn?: boolean;
  /** The `initial_messages` the model context was created with (lost at the first reset). */
  readonly initialMessages?: readonly LLMMessage[];
  /**
   * What each of the agent's `MemoryQueryEvent`s added to the context. Default
   * {@link listMemoryMessages} (`ListMemory`'s `SystemMessage`); other memories write their own.
   */
  readonly memoryMessages?: (event: MemoryQueryEvent) => readonly LLMMessage[];
  /**
   * The model's raw text behind one of the agent's own `StructuredMessage`s (the context
   * keeps the text, the message only the parsed content). Return undefined to fall back to the
   * streamed chunks of that message, else to pydantic's compact JSON of the content.
   */
  readonly structuredContent?: (message: StructuredMessage) => string | undefined;
  /** The agent runs inside a `MessageFilterAgent` with this filter: each delivery is filtered. */
  readonly messageFilter?: MessageFilterConfig;
  /**
   * The inner teams of `SocietyOfMindAgent`s in the run: `{ <SocietyOfMindAgent name>: [<inner
   * agent names>] }`. Inner messages are streamed but not delivered to the outer participants;
   * an inner team is given its SocietyOfMindAgent's buffer as its task, after the agent's own
   * model context (AutoGen's default unbounded one) once that is not empty, and is reset after
   * each of its SocietyOfMindAgent's turns.
   */
  readonly innerTeams?: Readonly<Record<string, readonly string[]>>;
  /**
   * The team's component config (`team.dump_component()` JSON, or what `loadComponent` from
   * `./components` returns), read where the stream cannot decide: a `RoundRobinGroupChat`'s or
   * `Swarm`'s order names the agent of a turn that failed before yielding anything, a
   * `GraphFlow`'s graph starts the targets of a fan-out together, each `SocietyOfMindAgent`
   * names its inner team (`innerTeams`), a `MessageFilterAgent` gives the filter of the agent
   * it wraps (`messageFilter`). `innerTeams` and `messageFilter`, when given, take precedence.
   * An agent's config (a SocietyOfMindAgent run alone) is read alike. `null`: no config (a
   * team whose `dump_component()` raised, e.g. for a `FunctionalTermination`), as if not given.
   */
  readonly team?: Component | Readonly<Record<string, unknown>> | null;
}

/** What the errors about the options call them. */
const SUBJECT = "toModelContext options";

/** `MessageValidationError` about the options: `expected <what>, got <value>` at `path`. */
export function optionError(path: IssuePath, code: string, what: string, got: unknown): MessageValidationError {
  return new MessageValidationError(undefined, [expected(path, code, what, got)], SUBJECT);
}

const isBoolean = (v: unknown) => typeof v === "boolean";
const isFunction = (v: unknown) => typeof v === "function";

/** The plain options: [name, accepts its value (when given), pydantic-style code, what it expects]. */
const PLAIN: ReadonlyArray<readonly [keyof ToModelContextOptions, (v: unknown) => boolean, string, string]> = [
  ["systemMessage", (v) => v === null || typeof v === "string", "string_type", "a string or null"],
  ["vision", isBoolean, "bool_type", "a boolean"],
  ["nextTurn", isBoolean, "bool_type", "a boolean"],
  ["memoryMessages", isFunction, "callable_type", "a function"],
  ["structuredContent", isFunction, "callable_type", "a function"],
  // What toModelContext calls on a registry (any copy of the library).
  ["registry", (v) => isObject(v) && isFunction(v.safeLoad) && isFunction(v.renderersOf), "model_type", "a MessageRegistry"],
];

/** The options as checked: the parsed `initialMessages` and `messageFilter` (pydantic's defaults filled), what `team` says. */
export interface CheckedOptions {
  readonly initialMessages: readonly LLMMessage[];
  readonly messageFilter: MessageFilterConfig | undefined;
  readonly team: TeamPlan | undefined;
}

/** The problems of `messages` as a list of LLM messages, pushed to `issues` under `path`; the parsed list. */
export function llmMessageIssues(messages: unknown, path: IssuePath, issues: MessageIssue[]): LLMMessage[] {
  if (!Array.isArray(messages)) {
    issues.push(expected(path, "list_type", "a list of LLM messages", messages));
    return [];
  }
  return messages.flatMap((m, i) => {
    const r = safeParseWith(LLMMessage, m, "LLMMessage");
    if (r.success) return [r.data];
    issues.push(...at([...path, i], r.error.issues));
    return [];
  });
}

const at = (path: IssuePath, issues: readonly MessageIssue[]) => issues.map((issue) => ({ ...issue, path: [...path, ...issue.path] }));

/**
 * Checks every option and returns the validated values; throws one `MessageValidationError`
 * listing every bad option, each by its path.
 */
export function checkOptions(options: unknown): CheckedOptions {
  if (!isObject(options)) throw optionError([], "model_type", "an object with at least agent (the AssistantAgent's name)", options);
  const issues: MessageIssue[] = [];
  const { agent, modelContext, initialMessages, messageFilter, innerTeams, team } = options;
  if (typeof agent !== "string" || agent === "") issues.push(expected(["agent"], "string_type", "the AssistantAgent's name (a non-empty string)", agent));
  for (const [key, ok, code, what] of PLAIN) if (options[key] !== undefined && !ok(options[key])) issues.push(expected([key], code, what, options[key]));
  if (modelContext !== undefined) issues.push(...viewIssues(modelContext, ["modelContext"]));
  const checked = {
    initialMessages: initialMessages === undefined ? [] : llmMessageIssues(initialMessages, ["initialMessages"], issues),
    messageFilter: undefined as MessageFilterConfig | undefined,
    team: team === undefined || team === null ? undefined : readTeam(team, issues),
  };
  if (messageFilter !== undefined) {
    const r = safeParseWith(MessageFilterConfig, messageFilter, "MessageFilterConfig");
    if (r.success) checked.messageFilter = r.data;
    else issues.push(...at(["messageFilter"], r.error.issues));
  }
  if (innerTeams !== undefined) {
    // { <SocietyOfMindAgent name>: [<inner agent names>] }
    if (!isObject(innerTeams)) issues.push(expected(["innerTeams"], "dict_type", "an object { <SocietyOfMindAgent>: [<inner agent names>] }", innerTeams));
    else
      for (const [som, members] of Object.entries(innerTeams)) {
        if (!Array.isArray(members)) issues.push(expected(["innerTeams", som], "list_type", "a list of agent names", members));
        else members.forEach((name, i) => typeof name !== "string" && issues.push(expected(["innerTeams", som, i], "string_type", "an agent name", name)));
      }
  }
  if (issues.length > 0) throw new MessageValidationError(undefined, issues, SUBJECT);
  return checked;
}
