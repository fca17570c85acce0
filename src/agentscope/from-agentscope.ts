/**
 * AgentScope `Msg` → AutoGen messages and events. One `Msg` may hold several kinds of block,
 * so it becomes a list: each run of text/image blocks a `TextMessage` (text only) or a
 * `MultiModalMessage`, each run of `tool_use` blocks a `ToolCallRequestEvent`, each run of
 * `tool_result` blocks a `ToolCallExecutionEvent`, each `thinking` block a `ThoughtEvent`.
 */
import { createMessage } from "../create.js";
import type { MultiModalMessage, TextMessage } from "../schemas/chat-messages.js";
import type { ThoughtEvent, ToolCallExecutionEvent, ToolCallRequestEvent } from "../schemas/agent-events.js";
import { agentScopeRoleFor, type InteropLoss, type InteropOptions } from "./interop-common.js";
import type { LenientMsg, Msg } from "./msg-schema.js";
import { isDict } from "../python/types.js";
import { pyJsonDumps } from "./json-dumps.js";
import { getContentBlocks } from "./queries.js";
import { parseLocalTimestamp } from "./timestamp.js";
import { KIND } from "../kind-groups.js";

/**
 * What {@link fromAgentScope} produces.
 *
 * @example const [first]: AutoGenFromAgentScope[] = fromAgentScope(msg);
 */
export type AutoGenFromAgentScope = TextMessage | MultiModalMessage | ToolCallRequestEvent | ToolCallExecutionEvent | ThoughtEvent;

type Block = Record<string, unknown>;
type Run = { kind: "chat" | "tool_use" | "tool_result" | "thinking"; blocks: Block[] };

const KNOWN_KEYS: Record<string, readonly string[]> = {
  text: ["type", "text"],
  thinking: ["type", "thinking", "signature"],
  image: ["type", "source"],
  tool_use: ["type", "id", "name", "input", "raw_input"],
  tool_result: ["type", "id", "name", "output", "is_error"],
};

/**
 * Converts an AgentScope `Msg` into AutoGen messages/events (built with the library's
 * `createMessage`, so they are valid). Every loss is reported through `options.onLoss`:
 *
 * - **role** is not kept (AutoGen has only `source`); reported when {@link toAgentScope}'s rule
 *   would not give it back;
 * - **name** becomes `source`; a non-string name is stringified (`null` → `""`);
 * - **id**: the first message keeps the `Msg` id, the others get new ones;
 * - **timestamp** (local time) becomes `created_at` in UTC using this runtime's time zone; a
 *   timestamp in another shape is replaced by now;
 * - **metadata**: AutoGen metadata is `Record<string, string>`: other values are JSON-encoded,
 *   non-object metadata is dropped; **invocation_id** is dropped;
 * - several text blocks of a text-only run are joined with `"\n"` (block boundaries lost);
 * - images given by URL, audio, video and unknown blocks are dropped (AutoGen images are
 *   base64 only); a base64 image's `media_type` is dropped (AutoGen sniffs the bytes);
 * - unknown block keys (e.g. `thought_signature`) and thinking `signature`s are dropped;
 * - tool calls: `arguments` is `raw_input` when it parses to the same `input`, else
 *   `json.dumps(input)` as AgentScope's OpenAI formatter writes it;
 * - tool results: list output becomes its text blocks joined with `"\n"`, media dropped;
 *   `is_error` is read from the extra key {@link toAgentScope} writes, else `null`;
 * - an empty content list gives no message at all.
 *
 * @throws MessageValidationError when a block cannot make a valid AutoGen message (e.g. image
 *   bytes that are not an image)
 * @example
 * fromAgentScope(createMsg({ name: "bot", role: "assistant", content: [
 *   { type: "thinking", thinking: "2+2" },
 *   { type: "text", text: "4" },
 * ] })).map((m) => m.type) // ["ThoughtEvent", "TextMessage"]
 */
export function fromAgentScope(msg: Msg | LenientMsg, options: InteropOptions = {}): AutoGenFromAgentScope[] {
  const lose = (code: InteropLoss["code"], message: string) => options.onLoss?.({ code, message });
  const source = typeof msg.name === "string" ? msg.name : msg.name === null || msg.name === undefined ? "" : JSON.stringify(msg.name);
  if (typeof msg.name !== "string") lose("name", `name ${JSON.stringify(msg.name)} is not a string; source is ${JSON.stringify(source)}`);
  const base: Record<string, unknown> = { source, metadata: autogenMetadata(msg.metadata, lose) };
  const date = parseLocalTimestamp(msg.timestamp);
  if (date) base.created_at = date.toISOString();
  else lose("timestamp", `timestamp ${JSON.stringify(msg.timestamp)} is not YYYY-MM-DD HH:MM:SS.mmm; created_at is now`);
  if (msg.invocation_id !== null && msg.invocation_id !== undefined) lose("invocation_id", "invocation_id has no AutoGen field");

  const out: AutoGenFromAgentScope[] = [];
  for (const run of runs(getContentBlocks(msg) as unknown as Block[], lose)) {
    const made = convertRun(run, base, lose);
    if (made) out.push(made);
  }
  if (out.length === 0) lose("empty", "the message has no convertible block");
  out.forEach((m, i) => {
    if (i === 0 && typeof msg.id === "string" && msg.id !== "") m.id = msg.id;
    if (agentScopeRoleFor(m.type, source) !== msg.role) lose("role", `role ${msg.role} is not kept (${m.type} from ${JSON.stringify(source)})`);
  });
  if (out.length > 1) lose("id", `split into ${out.length} AutoGen messages; only the first keeps the Msg id`);
  if (typeof msg.id !== "string" || msg.id === "") lose("id", `id ${JSON.stringify(msg.id)} is not usable; a new id is used`);
  return out;
}

function autogenMetadata(metadata: unknown, lose: (c: InteropLoss["code"], m: string) => void): Record<string, string> {
  if (!isDict(metadata)) {
    lose("metadata", "metadata is not an object; dropped");
    return {};
  }
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(metadata)) {
    if (typeof v === "string") out[k] = v;
    else {
      out[k] = JSON.stringify(v);
      lose("metadata", `metadata.${k} is not a string; JSON-encoded`);
    }
  }
  return out;
}

// Consecutive blocks of one AutoGen kind go into one message, so the order of kinds is kept.
function runs(blocks: Block[], lose: (c: InteropLoss["code"], m: string) => void): Run[] {
  const out: Run[] = [];
  for (const block of blocks) {
    const type = isDict(block) ? block.type : undefined;
    let kind: Run["kind"] | null = null;
    if (type === "text") kind = "chat";
    else if (type === "image") {
      const source = block.source as Block | undefined;
      if (source?.type === "base64") kind = "chat";
      else lose("image-url", "an image given by URL has no AutoGen form; dropped");
    } else if (type === "tool_use" || type === "tool_result" || type === "thinking") kind = type;
    else if (type === "audio" || type === "video") lose(type, `${type} has no AutoGen form; dropped`);
    else lose("unknown-block", `block ${JSON.stringify(block)} has no AutoGen form; dropped`);
    if (!kind) continue;
    const known = KNOWN_KEYS[type as string] ?? [];
    const extra = Object.keys(block).filter((k) => !known.includes(k));
    if (extra.length) lose("extra-block-keys", `${String(type)} block keys ${extra.join(", ")} dropped`);
    const last = out[out.length - 1];
    if (last && last.kind === kind && kind !== "thinking") last.blocks.push(block);
    else out.push({ kind, blocks: [block] });
  }
  return out;
}

function convertRun(run: Run, base: Record<string, unknown>, lose: (c: InteropLoss["code"], m: string) => void): AutoGenFromAgentScope | null {
  switch (run.kind) {
    case "chat": {
      const hasImage = run.blocks.some((b) => b.type === "image");
      if (!hasImage) {
        if (run.blocks.length > 1) lose("text-blocks-joined", `${run.blocks.length} text blocks joined with "\\n"`);
        return createMessage(KIND.TextMessage, { ...base, content: run.blocks.map((b) => b.text as string).join("\n") } as never);
      }
      const content = run.blocks.map((b) => (b.type === "text" ? (b.text as string) : { data: (b.source as Block).data as string }));
      return createMessage(KIND.MultiModalMessage, { ...base, content } as never);
    }
    case "tool_use":
      return createMessage(KIND.ToolCallRequestEvent, {
        ...base,
        content: run.blocks.map((b) => ({ id: b.id as string, name: b.name as string, arguments: toolArguments(b) })),
      } as never);
    case "tool_result":
      return createMessage(KIND.ToolCallExecutionEvent, {
        ...base,
        content: run.blocks.map((b) => ({
          content: toolOutputText(b.output, lose),
          name: b.name as string,
          call_id: b.id as string,
          is_error: typeof b.is_error === "boolean" ? b.is_error : null,
        })),
      } as never);
    case "thinking": {
      const block = run.blocks[0]!;
      if (block.signature !== undefined) lose("thinking-signature", "the thinking signature has no AutoGen field; dropped");
      return createMessage(KIND.ThoughtEvent, { ...base, content: block.thinking as string } as never);
    }
  }
}

function toolArguments(block: Block): string {
  const raw = block.raw_input;
  if (typeof raw === "string") {
    try {
      if (pyJsonDumps(JSON.parse(raw)) === pyJsonDumps(block.input)) return raw;
    } catch {
      // not JSON: fall through to the input object
    }
  }
  return pyJsonDumps(block.input ?? {});
}

function toolOutputText(output: unknown, lose: (c: InteropLoss["code"], m: string) => void): string {
  if (typeof output === "string") return output;
  if (!Array.isArray(output)) return output === null || output === undefined ? "" : JSON.stringify(output);
  const texts: string[] = [];
  for (const item of output as Block[]) {
    if (isDict(item) && item.type === "text") texts.push(item.text as string);
    else lose("tool-output-media", `tool output block ${String(isDict(item) ? item.type : item)} dropped`);
  }
  return texts.join("\n");
}
