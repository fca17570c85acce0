/**
 * The CLI's commands. Each reads the input as a stream of items through its {@link RunContext},
 * writes through `out` / `err` (which wait for the terminal or pipe to drain, so memory stays
 * bounded) and returns the exit status.
 */
/// <reference types="node" />
import { open } from "node:fs/promises";
import { basename } from "node:path";
import { ConsoleRenderer } from "../console/renderer.js";
import { MessageStats } from "../console/stats.js";
import { isChatMessage } from "../guards.js";
import type { AgentMessage } from "../kinds.js";
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
import { CONVERT_TARGETS, type RunArgs } from "./args.js";
import { renderHtml, type HtmlItem } from "../html/index.js";
import { describeLocation, InputError, itemsOf, type InputItem } from "./input.js";
import { dumpMaf, dumpMafJson, toMafMessages, toMafSession, toMafSessions } from "../maf/index.js";
import { safeLoadState } from "../state/load.js";
import { errorSummaryText, invalidRecord, plural, unreportedText, type InvalidItem, type InvalidItems } from "./report.js";

export { CONVERT_TARGETS } from "./args.js";
export { describeInvalid } from "./report.js";

/** Where a command writes. @example const io: Output = { out: async (t) => void process.stdout.write(t), err: async (t) => void process.stderr.write(t) } */
export interface Output {
  out(text: string): Promise<void>;
  err(text: string): Promise<void>;
}

/** Exit statuses: every item valid, some item invalid, usage or input error. @example process.exitCode = EXIT.invalid */
export const EXIT = { ok: 0, invalid: 1, usage: 2 } as const;

/**
 * What a command runs with: its arguments, where it writes, its input, and the tally of
 * invalid items (`--max-errors`, grouped summary). Made by `main` (run.ts).
 *
 * @example for await (const item of ctx.items()) if (!item.ok) await ctx.reject(item)
 */
export interface RunContext {
  readonly args: RunArgs;
  readonly io: Output;
  /** The items of the input, in order (see `readInput`). */
  items(): AsyncGenerator<InputItem>;
  /** The invalid items so far. */
  readonly invalid: InvalidItems;
  /** Counts an invalid item and, within `--max-errors`, reports it on stderr (one line per problem). */
  reject(item: InvalidItem): Promise<void>;
}

const pad = (rows: ReadonlyArray<readonly [string, number]>): string => {
  const width = Math.max(0, ...rows.map(([k]) => k.length));
  return rows.map(([k, n]) => `  ${k.padEnd(width)}  ${n}\n`).join("");
};

/** The end of a run with invalid items: how many went unreported, then the errors grouped by kind and path. */
async function errorSummary(ctx: RunContext): Promise<void> {
  if (ctx.invalid.count === 0) return;
  await ctx.io.err(`${unreportedText(ctx.invalid)}${errorSummaryText(ctx.invalid)}`);
}

/**
 * `validate`: every invalid item with its location and path (stderr), then counts per kind
 * and the errors grouped by kind and path (stdout). `--format json`: the JSON Lines report
 * on stdout instead (README, "Command line").
 *
 * @example process.exitCode = await validate(ctx)
 */
export async function validate(ctx: RunContext): Promise<number> {
  const counts = new Map<string, number>();
  let valid = 0;
  const json = ctx.args.format === "json";
  for await (const item of ctx.items()) {
    if (item.ok) {
      valid++;
      counts.set(item.kind, (counts.get(item.kind) ?? 0) + 1);
    } else if (json) {
      if (ctx.invalid.add(item)) await ctx.io.out(`${JSON.stringify(invalidRecord(item))}\n`);
    } else await ctx.reject(item);
  }
  const invalid = ctx.invalid;
  const rows = [...counts].sort((a, b) => b[1] - a[1]);
  if (json) {
    const summary = {
      report: "summary",
      items: valid + invalid.count,
      valid,
      invalid: invalid.count,
      reported: invalid.reported,
      valid_by_kind: Object.fromEntries(rows),
      errors: invalid.groups(),
    };
    await ctx.io.out(`${JSON.stringify(summary)}\n`);
  } else {
    if (invalid.unreported > 0) await ctx.io.err(unreportedText(invalid));
    await ctx.io.out(
      `${plural(valid + invalid.count, "item")}: ${valid} valid, ${invalid.count} invalid\n` +
        (rows.length ? `Valid items per kind:\n${pad(rows)}` : "") +
        errorSummaryText(invalid),
    );
  }
  return invalid.count > 0 ? EXIT.invalid : EXIT.ok;
}

/**
 * `render`: the run as AutoGen's Console prints it; invalid items are reported on stderr and
 * skipped. `--html`: {@link renderHtmlPage}.
 *
 * @example await render(ctx)
 */
export async function render(ctx: RunContext): Promise<number> {
  if (ctx.args.html) return renderHtmlPage(ctx);
  // A recorded run's duration is its created_at span, not the time this command takes.
  const stats = new MessageStats();
  const renderer = new ConsoleRenderer({
    outputStats: ctx.args.stats,
    inlineImages: ctx.args.inlineImages,
    elapsedSeconds: () => stats.summary().spanSeconds,
  });
  let skipped = 0;
  for await (const item of ctx.items()) {
    if (!item.ok) {
      await ctx.reject(item);
      continue;
    }
    // A MAF document shows as its messages.
    for (const x of itemsOf(item)) {
      let text: string;
      try {
        text = renderer.write(x);
      } catch (e) {
        // A structured message whose own format string fails (Python raises too): report, skip.
        if (!(e instanceof FormatStringError)) throw e;
        skipped++;
        await ctx.io.err(`${describeLocation(item.at)}: ${item.kind}: cannot render: ${e.message}; skipped\n`);
        continue;
      }
      if ("type" in x) stats.add(x as AgentMessage);
      else if ("chat_message" in x) stats.add(x.chat_message);
      await ctx.io.out(text);
    }
  }
  await errorSummary(ctx);
  return skipped > 0 || ctx.invalid.count > 0 ? EXIT.invalid : EXIT.ok;
}

/**
 * `render --html`: the run as one self-contained HTML page (see `renderHtml`). The whole input
 * is read first (the totals head the page). An item that fails validation is reported on stderr
 * and still shown, as the JSON it is, so nothing of the run is missing from the page.
 *
 * @example await renderHtmlPage(ctx) // 0
 */
export async function renderHtmlPage(ctx: RunContext): Promise<number> {
  const items: HtmlItem[] = [];
  for await (const item of ctx.items()) {
    if (item.ok) items.push(...itemsOf(item));
    else {
      await ctx.reject(item);
      if ("payload" in item) items.push(item.payload as HtmlItem); // renderHtml draws any shape
    }
  }
  await ctx.io.out(renderHtml(items, { title: ctx.args.input === undefined ? "AutoGen run" : basename(ctx.args.input) }));
  await errorSummary(ctx);
  return ctx.invalid.count > 0 ? EXIT.invalid : EXIT.ok;
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

/**
 * `stats`: counts per kind and source, chat/event split, token totals, time span; where the
 * invalid items are and their errors grouped by kind and path.
 *
 * @example await stats(ctx)
 */
export async function stats(ctx: RunContext): Promise<number> {
  const acc = new MessageStats();
  const contracts = new Map<string, number>();
  let chat = 0;
  for await (const item of ctx.items()) {
    if (!item.ok) {
      ctx.invalid.add(item);
      continue;
    }
    if (item.maf) contracts.set(item.kind, (contracts.get(item.kind) ?? 0) + 1);
    for (const x of itemsOf(item)) {
      if ("type" in x) {
        const message = x as AgentMessage;
        acc.add(message);
        if (isChatMessage(message)) chat++;
      } else contracts.set(item.kind, (contracts.get(item.kind) ?? 0) + 1);
    }
  }
  const s = acc.summary();
  const invalid = ctx.invalid;
  let text = `Messages: ${s.messages} (${plural(chat, "chat message")}, ${plural(s.messages - chat, "event")})\n`;
  if (contracts.size) text += `Results: ${[...contracts].map(([k, n]) => `${k} ${n}`).join(", ")}\n`;
  if (s.byKind.length) text += `Per kind:\n${pad(s.byKind)}`;
  if (s.bySource.length) text += `Per source:\n${pad(s.bySource)}`;
  text += `Tokens: ${s.promptTokens} prompt, ${s.completionTokens} completion\n`;
  if (s.firstCreatedAt !== null) text += `Time span: ${s.firstCreatedAt} .. ${s.lastCreatedAt} (${s.spanSeconds.toFixed(2)} seconds)\n`;
  if (invalid.count > 0) {
    text += `Invalid: ${plural(invalid.count, "item")}, skipped: ${invalid.locations(ctx.args.maxErrors)}\n${errorSummaryText(invalid)}`;
  }
  await ctx.io.out(text);
  return invalid.count > 0 ? EXIT.invalid : EXIT.ok;
}

/** The model `convert` assumes per provider target when `--model` is not given. @example DEFAULT_MODELS.anthropic // "claude-sonnet-4-20250514" */
export const DEFAULT_MODELS: Readonly<Record<"openai" | "anthropic", string>> = { openai: "gpt-4o", anthropic: "claude-sonnet-4-20250514" };

/**
 * `convert --to agentscope`: each message as AgentScope's `Msg.to_dict()`, one JSON line each
 * (kinds AgentScope cannot hold, and invalid items, are reported on stderr and skipped).
 * `openai`, `anthropic`, `gemini` and `ai-sdk` write one provider request body built from the
 * run's model messages (see {@link convertChat}); `--as <agent>` takes them from that
 * AssistantAgent's model context. No target, or an unknown one, names the supported ones (exit 2).
 *
 * @example await convert(ctx) // 0
 */
export async function convert(ctx: RunContext): Promise<number> {
  const { to, as } = ctx.args;
  if (to === undefined || !(CONVERT_TARGETS as readonly string[]).includes(to)) {
    const problem = to === undefined ? "convert needs a target: --to <target>." : `cannot convert to ${JSON.stringify(to)}.`;
    await ctx.io.err(`agentchat-messages: ${problem}\nSupported targets: ${CONVERT_TARGETS.join(", ")}.\nRun agentchat-messages convert --help for what each writes.\n`);
    return EXIT.usage;
  }
  if (to === "maf") return convertMaf(ctx);
  if (to !== "agentscope") return convertChat(to as ProviderTarget, ctx);
  if (as !== undefined) {
    await ctx.io.err("agentchat-messages: --as applies to the model targets (openai, anthropic, gemini, ai-sdk), not agentscope.\n");
    return EXIT.usage;
  }
  let skipped = 0;
  for await (const item of ctx.items()) {
    if (!item.ok) {
      await ctx.reject(item);
      continue;
    }
    if (!item.maf && !("type" in item.item)) {
      skipped++;
      await ctx.io.err(`${describeLocation(item.at)}: ${item.kind} is not a message; skipped\n`);
      continue;
    }
    for (const x of itemsOf(item)) {
      try {
        await ctx.io.out(`${JSON.stringify(msgToDict(toAgentScope(x)))}\n`);
      } catch (e) {
        skipped++;
        await ctx.io.err(`${describeLocation(item.at)}: ${item.kind}: ${e instanceof Error ? e.message : String(e)}; skipped\n`);
      }
    }
  }
  await errorSummary(ctx);
  return skipped > 0 || ctx.invalid.count > 0 ? EXIT.invalid : EXIT.ok;
}

/** The `convert` targets that are model-client requests. @example const t: ProviderTarget = "gemini" */
export type ProviderTarget = Exclude<(typeof CONVERT_TARGETS)[number], "agentscope" | "maf">;

/** The session id `convert --to maf` gives an agent of a saved state: the names on its path (`team/inner`), or `agent`. */
function agentSessionId(path: ReadonlyArray<string | number>): string {
  const names = path.flatMap((key, i) => (path[i - 1] === "agent_states" ? [String(key)] : []));
  return names.length ? names.join("/") : "agent";
}

/**
 * `convert --to maf`: Microsoft Agent Framework 1.13 documents, one JSON line each, in the exact
 * text MAF writes (`dumpMafJson`). A saved AutoGen state (a team's or an agent's, one JSON document)
 * gives one `AgentSession` per AssistantAgent (`toMafSessions`; session id: the agent's name, inner
 * teams as `team/agent`); the run's messages give MAF `Message`s (`toMafMessages`, written after
 * the sessions), or with `--as <agent>` that AssistantAgent's model context as one `AgentSession`
 * (session id: the agent's name). A MAF document in the input is written as it is. Invalid items
 * are reported on stderr and skipped (exit 1).
 *
 * @example await convertMaf(ctx) // 0
 */
export async function convertMaf(ctx: RunContext): Promise<number> {
  const { as, model } = ctx.args;
  if (model !== undefined) {
    await ctx.io.err("agentchat-messages: --model applies to openai and anthropic, not maf.\n");
    return EXIT.usage;
  }
  const items: unknown[] = [];
  let skipped = 0;
  for await (const item of ctx.items()) {
    if (item.ok) {
      if (item.maf) await ctx.io.out(`${dumpMafJson(item.maf.value)}\n`);
      else items.push(item.item);
      continue;
    }
    // A saved state is not a message: convert it here (its own errors name their path).
    const payload = "payload" in item ? item.payload : undefined;
    const type = payload !== null && typeof payload === "object" ? (payload as { type?: unknown }).type : undefined;
    if (typeof type === "string" && type.endsWith("State")) {
      const r = safeLoadState(payload);
      if (!r.success) {
        await ctx.reject({ ...item, error: r.error, payload });
        continue;
      }
      const sessions = toMafSessions(r.data, { sessionId: ({ path }) => agentSessionId(path) });
      if (sessions.length === 0) {
        skipped++;
        await ctx.io.err(`${describeLocation(item.at)}: ${type} holds no AssistantAgent state; nothing to convert\n`);
      }
      for (const { session } of sessions) await ctx.io.out(`${dumpMafJson(session)}\n`);
      continue;
    }
    await ctx.reject(item);
  }
  try {
    if (as !== undefined) await ctx.io.out(`${dumpMafJson(toMafSession(toModelContext(items, { agent: as }), { sessionId: as }))}\n`);
    else for (const m of toMafMessages(items)) await ctx.io.out(`${dumpMafJson(m)}\n`);
  } catch (e) {
    await ctx.io.err(`agentchat-messages: ${e instanceof Error ? e.message : String(e)}\n`);
    return EXIT.invalid;
  }
  await errorSummary(ctx);
  return skipped > 0 || ctx.invalid.count > 0 ? EXIT.invalid : EXIT.ok;
}

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
 * chat message as `toModelMessage` makes it (events skipped), or with `--as` the model context of
 * that AssistantAgent (`toModelContext`: its replies and tool calls as assistant turns, tool
 * results, memory). Invalid items are reported on stderr and skipped (exit 1).
 *
 * @example await convertChat("gemini", ctx) // 0
 */
export async function convertChat(to: ProviderTarget, ctx: RunContext): Promise<number> {
  const { model, as } = ctx.args;
  if (model !== undefined && (to === "gemini" || to === "ai-sdk")) {
    await ctx.io.err(`agentchat-messages: --model applies to openai and anthropic, not ${to}.\n`);
    return EXIT.usage;
  }
  const items: unknown[] = [];
  for await (const item of ctx.items()) {
    if (!item.ok) {
      await ctx.reject(item);
      continue;
    }
    for (const x of itemsOf(item)) {
      if (as !== undefined) items.push(x);
      else if ("type" in x && isChatMessage(x)) items.push(toModelMessage(x));
    }
  }
  try {
    const llm = as !== undefined ? toModelContext(items, { agent: as }) : (items as LLMMessage[]);
    await ctx.io.out(`${JSON.stringify(BUILDERS[to](llm, model), null, 2)}\n`);
  } catch (e) {
    await ctx.io.err(`agentchat-messages: ${e instanceof Error ? e.message : String(e)}\n`);
    return EXIT.invalid;
  }
  await errorSummary(ctx);
  return ctx.invalid.count > 0 ? EXIT.invalid : EXIT.ok;
}
