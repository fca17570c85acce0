/**
 * `renderHtml`: a transcript as one self-contained HTML page (or a fragment to put in another
 * page). The run's totals first, then a toolbar, then one card per message in order; no
 * request, and only the view's own hashed script (see ./style.ts for the CSP, ./script.ts).
 */
import type { RunValue } from "../run/values.js";
import { defaultRegistry } from "../registry.js";
import type { RegistryOption } from "../render/renderers.js";
import { createdAtToDate } from "../wire/datetime.js";
import { messageCard, valueCard, num, duration, type CardContext } from "./cards.js";
import { escapeAttr, escapeHtml as esc, needsRestore, RESTORE_SCRIPT } from "./escape.js";
import { HTML_VIEW_SCRIPT } from "./script.js";
import { describeThrown, showJson } from "./json.js";
import { planRun, type Run } from "./plan.js";
import { pageCsp, HTML_VIEW_CSS } from "./style.js";

/**
 * What {@link renderHtml} draws: messages and events as `load` returns them, and the
 * `TaskResult` (`run_stream`) and `Response` (`on_messages_stream`) objects of a run.
 *
 * @example const items: HtmlItem[] = [...messages, taskResult]
 */
export type HtmlItem = RunValue;

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
  /**
   * Return an HTML fragment to put inside another page instead of a whole document: one
   * `<div class="acm-view">` holding its (scoped) stylesheet and the view, with no `<html>`,
   * `<head>` or script. Filters and search need `HTML_VIEW_SCRIPT` run in that page once
   * (docs/html-view.md); without it the cards and their collapsible blocks still work.
   */
  readonly fragment?: boolean;
  /** With `fragment`: include the `<style>` element (default true). Without it, the page must load `HTML_VIEW_CSS`. */
  readonly style?: boolean;
  /** Prefix of every `id` in the view (default `""`), so that several fragments can share a page. */
  readonly idPrefix?: string;
  /** The toolbar (search, collapse) and the filter chips (default true). `false`: a static page with no view script. */
  readonly interactive?: boolean;
}

/** `1 message`, `2 messages`, `1,500 cards`. */
const count = (n: number, word: string): string => `${num(n)} ${word}${n === 1 ? "" : "s"}`;

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

/**
 * The chips of the agents or kinds (`f`: `s` or `k`), each with its card count: with the view's
 * script, "show only" filters. Picking a chip shows only the cards of the chips picked in its row
 * (rows combine); "all", first, is pressed while none is and clears the row.
 */
function chips(f: "s" | "k", label: string, rows: ReadonlyArray<readonly [string, number]>, run: Run, hint: boolean): string {
  const items = rows.map(([name, n], i) => {
    const cls = f === "s" ? ` class="s${run.sources.get(name) ?? 7}"` : "";
    return `<li><button type="button"${cls} data-v="${i}" aria-pressed="false">${esc(name)}<b>${num(n)}</b></button></li>`;
  });
  const all = `<li class="all"><button type="button" aria-pressed="true">all<b>${num(run.cards)}</b></button></li>`;
  return (
    `<div class="row"><div class="label">${label}${hint ? `<span class="hint"> · pick chips to show only their cards</span>` : ""}</div>` +
    `<ul class="chips filter" data-f="${f}" role="group" aria-label="${label}">${all}${items.join("")}</ul></div>`
  );
}

function summary(run: Run, title: string): string {
  const s = run.stats;
  const span =
    s.firstCreatedAt === null
      ? ""
      : `<div><dt>Duration</dt><dd>${duration(s.spanSeconds)}</dd></div><div><dt>Time</dt><dd>${esc(s.firstCreatedAt)}` +
        `${s.lastCreatedAt !== s.firstCreatedAt ? ` → ${esc(sameDay(s.firstCreatedAt, s.lastCreatedAt ?? ""))}` : ""}</dd></div>`;
  const inside = run.items - run.cards;
  const cards =
    `${num(run.cards)} <small>of ${num(run.items)} item${run.items === 1 ? "" : "s"}` +
    `${inside > 0 ? `: ${num(inside)} streamed chunk${inside === 1 ? " is" : "s are"} shown in the card of the message ${inside === 1 ? "it makes" : "they make"} up` : ""}</small>`;
  return (
    `<header class="run"><h1>${esc(title)}</h1><dl class="totals">` +
    `<div><dt>Stop reason</dt><dd>${stopReasonHtml(run.stopReasons)}</dd></div>` +
    `<div><dt>Cards</dt><dd>${cards}</dd></div>` +
    `<div><dt>Tokens</dt><dd>${num(s.promptTokens)} prompt · ${num(s.completionTokens)} completion</dd></div>${span}</dl>` +
    (run.cardSources.length ? chips("s", "Cards per agent", run.cardSources, run, true) : "") +
    (run.cardKinds.length ? chips("k", "Cards per kind", run.cardKinds, run, run.cardSources.length === 0) : "") +
    `</header>\n`
  );
}

/** The toolbar, hidden until the view's script shows it (without the script its buttons would do nothing). */
function tools(run: Run): string {
  return (
    `<div class="tools" hidden><div><input type="search" placeholder="Search the cards  ( / )" aria-label="Search the cards">` +
    `<button type="button" data-act="events">Collapse events</button><button type="button" data-act="calls">Collapse tool calls</button>` +
    `<button type="button" data-act="expand">Expand all</button><button type="button" data-act="reset">Show all</button>` +
    `<output aria-live="polite">all ${count(run.cards, "card")}</output></div></div>\n`
  );
}

/**
 * A transcript as one self-contained HTML page (a string to save as `.html`), or with
 * `fragment: true` as a `<div>` to put in another page. At the top: the run's stop reason, its
 * card count, tokens, duration and time span, and the cards per agent and per kind, which are
 * also the filters; then a toolbar (search, collapse or expand the events, the tool calls or
 * everything); then one card per message in order with its source, kind, time and token usage.
 * Streamed chunks are folded into the message they make up; tool calls and their results are
 * paired by `call_id` in collapsible blocks; thoughts, handoffs, errors, images (inline `data:`
 * URIs, enlarged on click), structured content and code are each drawn for what they are;
 * message text is drawn as Markdown with its marks kept visible. Messages of a `TaskResult` /
 * `Response` that were already among the items are not repeated. Custom kinds show their
 * registry `toText`.
 *
 * Never throws: an item of any shape gets a card (shown as JSON, capped at 200 KB with a note
 * of what was cut; one that cannot even be read says why), and the page stays linear in size
 * and time in its input.
 *
 * Safe to open from anywhere: all text is escaped, links from message text get an `href` only
 * for `http(s):` and `mailto:`, the page's only script is the view's own (admitted by its hash),
 * and its Content-Security-Policy refuses every network request. Light and dark follow the system.
 *
 * @example
 * import { renderHtml } from "agentchat-messages/html";
 * const html = renderHtml([...messages, taskResult], { title: "Support triage" });
 * // browser: URL.createObjectURL(new Blob([html], { type: "text/html" }))
 * const div = renderHtml(messages, { fragment: true, idPrefix: "run7-" }); // inside an app's page
 */
export function renderHtml(items: Iterable<HtmlItem>, options: HtmlOptions = {}): string {
  const title = options.title ?? "AutoGen run";
  const interactive = options.interactive ?? true;
  const run = planRun(items);
  let start: number | null = null;
  try {
    start = run.stats.firstCreatedAt === null ? null : createdAtToDate(run.stats.firstCreatedAt).getTime();
  } catch {
    start = null;
  }
  const ctx: CardContext = { run, registry: options.registry ?? defaultRegistry, start, prefix: options.idPrefix ?? "" };
  const parts: string[] = [summary(run, title), interactive ? tools(run) : "", `<main>\n`];
  for (const e of run.entries) {
    switch (e.kind) {
      case "message":
        if (e.n > 0) {
          try {
            parts.push(messageCard(e, ctx));
          } catch (err) {
            // A getter or proxy of the item threw while its card was drawn.
            parts.push(valueCard(e, e.message, ctx, describeThrown(err)));
          }
        }
        break;
      case "value":
        parts.push(valueCard(e, e.value, ctx, e.reason));
        break;
      case "result":
        parts.push(`<div class="end">TaskResult: ${count(e.count, "message")} · stop reason: ${stopReasonHtml([e.stopReason])}</div>\n`);
        break;
      case "response":
        parts.push(`<div class="end">Response from ${esc(typeof e.source === "string" ? e.source : "?")} · ${count(e.inner, "inner message")}</div>\n`);
        break;
    }
  }
  parts.push(`</main>\n<footer class="foot">${count(run.cards, "card")} of ${count(run.items, "item")} · rendered by agentchat-messages</footer>\n`);
  const body = parts.join("");
  const lazy = run.cards >= LAZY_FROM ? " lazy" : "";
  if (options.fragment) {
    const style = options.style === false ? "" : `<style>${HTML_VIEW_CSS}</style>`;
    return `<div class="acm-view${lazy}" lang="en">${style}\n${body}</div>\n`;
  }
  // The view script also restores placeholders; a static page needs the restoring script only when it has some.
  const script = interactive ? HTML_VIEW_SCRIPT : needsRestore(body) ? RESTORE_SCRIPT : null;
  return (
    `<!doctype html>\n<html lang="en"><head><meta charset="utf-8">\n` +
    `<meta http-equiv="Content-Security-Policy" content="${pageCsp(script)}">\n` +
    `<meta name="referrer" content="no-referrer"><meta name="viewport" content="width=device-width, initial-scale=1">` +
    `<meta name="color-scheme" content="light dark"><meta name="generator" content="agentchat-messages">\n` +
    `<title>${escapeAttr(title)}</title>\n<style>${HTML_VIEW_CSS}</style></head><body class="acm-view${lazy}">\n${body}` +
    (script === null ? "" : `<script>${script}</script>\n`) +
    `</body></html>\n`
  );
}
