/**
 * The options of `toModelContext`, and their check: every bad option is reported at once as a
 * `MessageValidationError` naming it (`Invalid toModelContext options: modelContext.bufferSize:
 * expected an integer greater than 0, got number 0`), before any item is read.
 */
import { MessageValidationError, type IssuePath, type MessageIssue } from "../errors.js";
import type { MessageRegistry } from "../registry.js";
import type { RegistryOption } from "../render/renderers.js";
import type { MemoryQueryEvent } from "../schemas/agent-events.js";
import type { StructuredMessage } from "../schemas/chat-messages.js";
import { LLMMessage } from "../schemas/llm-messages.js";
import { MessageFilterConfig } from "../schemas/message-filter.js";
import { safeParseWith } from "../parse.js";
import { describeValue } from "../wire/check.js";
import { viewIssues, type ModelContextView } from "./views.js";

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
   * agent names>] }`. Inner messages are streamed but not delivered to the outer participants,
   * and an inner team is reset after each of its SocietyOfMindAgent's turns.
   */
  readonly innerTeams?: Readonly<Record<string, readonly string[]>>;
}

/** What the errors about the options call them. */
const SUBJECT = "toModelContext options";

/** `MessageValidationError` about the options, one issue at `path`. */
export function optionError(path: IssuePath, code: string, message: string): MessageValidationError {
  return new MessageValidationError(undefined, [{ path, code, message }], SUBJECT);
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

/** The options as checked: the parsed `initialMessages` and `messageFilter` (pydantic's defaults filled). */
export interface CheckedOptions {
  readonly options: ToModelContextOptions;
  readonly initialMessages: readonly LLMMessage[];
  readonly messageFilter: MessageFilterConfig | undefined;
}

/** The problems of `messages` as a list of LLM messages, located under `path`; the parsed list. */
export function llmMessageIssues(messages: unknown, path: IssuePath, issues: MessageIssue[]): LLMMessage[] {
  if (!Array.isArray(messages)) {
    issues.push({ path, code: "list_type", message: `expected a list of LLM messages, got ${describeValue(messages)}` });
    return [];
  }
  return messages.flatMap((m, i) => {
    const r = safeParseWith(LLMMessage, m, "LLMMessage");
    if (r.success) return [r.data];
    issues.push(...r.error.issues.map((issue) => ({ ...issue, path: [...path, i, ...issue.path] })));
    return [];
  });
}

/**
 * Checks every option of `options` and returns them with the validated values; throws one
 * `MessageValidationError` listing every bad option, each by its path.
 */
export function checkOptions(options: unknown): CheckedOptions {
  if (!isObject(options)) throw optionError([], "model_type", `expected an object with at least agent (the AssistantAgent's name), got ${describeValue(options)}`);
  const o = options as Partial<Record<keyof ToModelContextOptions, unknown>>;
  const issues: MessageIssue[] = [];
  const check = (key: string, ok: boolean, code: string, what: string) => {
    if (!ok) issues.push({ path: [key], code, message: `expected ${what}, got ${describeValue(o[key as keyof ToModelContextOptions])}` });
  };
  const absent = (key: keyof ToModelContextOptions) => o[key] === undefined;
  check("agent", typeof o.agent === "string" && o.agent !== "", "string_type", "the AssistantAgent's name (a non-empty string)");
  check("systemMessage", absent("systemMessage") || o.systemMessage === null || typeof o.systemMessage === "string", "string_type", "a string or null");
  check("vision", absent("vision") || typeof o.vision === "boolean", "bool_type", "a boolean");
  check("nextTurn", absent("nextTurn") || typeof o.nextTurn === "boolean", "bool_type", "a boolean");
  check("memoryMessages", absent("memoryMessages") || typeof o.memoryMessages === "function", "callable_type", "a function (event) => LLMMessage[]");
  check("structuredContent", absent("structuredContent") || typeof o.structuredContent === "function", "callable_type", "a function (message) => string | undefined");
  check("registry", absent("registry") || isRegistry(o.registry), "model_type", "a MessageRegistry");
  if (!absent("modelContext")) issues.push(...viewIssues(o.modelContext, ["modelContext"]));
  const initialMessages = absent("initialMessages") ? [] : llmMessageIssues(o.initialMessages, ["initialMessages"], issues);
  let messageFilter: MessageFilterConfig | undefined;
  if (!absent("messageFilter")) {
    const r = safeParseWith(MessageFilterConfig, o.messageFilter, "MessageFilterConfig");
    if (r.success) messageFilter = r.data;
    else issues.push(...r.error.issues.map((issue) => ({ ...issue, path: ["messageFilter", ...issue.path] })));
  }
  if (!absent("innerTeams")) innerTeamIssues(o.innerTeams, issues);
  if (issues.length > 0) throw new MessageValidationError(undefined, issues, SUBJECT);
  return { options: options as unknown as ToModelContextOptions, initialMessages, messageFilter };
}

/** `{ <SocietyOfMindAgent>: [<inner agent names>] }`. */
function innerTeamIssues(teams: unknown, issues: MessageIssue[]): void {
  if (!isObject(teams)) {
    issues.push({ path: ["innerTeams"], code: "dict_type", message: `expected an object { <SocietyOfMindAgent name>: [<inner agent names>] }, got ${describeValue(teams)}` });
    return;
  }
  for (const [som, members] of Object.entries(teams)) {
    if (!Array.isArray(members)) {
      issues.push({ path: ["innerTeams", som], code: "list_type", message: `expected a list of agent names, got ${describeValue(members)}` });
      continue;
    }
    members.forEach((name, i) => {
      if (typeof name !== "string") issues.push({ path: ["innerTeams", som, i], code: "string_type", message: `expected an agent name (string), got ${describeValue(name)}` });
    });
  }
}

/** A registry from any copy of the library: what `toModelContext` calls on it. */
function isRegistry(value: unknown): value is MessageRegistry {
  const r = value as Partial<Record<"safeLoad" | "renderersOf", unknown>> | null;
  return typeof r === "object" && r !== null && typeof r.safeLoad === "function" && typeof r.renderersOf === "function";
}
