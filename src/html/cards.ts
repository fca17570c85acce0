/**
 * One card per message: a header (number, source, kind, time, token usage) and a body drawn
 * for its kind. Built-in kinds get their own layout; a registered custom kind shows its
 * registry `toText`; anything else shows its fields as JSON. Every field is checked before
 * use, so an item of an unexpected shape is drawn generically instead of breaking the page.
 */
import { isStructuredMessageType } from "../schemas/chat-messages.js";
import type { MessageRegistry } from "../registry.js";
import { createdAtToDate } from "../wire/datetime.js";
import { imageDataUri } from "../wire/image-data.js";
import { escapeAttr, escapeHtml as esc } from "./escape.js";
import { describeThrown, prettyJsonText, showJson } from "./json.js";
import { isRec, NO_SOURCE, usageOf, type CallSlot, type CardSlot, type MessageEntry, type Rec, type Run } from "./plan.js";
import { preBlock, textBlock } from "./text.js";
import { KIND } from "../kind-groups.js";

/** What the cards need besides their message. */
export interface CardContext {
  readonly run: Run;
  readonly registry: MessageRegistry;
  /** `created_at` of the run's first message in ms, for "+12.5 s" offsets. */
  readonly start: number | null;
  /** Put before every `id` the page writes (cards `m1`, calls `call-1`), so that several views can share a page. */
  readonly prefix: string;
}

const BASE_FIELDS = new Set(["id", "source", "models_usage", "metadata", "created_at", "type"]);

const str = (v: unknown): string | null => (typeof v === "string" ? v : null);

/** `1234567` → `1,234,567` (no locale data needed). */
export function num(n: number): string {
  const digits = String(n);
  if (!/^-?\d{4,}$/.test(digits)) return digits;
  let out = "";
  const start = digits[0] === "-" ? 1 : 0;
  for (let i = digits.length; i > start; i -= 3) out = `${digits.slice(Math.max(start, i - 3), i)}${out ? `,${out}` : ""}`;
  return digits.slice(0, start) + out;
}

/**
 * `12.50 s`, `4 min 12 s`, `2 h 3 min`. Under a minute always with two decimals (as AutoGen's
 * Console prints a duration, `{:.2f}`), so that offsets down a run line up: `+5.00 s`, `+10.00 s`.
 */
export function duration(seconds: number): string {
  if (seconds < 59.995) return `${seconds.toFixed(2)} s`;
  const s = Math.round(seconds);
  if (s < 3600) return `${Math.floor(s / 60)} min ${s % 60} s`;
  return `${Math.floor(s / 3600)} h ${Math.floor((s % 3600) / 60)} min`;
}

function jsonBlock(value: unknown): string {
  return preBlock(showJson(value), "wrap json");
}

function label(text: string): string {
  return `<div class="label">${esc(text)}</div>`;
}

function sourceClass(ctx: CardContext, source: unknown): string {
  const slot = typeof source === "string" ? ctx.run.sources.get(source) : undefined;
  return slot === undefined ? "s7" : `s${slot}`;
}

/** Time of day as written (`09:26:53.250`), the full value in `datetime`, and the offset from the run's start. */
function timeHtml(createdAt: unknown, ctx: CardContext): string {
  if (typeof createdAt !== "string" || createdAt === "") return "";
  const m = /T(\d\d:\d\d(?::\d\d)?)(?:\.(\d{1,3})\d*)?(Z|[+-]\d\d:?\d\d)?$/.exec(createdAt);
  const shown = m ? `${m[1]}${m[2] ? `.${m[2].padEnd(3, "0")}` : ""}${m[3] && m[3] !== "Z" ? ` ${m[3]}` : ""}` : createdAt;
  let rel = "";
  if (ctx.start !== null) {
    try {
      const seconds = (createdAtToDate(createdAt).getTime() - ctx.start) / 1000;
      rel = `<span class="rel">+${duration(Math.max(0, seconds))}</span>`;
    } catch {
      // not a datetime: the text alone
    }
  }
  return `<time datetime="${escapeAttr(createdAt)}">${esc(shown)}</time>${rel}`;
}

function usageHtml(m: Rec): string {
  const u = usageOf(m);
  return u ? `<span class="usage">${num(u.prompt_tokens)} prompt · ${num(u.completion_tokens)} completion tokens</span>` : "";
}

/**
 * The card's frame: a `<details>` (open) whose summary is the header line, then `body`. The
 * article carries the card's agent and kind (`data-s`, `data-k`) for the view's filters, and
 * class `ev` when it is an event (what "Collapse events" folds).
 */
function card(slot: CardSlot, classes: string, m: Rec, kind: string, body: string, ctx: CardContext): string {
  const source = str(m.source);
  const n = slot.n;
  const group = typeof m.type === "string" ? ctx.registry.kind(m.type)?.group : undefined;
  const ev = group === "event" || (group === undefined && kind.startsWith(KIND.ModelClientStreamingChunkEvent)) ? " ev" : "";
  return (
    `<article class="msg ${sourceClass(ctx, m.source)}${classes}${ev}" id="${ctx.prefix}m${n}" data-s="${slot.s ?? ""}" data-k="${slot.k ?? ""}"><details open><summary class="head">` +
    `<a class="n" href="#${ctx.prefix}m${n}">#${n}</a><span class="src">${source === null ? NO_SOURCE : esc(source)}</span>` +
    `<span class="kind">${esc(kind)}</span>${timeHtml(m.created_at, ctx)}${usageHtml(m)}</summary>${body}</details></article>\n`
  );
}

function image(data: unknown, alt: string): string {
  const base64 = isRec(data) ? data.data : data;
  if (typeof base64 !== "string") return jsonBlock(data);
  try {
    return `<img src="${escapeAttr(imageDataUri(base64))}" alt="${escapeAttr(alt)}">`;
  } catch {
    return `<div class="note err">${esc(alt)}: not decodable base64 (${num(base64.length)} characters)</div>`;
  }
}

function callBlock(call: Rec, ctx: CardContext): string {
  const slot: CallSlot | undefined = ctx.run.calls.get(call);
  const name = str(call.name) ?? "(unnamed call)";
  const args = str(call.arguments);
  const result = slot?.result;
  const failed = result?.is_error === true;
  const badge = !result ? `<span class="badge">no result</span>` : failed ? `<span class="badge err">error</span>` : `<span class="badge ok">result</span>`;
  let html =
    `<details class="call${failed ? " failed" : ""}"${slot ? ` id="${ctx.prefix}${slot.anchor}"` : ""} open><summary><span class="fn">${esc(name)}</span> ` +
    `<span class="id">${esc(str(call.id) ?? "")}</span> ${badge}</summary>`;
  if (args === null) html += label("arguments") + jsonBlock(call.arguments);
  else {
    const pretty = prettyJsonText(args);
    html += pretty === null ? label("arguments (not JSON)") + preBlock(args, "wrap") : label("arguments") + preBlock(pretty, "wrap json");
  }
  if (result) {
    const from = slot?.resultCard?.n ? ` · <a href="#${ctx.prefix}m${slot.resultCard.n}">#${slot.resultCard.n}</a>` : "";
    html += `<div class="label">${failed ? "error" : "result"}${from}</div>${resultContent(result)}`;
  }
  return `${html}</details>`;
}

function resultContent(result: Rec): string {
  const content = str(result.content);
  return content === null ? jsonBlock(result.content) : preBlock(content, `wrap${result.is_error === true ? " err" : ""}`);
}

/** A result whose call is not in the page: shown in full where it is. */
function lonelyResult(result: Rec): string {
  const failed = result.is_error === true;
  return (
    `<details class="call${failed ? " failed" : ""}" open><summary><span class="fn">${esc(str(result.name) ?? "(unnamed call)")}</span> ` +
    `<span class="id">${esc(str(result.call_id) ?? "")}</span> <span class="badge${failed ? " err" : " ok"}">${failed ? "error" : "result"}</span> ` +
    `<span class="note">call not in this transcript</span></summary>${resultContent(result)}</details>`
  );
}

function executionBody(content: unknown[], ctx: CardContext): string {
  let html = "";
  for (const r of content) {
    if (!isRec(r)) {
      html += jsonBlock(r);
      continue;
    }
    const slot = ctx.run.results.get(r);
    if (!slot) {
      html += lonelyResult(r);
      continue;
    }
    const failed = r.is_error === true;
    html +=
      `<div class="note">${failed ? `<span class="badge err">error</span>` : `<span class="badge ok">result</span>`} of ` +
      `<a href="#${ctx.prefix}${slot.anchor}"><span class="fn">${esc(str(r.name) ?? "(unnamed call)")}</span></a> <span class="id">${esc(str(r.call_id) ?? "")}</span>, shown with its call</div>`;
  }
  return html || `<div class="note">(no results)</div>`;
}

/** An LLM message of a handoff's context, compactly. */
function llmMessage(m: unknown): string {
  if (!isRec(m)) return jsonBlock(m);
  const head = `<div class="label">${esc(str(m.type) ?? "message")}${str(m.source) ? ` · ${esc(m.source as string)}` : ""}</div>`;
  let body = "";
  if (typeof m.thought === "string") body += textBlock(m.thought, "thought");
  if (typeof m.content === "string") body += textBlock(m.content);
  else if (Array.isArray(m.content)) {
    for (const c of m.content) {
      if (isRec(c) && typeof c.name === "string" && typeof c.arguments === "string") body += preBlock(`${c.name}(${c.arguments})`, "wrap");
      else if (isRec(c) && "call_id" in c) body += resultContent(c);
      else if (typeof c === "string") body += textBlock(c);
      else if (isRec(c) && typeof c.data === "string") body += image(c, "image");
      else body += jsonBlock(c);
    }
  } else body += jsonBlock(m.content);
  return `<div class="part">${head}${body}</div>`;
}

function memoryItem(item: unknown, i: number): string {
  if (!isRec(item)) return jsonBlock(item);
  const mime = str(item.mime_type) ?? "";
  let body: string;
  if (mime.startsWith("image/")) body = image(item.content, `memory image ${i + 1}`);
  else if (typeof item.content === "string") body = mime.includes("json") ? preBlock(prettyJsonText(item.content) ?? item.content, "wrap json") : textBlock(item.content);
  else body = jsonBlock(item.content);
  const meta = isRec(item.metadata) && Object.keys(item.metadata).length ? `<details><summary>metadata</summary>${jsonBlock(item.metadata)}</details>` : "";
  return `<div class="part">${label(mime || "memory")}${body}${meta}</div>`;
}

/** Fields beyond the base ones, for kinds drawn generically. */
function extraFields(m: Rec, skip: ReadonlySet<string>): Rec | null {
  let out: Rec | null = null;
  for (const key of Object.keys(m)) {
    if (BASE_FIELDS.has(key) || skip.has(key)) continue;
    (out ??= {})[key] = m[key];
  }
  return out;
}

function genericBody(m: Rec, note: string): string {
  let html = note ? `<div class="note">${esc(note)}</div>` : "";
  if (typeof m.content === "string") html += textBlock(m.content);
  else if ("content" in m) html += jsonBlock(m.content);
  const extra = extraFields(m, new Set(["content"]));
  if (extra) html += jsonBlock(extra);
  return html;
}

function structuredBody(m: Rec, ctx: CardContext): string | null {
  if (!isRec(m.content)) return null;
  const kind = ctx.registry.kind(m.type as string);
  if (m.format_string !== null && m.format_string !== undefined && kind) {
    try {
      return textBlock(kind.toText(m, {})) + `<details><summary>content (JSON)</summary>${jsonBlock(m.content)}</details>`;
    } catch (e) {
      return `<div class="note err">format_string failed: ${esc(describeThrown(e))}</div>${jsonBlock(m.content)}`;
    }
  }
  return jsonBlock(m.content);
}

/** The body of a message card, by kind; `null` when the kind's own layout does not fit the item. */
function kindBody(m: Rec, type: string, ctx: CardContext): string | null {
  const content = m.content;
  const text = str(content);
  switch (type) {
    case KIND.TextMessage:
    case KIND.StopMessage:
    case KIND.ThoughtEvent:
    case KIND.SelectorEvent:
    case KIND.ModelClientStreamingChunkEvent:
      return text === null ? null : textBlock(text);
    case KIND.ToolCallSummaryMessage: {
      if (text === null) return null;
      const links = Array.isArray(m.tool_calls)
        ? m.tool_calls
            .filter(isRec)
            .map((c) => {
              const slot = typeof c.id === "string" ? ctx.run.callsById.get(c.id) : undefined;
              const name = `<span class="fn">${esc(str(c.name) ?? "(unnamed call)")}</span>`;
              return slot ? `<a href="#${ctx.prefix}${slot.anchor}">${name}</a>` : name;
            })
        : [];
      return textBlock(text) + (links.length ? `<div class="note">summary of ${links.join(", ")}</div>` : "");
    }
    case KIND.HandoffMessage: {
      if (text === null || typeof m.target !== "string") return null;
      const context = Array.isArray(m.context) && m.context.length ? `<details><summary>context: ${m.context.length} model message${m.context.length === 1 ? "" : "s"}</summary>${m.context.map(llmMessage).join("")}</details>` : "";
      return (
        `<div class="transfer"><span class="src">${esc(str(m.source) ?? "")}</span><span class="arrow">hands off to →</span>` +
        `<span class="${sourceClass(ctx, m.target)}"><span class="src">${esc(m.target)}</span></span></div>${textBlock(text)}${context}`
      );
    }
    case KIND.MultiModalMessage:
      if (!Array.isArray(content)) return null;
      return content.map((c, i) => `<div class="part">${typeof c === "string" ? textBlock(c) : image(c, `image ${i + 1}`)}</div>`).join("");
    case KIND.ToolCallRequestEvent:
      if (!Array.isArray(content)) return null;
      return content.map((c) => (isRec(c) ? callBlock(c, ctx) : jsonBlock(c))).join("") || `<div class="note">(no calls)</div>`;
    case KIND.ToolCallExecutionEvent:
      return Array.isArray(content) ? executionBody(content, ctx) : null;
    case KIND.MemoryQueryEvent:
      return Array.isArray(content) ? content.map(memoryItem).join("") || `<div class="note">(nothing found)</div>` : null;
    case KIND.SelectSpeakerEvent:
      if (!Array.isArray(content) || !content.every((s) => typeof s === "string")) return null;
      return `<div class="transfer"><span class="arrow">next speaker →</span>${content.map((s) => `<span class="${sourceClass(ctx, s)}"><span class="src">${esc(s)}</span></span>`).join("")}</div>`;
    case KIND.UserInputRequestedEvent:
      return `<div class="note">waiting for user input${typeof m.request_id === "string" ? ` (request ${esc(m.request_id)})` : ""}</div>${text ? textBlock(text) : ""}`;
    case KIND.CodeGenerationEvent: {
      if (text === null) return null;
      const blocks = Array.isArray(m.code_blocks) ? m.code_blocks.filter(isRec) : [];
      const langs = [...new Set(blocks.map((b) => str(b.language) || "?"))].join(", ");
      const attempt = typeof m.retry_attempt === "number" && m.retry_attempt > 0 ? `retry ${m.retry_attempt} · ` : "";
      return `<div class="note">${esc(`${attempt}${blocks.length} code block${blocks.length === 1 ? "" : "s"}${langs ? ` (${langs})` : ""}`)}</div>${textBlock(text)}`;
    }
    case KIND.CodeExecutionEvent: {
      const r = m.result;
      if (!isRec(r) || typeof r.output !== "string") return null;
      const ok = r.exit_code === 0;
      const attempt = typeof m.retry_attempt === "number" && m.retry_attempt > 0 ? ` · retry ${m.retry_attempt}` : "";
      return `<div class="note"><span class="badge ${ok ? "ok" : "err"}">exit code ${esc(showJson(r.exit_code, false, 100))}</span>${attempt}</div>${preBlock(r.output, `code${ok ? "" : " err"}`)}`;
    }
  }
  if (isStructuredMessageType(type)) return structuredBody(m, ctx);
  const kind = ctx.registry.kind(type);
  return kind ? textBlock(kind.toText(m, {})) : null;
}

const KIND_CLASS: Readonly<Record<string, string>> = { ThoughtEvent: " thought", StopMessage: " stop" };

/** The card of a message entry (or of the stream it starts, for an orphan chunk). */
export function messageCard(e: MessageEntry, ctx: CardContext): string {
  const m = e.message;
  if (e.orphan) {
    const s = e.orphan;
    const body = `<div class="note">streamed in ${s.chunks.length} chunk${s.chunks.length === 1 ? "" : "s"}; the message they make up is not in this transcript</div>${textBlock(s.text)}`;
    return card(e, "", m, `ModelClientStreamingChunkEvent ×${s.chunks.length}`, body, ctx);
  }
  const type = str(m.type);
  let body: string | null = null;
  let note = "";
  if (type === null) note = "no message type";
  else {
    try {
      body = kindBody(m, type, ctx);
      if (body === null) note = ctx.registry.kind(type) ? `unexpected shape for ${type}` : "unknown message type";
    } catch (err) {
      note = `could not render as ${type}: ${describeThrown(err)}`;
    }
  }
  body ??= genericBody(m, note);
  if (e.stream) body += streamNote(e, m);
  if (isRec(m.metadata) && Object.keys(m.metadata).length) body += `<details><summary>metadata</summary>${jsonBlock(m.metadata)}</details>`;
  const failed = type === KIND.ToolCallExecutionEvent && Array.isArray(m.content) && m.content.some((r) => isRec(r) && r.is_error === true);
  return card(e, `${KIND_CLASS[type ?? ""] ?? ""}${failed ? " failed" : ""}`, m, type ?? "(unknown)", body, ctx);
}

const squash = (s: string) => s.replace(/\s+/g, " ").trim();

/** "streamed in N chunks", and the streamed text itself when it is not the message's text. */
function streamNote(e: MessageEntry, m: Rec): string {
  const s = e.stream!;
  const note = `<div class="note">streamed in ${s.chunks.length} chunk${s.chunks.length === 1 ? "" : "s"}</div>`;
  if (typeof m.content === "string" && squash(m.content) === squash(s.text)) return note;
  return `${note}${label("streamed text")}${textBlock(s.text, "streamed")}`;
}

/** The card of an item that is not an object at all, or that could not be read (`reason`). */
export function valueCard(slot: CardSlot, value: unknown, ctx: CardContext, reason?: string): string {
  const note = reason === undefined ? "" : `<div class="note err">${esc(`could not be read: ${reason}`)}</div>`;
  return card(slot, reason === undefined ? "" : " failed", {}, reason === undefined ? "(not a message)" : "(unreadable)", note + jsonBlock(value), ctx);
}
