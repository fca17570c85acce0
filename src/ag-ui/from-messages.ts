/**
 * AG-UI messages → AutoGen messages: an AG-UI `RunAgentInput.messages` (or the messages a client
 * applied) as the AutoGen task / history they say. Each AG-UI message is checked with
 * `@ag-ui/core`'s own `MessageSchema` first; every result is validated by `load`.
 */
import type { Message } from "@ag-ui/core";
import { MessageSchema, RoleSchema } from "@ag-ui/core/schemas";
import { MessageValidationError } from "../errors.js";
import type { AgentMessage } from "../kinds.js";
import { defaultRegistry, type MessageRegistry } from "../registry.js";
import { guarded } from "../run/guard.js";
import { isObject } from "../wire/json-data.js";
import { loadAt } from "./items.js";

/** Options of {@link fromAgUiMessages}. @example fromAgUiMessages(input.messages, { userSource: "user" }) */
export interface FromAgUiOptions {
  /** The `source` of a user message without a `name`. Default `"user"`. */
  readonly userSource?: string;
  /** The `source` of an assistant (and reasoning, tool) message without a `name`. Default `"assistant"`. */
  readonly assistantSource?: string;
  /** The registry that validates the results. Default `defaultRegistry`. */
  readonly registry?: MessageRegistry;
}

type Path = (string | number)[];

function fail(path: Path, message: string, code = "value_error"): never {
  throw new MessageValidationError(undefined, [{ path, code, message }], "AG-UI message");
}


/** `data:<mime>;base64,<data>` → `<data>`. */
const DATA_URL = /^data:[^,;]*(?:;[^,;]*)*;base64,/;

/** One AG-UI content part as a MultiModalMessage item: a string, or an image `{data}`. */
function partOf(part: Record<string, unknown>, path: Path): string | { data: string } {
  if (part.type === "text") return part.text as string;
  if (part.type === "image") {
    const source = part.source as { type: string; value: string };
    if (source.type === "data") return { data: source.value };
    const m = source.type === "url" ? DATA_URL.exec(source.value) : null;
    if (m) return { data: source.value.slice(m[0].length) };
    fail([...path, "source"], `an image AutoGen cannot hold: AutoGen images carry their bytes (a "data" source or a data: URL), got a ${JSON.stringify(source.type)} source`, "unsupported");
  }
  fail([...path, "type"], `a ${JSON.stringify(String(part.type))} part has no AutoGen counterpart (text and image parts only)`, "unsupported");
}

/** Text of a tool result: a string, or text parts joined. */
function textOf(content: unknown, path: Path): string {
  if (typeof content === "string") return content;
  const parts = content as Record<string, unknown>[];
  return parts
    .map((p, i) => (p.type === "text" ? (p.text as string) : fail([...path, i, "type"], `a tool result holds text only in AutoGen, got a ${JSON.stringify(String(p.type))} part`, "unsupported")))
    .join("");
}

/** Checks one message with `@ag-ui/core`'s schema; throws naming the path. */
function check(message: unknown, i: number): Message {
  if (!isObject(message)) fail([i], `expected an AG-UI message object, got ${message === null ? "null" : Array.isArray(message) ? "an array" : typeof message}`, "model_type");
  const role = message.role;
  const roles = RoleSchema.options as readonly string[];
  if (typeof role !== "string" || !roles.includes(role)) {
    fail([i, "role"], `unknown AG-UI role ${typeof role === "string" ? JSON.stringify(role.slice(0, 40)) : `(${role === null ? "null" : typeof role})`}; expected one of ${roles.join(", ")}`, "literal_error");
  }
  const r = MessageSchema.safeParse(message);
  if (!r.success) {
    const issue = r.error.issues[0]!;
    fail([i, ...(issue.path as Path)], issue.message, issue.code);
  }
  // The schema's copy: what was checked is what is read (a getter is not asked twice).
  return r.data as Message;
}

/**
 * AutoGen messages from AG-UI messages (an AG-UI `RunAgentInput.messages`, or what
 * `@ag-ui/client` applied), so a front end's conversation becomes an AutoGen task or history.
 * Ids are kept (so {@link toAgUiEvents} with `inputMessageIds` does not echo them), and an
 * AG-UI `name` is the AutoGen `source`:
 *
 * - `user` → `TextMessage` (text, or one text part), `MultiModalMessage` (parts with images;
 *   an image must carry its bytes: a `data` source or a `data:` URL);
 * - `assistant` → `TextMessage` for its text, then a `ToolCallRequestEvent` for its `toolCalls`;
 * - consecutive `tool` messages → one `ToolCallExecutionEvent` (`is_error` from `error` or
 *   `metadata.is_error`; the tool's name from its call);
 * - `reasoning` → `ThoughtEvent`; `system` / `developer` → `TextMessage` with that source;
 *   `activity` (front-end state) has no AutoGen counterpart and is skipped.
 *
 * An unknown role or an invalid message throws `MessageValidationError` naming its path
 * (`[2].role: unknown AG-UI role "robot"; …`). The input is never modified.
 *
 * @example
 * fromAgUiMessages([{ id: "m1", role: "user", content: "Hi" }])
 * // [{ id: "m1", source: "user", models_usage: null, metadata: {}, created_at: "…", content: "Hi", type: "TextMessage" }]
 */
export function fromAgUiMessages(messages: readonly Message[], options?: FromAgUiOptions): AgentMessage[] {
  const { registry, userSource, assistantSource, n } = guarded([], () => {
    if (!Array.isArray(messages)) fail([], `expected an array of AG-UI messages, got ${messages === null ? "null" : typeof messages}`, "list_type");
    return { ...optionsOf(options), n: messages.length };
  }, "AG-UI message");
  const out: AgentMessage[] = [];
  /** Each tool call's name and caller, for the results. */
  const calls = new Map<string, { name: string; source: string }>();
  const add = (dump: Record<string, unknown>, path: Path) => out.push(loadAt(dump, registry, path));
  for (let i = 0; i < n; i++) {
    i = guarded([i], () => one(i), "AG-UI message");
  }
  return out;

  /** Message `i` (and the tool results after it): the index of the last message it read. */
  function one(i: number): number {
    const m = check(messages[i], i);
    switch (m.role) {
      case "user": {
        const source = m.name ?? userSource;
        const c = m.content;
        if (typeof c === "string") add({ id: m.id, source, content: c, type: "TextMessage" }, [i]);
        else if (c.length === 1 && c[0]!.type === "text") add({ id: m.id, source, content: c[0]!.text, type: "TextMessage" }, [i]);
        else add({ id: m.id, source, content: c.map((p, j) => partOf(p as unknown as Record<string, unknown>, [i, "content", j])), type: "MultiModalMessage" }, [i]);
        break;
      }
      case "assistant": {
        const source = m.name ?? assistantSource;
        const toolCalls = m.toolCalls ?? [];
        const text = typeof m.content === "string" && m.content !== "";
        if (text || toolCalls.length === 0) add({ id: m.id, source, content: m.content ?? "", type: "TextMessage" }, [i]);
        if (toolCalls.length > 0) {
          for (const c of toolCalls) calls.set(c.id, { name: c.function.name, source });
          const content = toolCalls.map((c) => ({ id: c.id, arguments: c.function.arguments, name: c.function.name }));
          add({ id: text ? `${m.id}:tool_calls` : m.id, source, content, type: "ToolCallRequestEvent" }, [i]);
        }
        break;
      }
      case "tool": {
        // Consecutive results: one ToolCallExecutionEvent, as AutoGen sends the results of one request.
        const first = i;
        const results: Record<string, unknown>[] = [];
        let source: string | undefined;
        for (;;) {
          const t = m.role === "tool" && i === first ? m : check(messages[i], i);
          // Not a result after all (its role read again said otherwise): the outer loop takes it.
          if (t.role !== "tool") {
            i--;
            break;
          }
          const call = calls.get(t.toolCallId);
          source ??= call?.source;
          const isError = t.error !== undefined || (isObject(t.metadata) && t.metadata.is_error === true);
          results.push({ content: textOf(t.content, [i, "content"]), name: call?.name ?? "", call_id: t.toolCallId, is_error: isError });
          if (i + 1 >= n || !isObject(messages[i + 1]) || (messages[i + 1] as { role?: unknown }).role !== "tool") break;
          i++;
        }
        add({ id: m.id, source: source ?? assistantSource, content: results, type: "ToolCallExecutionEvent" }, [first]);
        break;
      }
      case "reasoning":
        add({ id: m.id, source: assistantSource, content: m.content, type: "ThoughtEvent" }, [i]);
        break;
      case "system":
      case "developer":
        add({ id: m.id, source: m.name ?? m.role, content: m.content, type: "TextMessage" }, [i]);
        break;
      case "activity":
        break;
    }
    return i;
  }
}

/** The options, checked: sources strings, a registry that loads. */
function optionsOf(options: unknown): { registry: MessageRegistry; userSource: string; assistantSource: string } {
  if (options === undefined) return { registry: defaultRegistry, userSource: "user", assistantSource: "assistant" };
  if (!isObject(options)) fail(["options"], `expected an options object, got ${options === null ? "null" : Array.isArray(options) ? "an array" : typeof options}`, "model_type");
  const { registry, userSource, assistantSource } = options;
  if (userSource !== undefined && typeof userSource !== "string") fail(["options", "userSource"], `expected a string, got ${typeof userSource}`, "string_type");
  if (assistantSource !== undefined && typeof assistantSource !== "string") fail(["options", "assistantSource"], `expected a string, got ${typeof assistantSource}`, "string_type");
  if (registry !== undefined && (!isObject(registry) || typeof registry.safeLoad !== "function")) fail(["options", "registry"], "expected a MessageRegistry (createRegistry())", "model_type");
  return { registry: (registry as MessageRegistry | undefined) ?? defaultRegistry, userSource: userSource ?? "user", assistantSource: assistantSource ?? "assistant" };
}
