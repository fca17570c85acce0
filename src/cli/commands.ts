/**
 * The CLI's commands. Each reads the input as a stream of items through its {@link RunContext},
 * writes through `out` / `err` (which wait for the terminal or pipe to drain, so memory stays
 * bounded) and returns the exit status.
 */
/// <reference types="node" />
import { open, rename, rm, stat } from "node:fs/promises";
import { basename, dirname, join } from "node:path";
import { ConsoleRenderer, type ConsoleItem } from "../console/renderer.js";
import { MessageStats } from "../run/stats.js";
import { MessageAccumulator } from "../run/messages.js";
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
import type { Response, TaskResult } from "../contracts/schemas.js";
import { CONVERT_TARGETS, targetHint, type RunArgs } from "./args.js";
import { renderHtml, type HtmlItem } from "../html/index.js";
import { componentNodes, componentText, stateContextMessages, stateMessages, stateText } from "./documents.js";
import { describeLocation, foundLabel, InputError, itemsOf, type InputItem } from "./input.js";
import { dumpMafJson, toMafMessages, toMafSession, toMafSessions } from "../maf/index.js";
import { formatPath } from "../errors.js";
import { agentsWithoutContext } from "./no-context.js";
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
      const label = foundLabel(item.found, item.kind); // says what was found: a message, a saved state, a component config
      counts.set(label, (counts.get(label) ?? 0) + 1);
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
  // A saved TaskResult / Response holds messages no stream showed: they are printed (and counted) before its
  // summary, each once by id, so a result that follows its own streamed messages prints as Console does.
  const seen = new MessageAccumulator();
  for await (const item of ctx.items()) {
    if (!item.ok) {
      await ctx.reject(item);
      continue;
    }
    if (item.found === "state") {
      await ctx.io.out(stateText(item.state, item.kind));
      continue;
    }
    if (item.found === "component") {
      await ctx.io.out(componentText(item.component, item.kind));
      continue;
    }
    // A MAF document shows as its messages.
    const show = async (x: ConsoleItem, kind: string): Promise<void> => {
      let text: string;
      try {
        text = renderer.write(x);
      } catch (e) {
        // A structured message whose own format string fails (Python raises too): report, skip.
        if (!(e instanceof FormatStringError)) throw e;
        skipped++;
        await ctx.io.err(`${describeLocation(item.at)}: ${kind}: cannot render: ${e.message}; skipped\n`);
        return;
      }
      if ("type" in x) stats.add(x as AgentMessage);
      else if ("chat_message" in x && seen.add(x.chat_message)) stats.add(x.chat_message);
      await ctx.io.out(text);
    };
    for (const x of itemsOf(item)) {
      if ("type" in x) seen.add(x as AgentMessage);
      else for (const m of unshownOf(x)) if (seen.add(m)) await show(m, m.type);
      await show(x, item.kind);
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
  const found = new Set<string>();
  for await (const item of ctx.items()) {
    if (!item.ok) {
      await ctx.reject(item);
      if ("payload" in item) items.push(item.payload as HtmlItem); // renderHtml draws any shape
    } else if (item.found === "state") {
      // The messages the state holds; a model context's messages are drawn as the JSON they are.
      found.add(foundLabel(item.found, item.kind));
      items.push(...stateMessages(item.state), ...(stateContextMessages(item.state) as unknown as HtmlItem[]));
    } else if (item.found === "component") {
      found.add(foundLabel(item.found, item.kind));
      items.push(item.component as unknown as HtmlItem);
    } else items.push(...itemsOf(item));
  }
  const name = ctx.args.input === undefined ? "AutoGen run" : basename(ctx.args.input);
  await ctx.io.out(renderHtml(items, { title: found.size ? `${name}: ${[...found].join(", ")}` : name }));
  await errorSummary(ctx);
  return ctx.invalid.count > 0 ? EXIT.invalid : EXIT.ok;
}

/**
 * An {@link Output} whose `out` goes to `path`; `err` stays `io.err`. The text is written to a
 * temporary file beside `path` and becomes `path` only on `close(true)` (the command ran: exit 0
 * or 1); `close(false)` removes it, so a failed run leaves no empty or partial file behind and an
 * existing file at `path` untouched. Throws {@link InputError} (exit 2) when the file cannot be
 * written there.
 *
 * @example const file = await fileOutput("run.html", io); try { await file.out(html) } finally { await file.close(true) }
 */
export async function fileOutput(path: string, io: Output): Promise<Output & { close(commit: boolean): Promise<void> }> {
  const cannot = (e: unknown) => {
    const code = (e as { code?: string }).code;
    const reason = code === "ENOENT" ? "no such directory" : code === "EISDIR" ? "is a directory" : code === "EACCES" ? "permission denied" : e instanceof Error ? e.message : String(e);
    return new InputError(`cannot write ${path}: ${reason}`);
  };
  if ((await stat(path).catch(() => null))?.isDirectory()) throw cannot({ code: "EISDIR" });
  const temp = join(dirname(path), `.${basename(path)}.${process.pid}.partial`);
  let handle: Awaited<ReturnType<typeof open>>;
  try {
    handle = await open(temp, "w");
  } catch (e) {
    throw cannot(e);
  }
  return {
    out: async (text) => {
      if (text.length > 0) await handle.write(text);
    },
    err: io.err,
    close: async (commit) => {
      await handle.close();
      if (!commit) return rm(temp, { force: true });
      try {
        await rename(temp, path);
      } catch (e) {
        await rm(temp, { force: true });
        throw cannot(e);
      }
    },
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
  const documents = new Map<string, number>();
  const components = new Map<string, number>();
  let contextMessages = 0;
  let chat = 0;
  // A result's messages count once by id: those its stream showed are not counted again (see render).
  const seen = new MessageAccumulator();
  const add = (message: AgentMessage) => {
    acc.add(message);
    if (isChatMessage(message)) chat++;
  };
  for await (const item of ctx.items()) {
    if (!item.ok) {
      ctx.invalid.add(item);
      continue;
    }
    if (item.found === "state") {
      // A saved state: the messages it holds (each once), and its model contexts' size.
      documents.set(foundLabel(item.found, item.kind), (documents.get(foundLabel(item.found, item.kind)) ?? 0) + 1);
      stateMessages(item.state).forEach(add);
      contextMessages += stateContextMessages(item.state).length;
    } else if (item.found === "component") {
      documents.set(foundLabel(item.found, item.kind), (documents.get(foundLabel(item.found, item.kind)) ?? 0) + 1);
      for (const { component } of componentNodes(item.component)) components.set(String(component.provider), (components.get(String(component.provider)) ?? 0) + 1);
    } else {
      if (item.maf) contracts.set(item.kind, (contracts.get(item.kind) ?? 0) + 1);
      for (const x of itemsOf(item)) {
        if ("type" in x) {
          seen.add(x as AgentMessage);
          add(x as AgentMessage);
        } else {
          contracts.set(item.kind, (contracts.get(item.kind) ?? 0) + 1);
          for (const m of messagesOf(x)) if (seen.add(m)) add(m);
        }
      }
    }
  }
  const s = acc.summary();
  const invalid = ctx.invalid;
  let text = documents.size ? `Found: ${[...documents].map(([k, n]) => `${k} ${n}`).join(", ")}\n` : "";
  text += `Messages: ${s.messages} (${plural(chat, "chat message")}, ${plural(s.messages - chat, "event")})\n`;
  if (contextMessages) text += `Model-context messages: ${contextMessages}\n`;
  if (components.size) text += `Components (nested included):\n${pad([...components].sort((a, b) => b[1] - a[1]))}`;
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
    const problem = to === undefined ? "convert needs a target: --to <target>." : `cannot convert to ${JSON.stringify(to)}${targetHint(to)}.`;
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
    if (item.found === "state" || item.found === "component" || (!item.maf && !("type" in item.item))) {
      skipped++;
      await ctx.io.err(`${describeLocation(item.at)}: ${foundLabel(item.found, item.kind)} is not a message; skipped\n`);
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
 * (session id: the agent's name). A MAF document in the input is written as it is. An agent with
 * no model context (a `BaseState`) has nothing to carry over: named on stderr, not an error (exit 0).
 * Invalid items are reported on stderr and skipped (exit 1).
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
  const agents = new Set<string>();
  let sawState = false;
  for await (const item of ctx.items()) {
    if (!item.ok) {
      await ctx.reject(item);
      continue;
    }
    if (item.found === "component") {
      skipped++;
      await ctx.io.err(`${describeLocation(item.at)}: ${foundLabel(item.found, item.kind)} is not a run or a state; skipped\n`);
      continue;
    }
    if (item.found === "state") {
      // A saved state: one AgentSession per AssistantAgent. An agent with no model context (a
      // CodeExecutorAgent's or UserProxyAgent's BaseState) has nothing to carry over: named, not an error.
      sawState = true;
      const all = toMafSessions(item.state, { sessionId: ({ path }) => agentSessionId(path) });
      for (const { agent } of all) if (agent !== null) agents.add(agent);
      const sessions = as === undefined ? all : all.filter(({ agent }) => agent === as);
      for (const { agent, path, type } of agentsWithoutContext(item.state)) {
        if (agent !== null) agents.add(agent);
        if (as !== undefined && agent !== as) continue;
        const what = agent === null ? type : `agent ${JSON.stringify(agent)} (${type} at ${formatPath(path)})`;
        await ctx.io.err(`${describeLocation(item.at)}: ${what} has no model context to carry over (as a CodeExecutorAgent or UserProxyAgent saves); no session written\n`);
      }
      for (const { session } of sessions) await ctx.io.out(`${dumpMafJson(session)}\n`);
      continue;
    }
    if (item.maf) await ctx.io.out(`${dumpMafJson(item.maf.value)}\n`);
    else {
      items.push(item.item);
      for (const m of messagesOf(item.item)) agents.add(m.source);
    }
  }
  if (as !== undefined && !agents.has(as)) {
    const known = agents.size ? `The agents in the run: ${[...agents].join(", ")}.` : "The run has no messages.";
    await ctx.io.err(`agentchat-messages: no agent ${JSON.stringify(as)} in the run (--as names the source of an agent's messages).\n${known}\n`);
    return EXIT.usage;
  }
  try {
    // A state file alone gives its sessions only; a run (or run items beside a state) its messages or --as session.
    if (items.length > 0 || !sawState) {
      if (as !== undefined) await ctx.io.out(`${dumpMafJson(toMafSession(toModelContext(items, { agent: as }), { sessionId: as }))}\n`);
      else for (const m of toMafMessages(items)) await ctx.io.out(`${dumpMafJson(m)}\n`);
    }
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
  const agents = new Set<string>();
  let skipped = 0;
  for await (const item of ctx.items()) {
    if (!item.ok) {
      await ctx.reject(item);
      continue;
    }
    if (item.found === "state" || item.found === "component") {
      skipped++;
      await ctx.io.err(`${describeLocation(item.at)}: ${foundLabel(item.found, item.kind)} is not part of a run; skipped\n`);
      continue;
    }
    for (const x of itemsOf(item)) {
      if (as !== undefined) {
        items.push(x);
        for (const m of messagesOf(x)) agents.add(m.source);
      } else if ("type" in x && isChatMessage(x)) items.push(toModelMessage(x));
    }
  }
  if (as !== undefined && !agents.has(as)) {
    // Not an empty context: a misspelt or absent agent is a usage error, with the names to choose from.
    const known = agents.size ? `The agents in the run: ${[...agents].join(", ")}.` : "The run has no messages.";
    await ctx.io.err(`agentchat-messages: no agent ${JSON.stringify(as)} in the run (--as names the source of an agent's messages).\n${known}\n`);
    return EXIT.usage;
  }
  try {
    const llm = as !== undefined ? toModelContext(items, { agent: as }) : (items as LLMMessage[]);
    await ctx.io.out(`${JSON.stringify(BUILDERS[to](llm, model), null, 2)}\n`);
  } catch (e) {
    await ctx.io.err(`agentchat-messages: ${e instanceof Error ? e.message : String(e)}\n`);
    return EXIT.invalid;
  }
  await errorSummary(ctx);
  return skipped > 0 || ctx.invalid.count > 0 ? EXIT.invalid : EXIT.ok;
}

/**
 * What Console does not print itself of a result: a `TaskResult`'s messages, a `Response`'s inner messages
 * (its chat message is printed by the Response's own block).
 */
function unshownOf(item: TaskResult | Response): readonly AgentMessage[] {
  return "chat_message" in item ? (item.inner_messages ?? []) : item.messages;
}

/** The messages of a run item: the message itself, a `TaskResult`'s messages, a `Response`'s chat and inner messages. */
function messagesOf(item: ConsoleItem): readonly AgentMessage[] {
  if ("type" in item) return [item as AgentMessage];
  if ("chat_message" in item) return [...(item.inner_messages ?? []), item.chat_message];
  return item.messages;
}
