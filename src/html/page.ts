/**
 * `renderHtml`: a transcript as one self-contained HTML page. The run's totals first, then one
 * card per message in order; no script, no request (see ./style.ts for the CSP).
 */
import type { ConsoleItem } from "../console/renderer.js";
import { defaultRegistry } from "../registry.js";
import type { RegistryOption } from "../render/renderers.js";
import { createdAtToDate } from "../wire/datetime.js";
import { messageCard, valueCard, num, duration, type CardContext } from "./cards.js";
import { escapeAttr, escapeHtml as esc, needsRestore, RESTORE_SCRIPT } from "./escape.js";
import { describeThrown, showJson } from "./json.js";
import { planRun, type Run } from "./plan.js";
import { PAGE_CSS, pageCsp } from "./style.js";

/**
 * What {@link renderHtml} draws: messages and events as `load` returns them, and the
 * `TaskResult` (`run_stream`) and `Response` (`on_messages_stream`) objects of a run.
 *
 * @example const items: HtmlItem[] = [...messages, taskResult]
 */
export type HtmlItem = ConsoleItem;

/**
 * From this many cards on, the browser may skip laying out the cards off screen
 * (`content-visibility: auto`): the 10,000-message bench page loads about 5× faster in Chromium.
 * Their text stays in the page (find-in-page finds it; `innerText` leaves it out until shown).
 */
const LAZY_FROM = 1000;

/** Options of {@link renderHtml}. @example renderHtml(items, { title: "Trip planner, run 7" }) */
export interface HtmlOptions extends RegistryOption {
  /** The page's heading and `<title>`. Default `"AutoGen run"`. */
  readonly title?: string;
}

/** A stop reason that is not text is shown as one line of JSON, at most this long. */
const STOP_REASON_CAP = 2000;

function stopReasonHtml(reasons: readonly unknown[]): string {
  const text = (r: unknown) => (typeof r === "string" ? esc(r) : r === null || r === undefined ? "none" : esc(showJson(r, false, STOP_REASON_CAP)));
  if (reasons.length === 0) return "not recorded (no TaskResult in the input)";
  if (reasons.length === 1) return text(reasons[0]);
  return `<ol class="reasons">${reasons.map((r) => `<li>${text(r)}</li>`).join("")}</ol>`;
}

/** `last` without the date part when it is `first`'s date. */
function sameDay(first: string, last: string): string {
  const t = last.indexOf("T");
  return t > 0 && first.startsWith(last.slice(0, t + 1)) ? last.slice(t + 1) : last;
}

function summary(run: Run, title: string): string {
  const s = run.stats;
  const chips = (rows: ReadonlyArray<readonly [string, number]>, cls?: (k: string) => string) =>
    `<ul class="chips">${rows.map(([k, n]) => `<li${cls ? ` class="${cls(k)}"` : ""}>${esc(k)}<b>${num(n)}</b></li>`).join("")}</ul>`;
  const span =
    s.firstCreatedAt === null
      ? ""
      : `<div><dt>Duration</dt><dd>${duration(s.spanSeconds)}</dd></div><div><dt>Time</dt><dd>${esc(s.firstCreatedAt)}` +
        `${s.lastCreatedAt !== s.firstCreatedAt ? ` → ${esc(sameDay(s.firstCreatedAt, s.lastCreatedAt ?? ""))}` : ""}</dd></div>`;
  return (
    `<header class="run"><h1>${esc(title)}</h1><dl class="totals">` +
    `<div><dt>Stop reason</dt><dd>${stopReasonHtml(run.stopReasons)}</dd></div>` +
    `<div><dt>Messages</dt><dd>${num(s.messages)}</dd></div>` +
    `<div><dt>Tokens</dt><dd>${num(s.promptTokens)} prompt · ${num(s.completionTokens)} completion</dd></div>${span}</dl>` +
    (s.byKind.length ? `<div class="label">Messages per kind</div>${chips(s.byKind)}` : "") +
    (s.bySource.length ? `<div class="label">Messages per source</div>${chips(s.bySource, (k) => `s${run.sources.get(k) ?? 7}`)}` : "") +
    `</header>\n`
  );
}

/**
 * A transcript as one self-contained HTML page (a string to save as `.html`): the run's stop
 * reason and totals (messages per kind and source, tokens, duration) at the top, then one card
 * per message in order with its source, kind, time and token usage. Streamed chunks are folded
 * into the message they make up; tool calls and their results are paired by `call_id` in
 * collapsible blocks; thoughts, handoffs, errors, images (inline `data:` URIs), structured
 * content and code are each drawn for what they are. Messages of a `TaskResult` / `Response`
 * that were already among the items are not repeated. Custom kinds show their registry
 * `toText`; items of any other shape are shown as JSON, never thrown on.
 *
 * Safe to open from anywhere: all text is escaped, the page has no script, and its
 * Content-Security-Policy refuses every network request. Light and dark follow the system.
 *
 * @example
 * import { renderHtml } from "agentchat-messages/html";
 * const html = renderHtml([...messages, taskResult], { title: "Support triage" });
 * // browser: URL.createObjectURL(new Blob([html], { type: "text/html" }))
 */
export function renderHtml(items: Iterable<HtmlItem>, options: HtmlOptions = {}): string {
  const title = options.title ?? "AutoGen run";
  const run = planRun(items);
  let start: number | null = null;
  try {
    start = run.stats.firstCreatedAt === null ? null : createdAtToDate(run.stats.firstCreatedAt).getTime();
  } catch {
    start = null;
  }
  const ctx: CardContext = { run, registry: options.registry ?? defaultRegistry, start };
  const parts: string[] = [summary(run, title), `<main>\n`];
  for (const e of run.entries) {
    switch (e.kind) {
      case "message":
        if (e.n > 0) {
          try {
            parts.push(messageCard(e, ctx));
          } catch (err) {
            // A getter or proxy of the item threw while its card was drawn.
            parts.push(valueCard(e.n, e.message, ctx, describeThrown(err)));
          }
        }
        break;
      case "value":
        parts.push(valueCard(e.n, e.value, ctx, e.reason));
        break;
      case "result":
        parts.push(`<div class="end">TaskResult: ${num(e.count)} messages · stop reason: ${stopReasonHtml([e.stopReason])}</div>\n`);
        break;
      case "response":
        parts.push(`<div class="end">Response from ${esc(typeof e.source === "string" ? e.source : "?")} · ${num(e.inner)} inner messages</div>\n`);
        break;
    }
  }
  parts.push(`</main>\n<footer>${num(run.cards)} cards · rendered by agentchat-messages</footer>\n`);
  const body = parts.join("");
  const restore = needsRestore(body);
  return (
    `<!doctype html>\n<html lang="en"><head><meta charset="utf-8">\n` +
    `<meta http-equiv="Content-Security-Policy" content="${pageCsp(restore)}">\n` +
    `<meta name="referrer" content="no-referrer"><meta name="viewport" content="width=device-width, initial-scale=1">` +
    `<meta name="color-scheme" content="light dark"><meta name="generator" content="agentchat-messages">\n` +
    `<title>${escapeAttr(title)}</title>\n<style>${PAGE_CSS}</style></head><body${run.cards >= LAZY_FROM ? ' class="lazy"' : ""}>\n${body}` +
    (restore ? `<script>${RESTORE_SCRIPT}</script>\n` : "") +
    `</body></html>\n`
  );
}
