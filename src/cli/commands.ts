/**
 * The CLI's commands. Each reads the input as a stream of items, writes through `out` / `err`
 * (which wait for the terminal or pipe to drain, so memory stays bounded) and returns the
 * exit status.
 */
/// <reference types="node" />
import { open } from "node:fs/promises";
import { basename } from "node:path";
import { ConsoleRenderer } from "../console/renderer.js";
import { MessageStats } from "../console/stats.js";
import { formatPath, issueText } from "../errors.js";
import { isChatMessage } from "../guards.js";
import type { AgentMessage } from "../kinds.js";
import { renderHtml, type HtmlItem } from "../html/index.js";
import { describeLocation, InputError, readInput, type InputItem } from "./input.js";
import { msgToDict } from "../agentscope/msg.js";
import { toAgentScope } from "../agentscope/to-agentscope.js";
import { toModelContext } from "../context/index.js";
import { toModelMessages } from "../providers/ai-sdk/index.js";
import { toAnthropicMessages } from "../providers/anthropic/index.js";
import { toGeminiContents } from "../providers/gemini/index.js";
import { toOpenAIMessages } from "../providers/openai/index.js";
import { toModelMessage } from "../render/renderers.js";
import { FormatStringError } from "../python/format.js";
import type { LLMMessage } from "../schemas/llm-messages.js";

/** Where a command writes. @example const io: Output = { out: async (t) => void process.stdout.write(t), err: async (t) => void process.stderr.write(t) } */
export interface Output {
  out(text: string): Promise<void>;
  err(text: string): Promise<void>;
}

/** Exit statuses: every item valid, some item invalid, usage or input error. @example process.exitCode = EXIT.invalid */
export const EXIT = { ok: 0, invalid: 1, usage: 2 } as const;

/** The targets `convert` writes. @example CONVERT_TARGETS.join(", ") // "agentscope, openai, anthropic, gemini, ai-sdk" */
export const CONVERT_TARGETS = ["agentscope", "openai", "anthropic", "gemini", "ai-sdk"] as const;

/** The report lines for one rejected item: one per issue, each with the location and path. @example describeInvalid(item) // ["line 7: TextMessage: source: expected string, got number 42 [string_type]"] */
export function describeInvalid(item: Extract<InputItem, { ok: false }>): string[] {
  const where = describeLocation(item.at);
  if ("syntaxError" in item) return [`${where}: not valid JSON: ${item.syntaxError}`];
  const kind = item.error.type ?? "message";
  return item.error.issues.map((issue) => `${where}: ${kind}: ${formatPath(issue.path)}: ${issueText(issue)} [${issue.code}]`);
}

/** Writes {@link describeInvalid}'s lines to stderr. */
async function reportInvalid(item: Extract<InputItem, { ok: false }>, io: Output): Promise<void> {
  for (const line of describeInvalid(item)) await io.err(`${line}\n`);
}

const pad = (rows: ReadonlyArray<readonly [string, number]>): string => {
  const width = Math.max(0, ...rows.map(([k]) => k.length));
  return rows.map(([k, n]) => `  ${k.padEnd(width)}  ${n}\n`).join("");
};

/** `validate`: every invalid item with its location and path, then counts. @example process.exitCode = await validate("run.jsonl", io) */
export async function validate(input: string | undefined, io: Output): Promise<number> {
  const counts = new Map<string, number>();
  let valid = 0;
  let invalid = 0;
  for await (const item of readInput(input)) {
    if (item.ok) {
      valid++;
      counts.set(item.kind, (counts.get(item.kind) ?? 0) + 1);
    } else {
      invalid++;
      await reportInvalid(item, io);
    }
  }
  const rows = [...counts].sort((a, b) => b[1] - a[1]);
  await io.out(`${valid + invalid} items: ${valid} valid, ${invalid} invalid\n${rows.length ? `Valid items per kind:\n${pad(rows)}` : ""}`);
  return invalid > 0 ? EXIT.invalid : EXIT.ok;
}

/** `render`: the run as AutoGen's Console prints it; invalid items are reported on stderr and skipped. @example await render(undefined, { stats: true, inlineImages: false }, io) // stdin */
export async function render(input: string | undefined, options: { stats: boolean; inlineImages: boolean }, io: Output): Promise<number> {
  // A recorded run's duration is its created_at span, not the time this command takes.
  const stats = new MessageStats();
  const renderer = new ConsoleRenderer({
    outputStats: options.stats,
    inlineImages: options.inlineImages,
    elapsedSeconds: () => stats.summary().spanSeconds,
  });
  let invalid = 0;
  for await (const item of readInput(input)) {
    if (!item.ok) {
      invalid++;
      await reportInvalid(item, io);
      continue;
    }
    let text: string;
    try {
      text = renderer.write(item.item);
    } catch (e) {
      // A structured message whose own format string fails (Python raises too): report, skip.
      if (!(e instanceof FormatStringError)) throw e;
      invalid++;
      await io.err(`${describeLocation(item.at)}: ${item.kind}: cannot render: ${e.message}; skipped\n`);
      continue;
    }
    if ("type" in item.item) stats.add(item.item as AgentMessage);
    else if ("chat_message" in item.item) stats.add(item.item.chat_message);
    await io.out(text);
  }
  return invalid > 0 ? EXIT.invalid : EXIT.ok;
}

/**
 * `render --html`: the run as one self-contained HTML page (see `renderHtml`). The whole input
 * is read first (the totals head the page). An item that fails validation is reported on stderr
 * and still shown, as the JSON it is, so nothing of the run is missing from the page.
 *
 * @example await renderHtmlPage("run.jsonl", io) // 0
 */
export async function renderHtmlPage(input: string | undefined, io: Output): Promise<number> {
  const items: HtmlItem[] = [];
  let invalid = 0;
  for await (const item of readInput(input)) {
    if (item.ok) items.push(item.item);
    else {
      invalid++;
      await reportInvalid(item, io);
      if ("payload" in item) items.push(item.payload as HtmlItem); // renderHtml draws any shape
    }
  }
  await io.out(renderHtml(items, { title: input === undefined ? "AutoGen run" : basename(input) }));
  return invalid > 0 ? EXIT.invalid : EXIT.ok;
}

/**
 * An {@link Output} whose `out` goes to `path` (created or truncated); `err` stays `io.err`.
 * Throws {@link InputError} (exit 2) when the file cannot be opened.
 *
 * @example const file = await fileOutput("run.html", io); try { await file.out(html) } finally { await file.close() }
 */
export async function fileOutput(path: string, io: Output): Promise<Output & { close(): Promise<void> }> {
  let handle: Awaited<ReturnType<typeof open>>;
  try {
    handle = await open(path, "w");
  } catch (e) {
    const code = (e as { code?: string }).code;
    const reason = code === "ENOENT" ? "no such directory" : code === "EISDIR" ? "is a directory" : code === "EACCES" ? "permission denied" : e instanceof Error ? e.message : String(e);
    throw new InputError(`cannot write ${path}: ${reason}`);
  }
  return {
    out: async (text) => {
      if (text.length > 0) await handle.write(text);
    },
    err: io.err,
    close: () => handle.close(),
  };
}

/** `stats`: counts per kind and source, chat/event split, token totals, time span. @example await stats("transcript.json", io) */
export async function stats(input: string | undefined, io: Output): Promise<number> {
  const acc = new MessageStats();
  const contracts = new Map<string, number>();
  let chat = 0;
  let invalid = 0;
  for await (const item of readInput(input)) {
    if (!item.ok) {
      invalid++;
      continue;
    }
    if ("type" in item.item) {
      const message = item.item as AgentMessage;
      acc.add(message);
      if (isChatMessage(message)) chat++;
    } else contracts.set(item.kind, (contracts.get(item.kind) ?? 0) + 1);
  }
  const s = acc.summary();
  let text = `Messages: ${s.messages} (${chat} chat messages, ${s.messages - chat} events)${invalid ? `, ${invalid} invalid items skipped` : ""}\n`;
  if (contracts.size) text += `Results: ${[...contracts].map(([k, n]) => `${k} ${n}`).join(", ")}\n`;
  if (s.byKind.length) text += `Per kind:\n${pad(s.byKind)}`;
  if (s.bySource.length) text += `Per source:\n${pad(s.bySource)}`;
  text += `Tokens: ${s.promptTokens} prompt, ${s.completionTokens} completion\n`;
  if (s.firstCreatedAt !== null) text += `Time span: ${s.firstCreatedAt} .. ${s.lastCreatedAt} (${s.spanSeconds.toFixed(2)} seconds)\n`;
  await io.out(text);
  return invalid > 0 ? EXIT.invalid : EXIT.ok;
}

/** The model `convert` assumes per provider target when `--model` is not given. @example DEFAULT_MODELS.anthropic // "claude-sonnet-4-20250514" */
export const DEFAULT_MODELS: Readonly<Record<"openai" | "anthropic", string>> = { openai: "gpt-4o", anthropic: "claude-sonnet-4-20250514" };

/**
 * `convert --to agentscope`: each message as AgentScope's `Msg.to_dict()`, one JSON line each
 * (kinds AgentScope cannot hold, and invalid items, are reported on stderr and skipped).
 * `openai`, `anthropic`, `gemini` and `ai-sdk` write one provider request body built from the
 * run's model messages (see {@link convertChat}); `as` (`--as <agent>`) takes them from that
 * AssistantAgent's model context. An unknown target says which are supported, exit 2.
 *
 * @example await convert("agentscope", "run.jsonl", io) // 0
 */
export async function convert(to: string | undefined, input: string | undefined, io: Output, model?: string, as?: string): Promise<number> {
  if (to === undefined || !(CONVERT_TARGETS as readonly string[]).includes(to)) {
    const requested = to === undefined ? "" : ` to ${JSON.stringify(to)}`;
    await io.err(
      `agentchat-messages: cannot convert${requested}.\n` +
        `Supported targets: ${CONVERT_TARGETS.join(", ")}.\n`,
    );
    return EXIT.usage;
  }
  if (to !== "agentscope") return convertChat(to as ProviderTarget, input, io, { model, as });
  if (as !== undefined) {
    await io.err("agentchat-messages: --as applies to the model targets (openai, anthropic, gemini, ai-sdk), not agentscope.\n");
    return EXIT.usage;
  }
  let skipped = 0;
  for await (const item of readInput(input)) {
    if (!item.ok) {
      skipped++;
      await reportInvalid(item, io);
      continue;
    }
    if (!("type" in item.item)) {
      skipped++;
      await io.err(`${describeLocation(item.at)}: ${item.kind} is not a message; skipped\n`);
      continue;
    }
    try {
      await io.out(`${JSON.stringify(msgToDict(toAgentScope(item.item)))}\n`);
    } catch (e) {
      skipped++;
      await io.err(`${describeLocation(item.at)}: ${item.kind}: ${e instanceof Error ? e.message : String(e)}; skipped\n`);
    }
  }
  return skipped > 0 ? EXIT.invalid : EXIT.ok;
}

/** The `convert` targets that are model-client requests. @example const t: ProviderTarget = "gemini" */
export type ProviderTarget = Exclude<(typeof CONVERT_TARGETS)[number], "agentscope">;

/** Each provider target's request body from model messages (`model`: `--model`, where the target has model rules). */
const BUILDERS: Record<ProviderTarget, (llm: LLMMessage[], model: string | undefined) => unknown> = {
  openai: (llm, model) => toOpenAIMessages(llm, { model: model ?? DEFAULT_MODELS.openai }),
  anthropic: (llm, model) => toAnthropicMessages(llm, { model: model ?? DEFAULT_MODELS.anthropic }),
  gemini: (llm) => toGeminiContents(llm),
  "ai-sdk": (llm) => toModelMessages(llm),
};

/**
 * `convert --to openai|anthropic|gemini|ai-sdk`: the run's model messages written as one JSON
 * request body: the Chat Completions `messages` array (`--model`, default gpt-4o), the Anthropic
 * `{ system?, messages }` (`--model`, default claude-sonnet-4-20250514), Gemini's
 * `{ systemInstruction?, contents }` or AI SDK `ModelMessage`s. The model messages are every
 * chat message as `toModelMessage` makes it (events skipped), or with `as` the model context of
 * that AssistantAgent (`toModelContext`: its replies and tool calls as assistant turns, tool
 * results, memory). Invalid items are reported on stderr and skipped (exit 1).
 *
 * @example await convertChat("gemini", "run.jsonl", io, { as: "writer" }) // 0
 */
export async function convertChat(
  to: ProviderTarget,
  input: string | undefined,
  io: Output,
  options: { readonly model?: string | undefined; readonly as?: string | undefined } = {},
): Promise<number> {
  if (options.model !== undefined && (to === "gemini" || to === "ai-sdk")) {
    await io.err(`agentchat-messages: --model applies to openai and anthropic, not ${to}.\n`);
    return EXIT.usage;
  }
  const items: unknown[] = [];
  let invalid = 0;
  for await (const item of readInput(input)) {
    if (!item.ok) {
      invalid++;
      await reportInvalid(item, io);
      continue;
    }
    if (options.as !== undefined) items.push(item.item);
    else if ("type" in item.item && isChatMessage(item.item)) items.push(toModelMessage(item.item));
  }
  try {
    const llm = options.as !== undefined ? toModelContext(items, { agent: options.as }) : (items as LLMMessage[]);
    await io.out(`${JSON.stringify(BUILDERS[to](llm, options.model), null, 2)}\n`);
  } catch (e) {
    await io.err(`agentchat-messages: ${e instanceof Error ? e.message : String(e)}\n`);
    return EXIT.invalid;
  }
  return invalid > 0 ? EXIT.invalid : EXIT.ok;
}
