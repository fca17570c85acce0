/**
 * renderHtml's page, read as text: its structure for each kind (folding, pairing, escaping,
 * totals), with expectations written by hand. test/html/browser.test.ts opens the pages of
 * real runs in Chromium.
 */
import { createHash } from "node:crypto";
import * as z from "zod/mini";
import { describe, expect, it } from "vitest";
import { load, MessageRegistry, baseMessageFields, messageType } from "../../src/index.js";
import { renderHtml } from "../../src/html/index.js";
import { RESTORE_SCRIPT } from "../../src/html/escape.js";
import { HTML_VIEW_CSS, HTML_VIEW_CSS_SHA256, HTML_VIEW_SCRIPT, HTML_VIEW_SCRIPT_SHA256 } from "../../src/html/index.js";
import { RESTORE_SCRIPT_SHA256 } from "../../src/html/style.js";
import { prettyJsonText } from "../../src/html/json.js";
import { duration, num } from "../../src/html/cards.js";
import { escapeHtml } from "../../src/html/escape.js";
import { safeLoad } from "../../src/index.js";
import { readJsonl } from "../helpers/fixtures.js";

// A 1×1 GIF and a 1×1 PNG.
const GIF = "R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7";
const PNG = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==";

const T0 = "2025-01-01T10:00:00Z";
let seq = 0;
/** A message with the base fields filled in (ids `m1`, `m2`, …; one second apart from T0). */
function msg(type: string, fields: Record<string, unknown>): any {
  seq++;
  return load({ id: `m${seq}`, source: "agent", created_at: `2025-01-01T10:00:${String(seq % 60).padStart(2, "0")}Z`, type, ...fields });
}

/** The cards of a page, in order (each `<article …>…</article>`). */
function cards(html: string): string[] {
  return [...html.matchAll(/<article [^>]*>[\s\S]*?<\/article>/g)].map((m) => m[0]);
}

/** What a browser shows of some HTML, roughly: placeholders restored (as the view script does), the tags removed, the five entities read. */
const visibleText = (html: string) =>
  html
    .replace(/<b data-u="([0-9a-f]+)">\ufffd<\/b>/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)))
    .replace(/<[^>]*>/g, "").replace(/&(lt|gt|quot|#39|amp);/g, (_, e: string) => ({ lt: "<", gt: ">", quot: '"', "#39": "'", amp: "&" })[e]!);

/** The page between `<body>` and `</body>`. */
const bodyOf = (html: string) => html.slice(html.indexOf("<body"), html.indexOf("</body>"));

const sha256 = (text: string) => `sha256-${createHash("sha256").update(text, "utf8").digest("base64")}`;

describe("the page frame", () => {
  it("is one document whose CSP forbids every request and admits its one style and its one script by hash", () => {
    const html = renderHtml([msg("TextMessage", { content: "hi" })]);
    expect(html.startsWith("<!doctype html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">")).toBe(true);
    expect(html).toContain(
      `<meta http-equiv="Content-Security-Policy" content="default-src 'none'; img-src data:; style-src '${sha256(HTML_VIEW_CSS)}'; script-src '${sha256(HTML_VIEW_SCRIPT)}'; base-uri 'none'; form-action 'none'">`,
    );
    expect(HTML_VIEW_CSS_SHA256).toBe(sha256(HTML_VIEW_CSS));
    expect(HTML_VIEW_SCRIPT_SHA256).toBe(sha256(HTML_VIEW_SCRIPT));
    // ASCII only: the hash of the text is the hash of its bytes whatever the page's encoding.
    expect(HTML_VIEW_CSS).toMatch(/^[\x00-\x7f]*$/);
    expect(HTML_VIEW_SCRIPT).toMatch(/^[\x00-\x7f]*$/);
    expect(html.match(/<style>/g)).toHaveLength(1);
    expect(html).toContain(`<style>${HTML_VIEW_CSS}</style>`);
    expect(html.match(/<script>/g)).toHaveLength(1);
    expect(html).toContain(`<script>${HTML_VIEW_SCRIPT}</script>\n</body></html>\n`);
    expect(html).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">');
    expect(HTML_VIEW_CSS).toContain("@media (prefers-color-scheme:dark)");
    expect(html.endsWith("</body></html>\n")).toBe(true);
  });

  it("with interactive: false has no script, no toolbar, and the same CSP without script-src", () => {
    const html = renderHtml([msg("TextMessage", { content: "hi" })], { interactive: false });
    expect(html).not.toContain("<script");
    expect(html).not.toContain("script-src");
    expect(html).not.toContain('class="tools"');
    expect(html).toContain(`style-src '${sha256(HTML_VIEW_CSS)}'; base-uri 'none'`);
  });

  it("lets the browser skip laying out off-screen cards from 1,000 cards on", () => {
    const many = (n: number) => Array.from({ length: n }, (_, i) => load({ type: "TextMessage", source: "a", content: `m${i}` }));
    expect(renderHtml(many(999))).toContain('</head><body class="acm-view">\n');
    const big = renderHtml(many(1000));
    expect(big).toContain('</head><body class="acm-view lazy">\n');
    expect(HTML_VIEW_CSS).toContain(".acm-view.lazy .msg,.acm-view .lazy .msg{content-visibility:auto;");
    expect(cards(big)).toHaveLength(1000);
  });

  it("names no URL other than data: and in-page anchors", () => {
    const html = renderHtml([msg("MultiModalMessage", { content: ["see", { data: PNG }] }), msg("TextMessage", { content: "http://example.com/x.png" })]);
    const urls = [...html.matchAll(/\b(?:src|href)="([^"]*)"/g)].map((m) => m[1]!);
    expect(urls.length).toBeGreaterThan(0);
    for (const url of urls) expect(url).toMatch(/^(data:image\/png;base64,|#)/);
  });

  it("uses the title option, escaped, in <title> and <h1>", () => {
    const html = renderHtml([], { title: `Run <7> & "co"` });
    expect(html).toContain("<title>Run &lt;7&gt; &amp; &quot;co&quot;</title>");
    expect(html).toContain("<h1>Run &lt;7&gt; &amp; \"co\"</h1>");
    expect(cards(html)).toEqual([]);
  });
});

describe("escaping", () => {
  it("keeps hostile text as text in every field that reaches the page", () => {
    const evil = `<img src=x onerror="alert(1)"><script>alert(2)</script>`;
    const html = renderHtml(
      [
        msg("TextMessage", { source: `"><script>alert(3)</script>`, content: evil }),
        msg("ToolCallRequestEvent", { content: [{ id: `"'><b>`, name: "<svg onload=alert(4)>", arguments: `{"q": "</pre><script>alert(5)</script>"}` }] }),
        msg("ToolCallExecutionEvent", { content: [{ call_id: `"'><b>`, name: "x", content: "</details><script>alert(6)</script>", is_error: true }] }),
        msg("CodeExecutionEvent", { retry_attempt: 0, result: { exit_code: 1, output: "<iframe src=http://x>" } }),
      ],
      { title: "</title><script>alert(7)</script>" },
    );
    const body = bodyOf(html);
    // No element from content: every "<" of it is escaped (the page's own tags are known).
    expect(html.replace(`<script>${HTML_VIEW_SCRIPT}</script>`, "")).not.toMatch(/<(script|img|svg|iframe)[\s>]/i);
    expect(body).toContain("&lt;img src=x onerror=\"alert(1)\"&gt;&lt;script&gt;alert(2)&lt;/script&gt;");
    expect(body).toContain('<span class="src">"&gt;&lt;script&gt;alert(3)&lt;/script&gt;</span>');
    expect(body).toContain('<span class="fn">&lt;svg onload=alert(4)&gt;</span> <span class="id">"\'&gt;&lt;b&gt;</span>');
    expect(body).toContain('"q": "&lt;/pre&gt;&lt;script&gt;alert(5)&lt;/script&gt;"');
    expect(body).toContain("&lt;/details&gt;&lt;script&gt;alert(6)&lt;/script&gt;");
    expect(body).toContain("&lt;iframe src=http://x&gt;");
    expect(html).toContain("<title>&lt;/title&gt;&lt;script&gt;alert(7)&lt;/script&gt;</title>");
  });

  it("writes NUL and unpaired surrogates as placeholders restored by the one hashed script", () => {
    const text = "a\u0000b\ud800c\u{1F389}d\u0007";
    const placeholders = 'a<b data-u="0">\ufffd</b>b<b data-u="d800">\ufffd</b>c\u{1F389}d\u0007';
    // The view script restores them (test/html/browser.test.ts sees it do so).
    expect(bodyOf(renderHtml([msg("TextMessage", { content: text })]))).toContain(placeholders);
    expect(HTML_VIEW_SCRIPT).toContain('querySelectorAll("b[data-u]")');
    // A static page gets the restoring script only.
    const html = renderHtml([msg("TextMessage", { content: text })], { interactive: false });
    expect(bodyOf(html)).toContain(placeholders);
    expect(html.match(/<script>/g)).toHaveLength(1);
    expect(html).toContain(`<script>${RESTORE_SCRIPT}</script>`);
    expect(RESTORE_SCRIPT_SHA256).toBe(sha256(RESTORE_SCRIPT));
    expect(html).toContain(`script-src '${sha256(RESTORE_SCRIPT)}'`);
    // Text that merely looks like a placeholder stays text, and needs no script.
    const lookalike = renderHtml([msg("TextMessage", { content: '<b data-u="41">' })], { interactive: false });
    expect(lookalike).not.toContain("<script");
    expect(lookalike).toContain('&lt;b data-u="41"&gt;');
  });
});

describe("cards", () => {
  it("show number, source, kind, time, offset and token usage", () => {
    const [c1, c2] = cards(
      renderHtml([
        load({ id: "a", source: "user", created_at: "2025-01-01T10:00:00Z", type: "TextMessage", content: "Hi" }),
        load({ id: "b", source: "bot", created_at: "2025-01-01T10:01:02.5Z", type: "TextMessage", content: "Hello", models_usage: { prompt_tokens: 1234, completion_tokens: 5 } }),
      ]),
    );
    expect(c1).toBe(
      '<article class="msg s0" id="m1" data-s="0" data-k="0"><details open><summary class="head"><a class="n" href="#m1">#1</a><span class="src">user</span>' +
        '<span class="kind">TextMessage</span><time datetime="2025-01-01T10:00:00Z">10:00:00</time><span class="rel">+0.00 s</span></summary>' +
        '<div class="text">Hi</div></details></article>',
    );
    expect(c2).toContain('<span class="src">bot</span><span class="kind">TextMessage</span><time datetime="2025-01-01T10:01:02.500000Z">10:01:02.500</time><span class="rel">+1 min 3 s</span>');
    expect(c2).toContain('<span class="usage">1,234 prompt · 5 completion tokens</span>');
    expect(c2).toMatch(/^<article class="msg s1"/);
  });

  it("set thoughts apart", () => {
    const [c] = cards(renderHtml([msg("ThoughtEvent", { content: "Let me think." })]));
    expect(c).toMatch(/^<article class="msg s0 thought ev"/);
    expect(c).toContain('<div class="text">Let me think.</div>');
  });

  it("show a handoff as a transfer from source to target, its context collapsed", () => {
    const [c] = cards(
      renderHtml([
        msg("HandoffMessage", {
          source: "triage",
          target: "billing",
          content: "Transferred to billing.",
          context: [{ type: "AssistantMessage", source: "triage", content: [{ id: "c1", name: "transfer_to_billing", arguments: "{}" }], thought: "billing it is" }],
        }),
      ]),
    );
    expect(c).toContain('<div class="transfer"><span class="src">triage</span><span class="arrow">hands off to →</span><span class="s7"><span class="src">billing</span></span></div>');
    expect(c).toContain('<div class="text">Transferred to billing.</div>');
    expect(c).toContain("<details><summary>context: 1 model message</summary>");
    expect(c).toContain("transfer_to_billing({})");
    expect(c).toContain('<div class="text thought">billing it is</div>');
  });

  it("inline images as data URIs with their real MIME type", () => {
    const [c] = cards(renderHtml([msg("MultiModalMessage", { content: ["two images", { data: GIF }, { data: PNG }] })]));
    expect(c).toContain(`<img src="data:image/gif;base64,${GIF}" alt="image 2">`);
    expect(c).toContain(`<img src="data:image/png;base64,${PNG}" alt="image 3">`);
    expect(c).toContain('<div class="text">two images</div>');
  });

  it("show structured content as its format_string text, or as indented JSON", () => {
    const [withFormat, without] = cards(
      renderHtml([
        msg("StructuredMessage[Verdict]", { content: { ok: true, score: 1.125 }, format_string: "ok={ok} score={score:.2f}" }),
        msg("StructuredMessage[Plan]", { content: { steps: ["a", "b"] } }),
      ]),
    );
    expect(withFormat).toContain('<div class="text">ok=True score=1.12</div>');
    expect(withFormat).toContain('<details><summary>content (JSON)</summary><pre class="wrap json">\n{\n  "ok": true,\n  "score": 1.125\n}</pre></details>');
    expect(without).toContain('<pre class="wrap json">\n{\n  "steps": [\n    "a",\n    "b"\n  ]\n}</pre>');
  });

  it("set fenced code and code execution output in monospace blocks, fences kept", () => {
    const [gen, exec] = cards(
      renderHtml([
        msg("CodeGenerationEvent", { retry_attempt: 0, content: "Run this:\n```python\nprint(1 < 2)\n```\nDone.", code_blocks: [{ code: "print(1 < 2)\n", language: "python" }] }),
        msg("CodeExecutionEvent", { retry_attempt: 1, result: { exit_code: 0, output: "True\n" } }),
      ]),
    );
    expect(gen).toContain('<div class="note">1 code block (python)</div>');
    expect(gen).toContain(
      '<div class="text"><div>Run this:</div><pre class="code">\n<span class="fence">```python</span>\nprint(1 &lt; 2)\n<span class="fence">```</span></pre><div>Done.</div></div>',
    );
    expect(exec).toContain('<span class="badge ok">exit code 0</span> · retry 1</div><pre class="code">\nTrue\n</pre>');
  });

  it("show memory contents by MIME type", () => {
    const [c] = cards(
      renderHtml([
        msg("MemoryQueryEvent", {
          content: [
            { content: "likes tea", mime_type: "text/plain" },
            { content: { a: 1 }, mime_type: "application/json" },
            { content: GIF, mime_type: "image/gif" },
          ],
        }),
      ]),
    );
    expect(c).toContain('<div class="part"><div class="label">text/plain</div><div class="text">likes tea</div></div>');
    expect(c).toContain('<div class="label">application/json</div><pre class="wrap json">\n{\n  "a": 1\n}</pre>');
    expect(c).toContain(`<img src="data:image/gif;base64,${GIF}" alt="memory image 3">`);
  });

  it("name the next speakers and a pending user input", () => {
    const [sel, input] = cards(renderHtml([msg("SelectSpeakerEvent", { content: ["writer"] }), msg("UserInputRequestedEvent", { request_id: "r9" })]));
    expect(sel).toContain('<span class="arrow">next speaker →</span><span class="s7"><span class="src">writer</span></span>');
    expect(input).toContain('<div class="note">waiting for user input (request r9)</div>');
  });
});

describe("tool calls", () => {
  it("pair each call with its result by call_id, whatever the order of the results", () => {
    const html = renderHtml([
      msg("ToolCallRequestEvent", {
        content: [
          { id: "c1", name: "add", arguments: '{"a": 1, "b": 12345678901234567890}' },
          { id: "c2", name: "fail", arguments: "{}" },
          { id: "c3", name: "slow", arguments: "not json" },
        ],
      }),
      msg("ToolCallExecutionEvent", {
        content: [
          { call_id: "c2", name: "fail", content: "ValueError: boom", is_error: true },
          { call_id: "c1", name: "add", content: "12345678901234567891", is_error: false },
        ],
      }),
    ]);
    const [request, execution] = cards(html);
    const blocks = request!.split("<details").slice(2); // after the card's own
    expect(blocks).toHaveLength(3);
    expect(blocks[0]).toBe(
      ' class="call" id="call-1" open><summary><span class="fn">add</span> <span class="id">c1</span> <span class="badge ok">result</span></summary>' +
        '<div class="label">arguments</div><pre class="wrap json">\n{\n  "a": 1,\n  "b": 12345678901234567890\n}</pre>' +
        '<div class="label">result · <a href="#m2">#2</a></div><pre class="wrap">\n12345678901234567891</pre></details>',
    );
    expect(blocks[1]).toContain(' class="call failed" id="call-2" open><summary><span class="fn">fail</span> <span class="id">c2</span> <span class="badge err">error</span></summary>');
    expect(blocks[1]).toContain('<div class="label">error · <a href="#m2">#2</a></div><pre class="wrap err">\nValueError: boom</pre>');
    expect(blocks[2]).toContain('<span class="badge">no result</span>');
    expect(blocks[2]).toContain('<div class="label">arguments (not JSON)</div><pre class="wrap">\nnot json</pre>');
    // The execution card refers to the calls instead of repeating the results.
    expect(execution).toMatch(/^<article class="msg s0 failed ev"/);
    expect(execution).toContain('<span class="badge err">error</span> of <a href="#call-2"><span class="fn">fail</span></a> <span class="id">c2</span>, shown with its call');
    expect(execution).toContain('<span class="badge ok">result</span> of <a href="#call-1"><span class="fn">add</span></a>');
    expect(execution).not.toContain("ValueError");
  });

  it("pair a repeated call_id with the latest call still waiting, and show a result without its call in place", () => {
    const html = renderHtml([
      msg("ToolCallRequestEvent", { content: [{ id: "call_0", name: "first", arguments: "{}" }] }),
      msg("ToolCallRequestEvent", { content: [{ id: "call_0", name: "second", arguments: "{}" }] }),
      msg("ToolCallExecutionEvent", { content: [{ call_id: "call_0", name: "second", content: "2" }] }),
      msg("ToolCallExecutionEvent", { content: [{ call_id: "call_0", name: "first", content: "1" }, { call_id: "zz", name: "ghost", content: "boo" }] }),
    ]);
    const [first, second, , last] = cards(html);
    expect(first).toContain('<div class="label">result · <a href="#m4">#4</a></div><pre class="wrap">\n1</pre>');
    expect(second).toContain('<div class="label">result · <a href="#m3">#3</a></div><pre class="wrap">\n2</pre>');
    expect(last).toContain(
      '<details class="call" open><summary><span class="fn">ghost</span> <span class="id">zz</span> <span class="badge ok">result</span> <span class="note">call not in this transcript</span></summary><pre class="wrap">\nboo</pre></details>',
    );
  });

  it("link a tool call summary to the calls it summarises", () => {
    const html = renderHtml([
      msg("ToolCallRequestEvent", { content: [{ id: "c1", name: "add", arguments: "{}" }] }),
      msg("ToolCallExecutionEvent", { content: [{ call_id: "c1", name: "add", content: "3" }] }),
      msg("ToolCallSummaryMessage", { content: "3", tool_calls: [{ id: "c1", name: "add", arguments: "{}" }], results: [{ call_id: "c1", name: "add", content: "3" }] }),
    ]);
    expect(cards(html)[2]).toContain('<div class="text">3</div><div class="note">summary of <a href="#call-1"><span class="fn">add</span></a></div>');
  });
});

describe("streamed chunks", () => {
  const chunk = (content: string, full: string | null, source = "agent") => msg("ModelClientStreamingChunkEvent", { content, full_message_id: full, source });

  it("fold into the message whose id they name: no card of their own", () => {
    const html = renderHtml([chunk("Hel", "final-1"), chunk("lo ", "final-1"), chunk("world", "final-1"), load({ id: "final-1", source: "agent", type: "TextMessage", content: "Hello world", created_at: T0 })]);
    const all = cards(html);
    expect(all).toHaveLength(1);
    expect(all[0]).toContain('<span class="kind">TextMessage</span>');
    expect(all[0]).toContain('<div class="text">Hello world</div><div class="note">streamed in 3 chunks</div></details></article>');
    // Every count on the page counts cards; the header says how many items the chunks were.
    expect(html).toContain("<div><dt>Cards</dt><dd>1 <small>of 4 items: 3 streamed chunks are shown in the card of the message they make up</small></dd></div>");
    expect(html).not.toContain("ModelClientStreamingChunkEvent<b>");
    expect(html).toContain('<footer class="foot">1 card of 4 items');
  });

  it("without an id, fold into the next message from their source; the streamed text is shown when it differs", () => {
    const html = renderHtml([
      chunk("I pick ", null, "manager"),
      msg("TextMessage", { source: "writer", content: "unrelated" }),
      chunk("writer", null, "manager"),
      msg("SelectorEvent", { source: "manager", content: "I choose writer" }),
    ]);
    const all = cards(html);
    expect(all).toHaveLength(2);
    expect(all[1]).toContain(
      '<div class="text">I choose writer</div><div class="note">streamed in 2 chunks</div><div class="label">streamed text</div><div class="text streamed">I pick writer</div>',
    );
  });

  it("that never got their message become one card at the first chunk", () => {
    const html = renderHtml([msg("TextMessage", { content: "before" }), chunk("partial ", "lost"), msg("TextMessage", { content: "between", source: "other" }), chunk("answer", "lost")]);
    const all = cards(html);
    expect(all).toHaveLength(3);
    expect(all[1]).toContain('<span class="kind">ModelClientStreamingChunkEvent ×2</span>');
    expect(all[1]).toContain("<div class=\"note\">streamed in 2 chunks; the message they make up is not in this transcript</div><div class=\"text\">partial answer</div>");
    expect(all[2]).toContain("between");
  });
});

describe("results and totals", () => {
  it("do not repeat a TaskResult's messages already streamed, and show its stop reason", () => {
    const a = msg("TextMessage", { source: "user", content: "task", models_usage: null });
    const b = msg("TextMessage", { source: "bot", content: "done", models_usage: { prompt_tokens: 10, completion_tokens: 2 } });
    const html = renderHtml([a, b, { messages: [a, b], stop_reason: "Text 'done' mentioned" }]);
    expect(cards(html)).toHaveLength(2);
    expect(html).toContain("<div><dt>Stop reason</dt><dd>Text 'done' mentioned</dd></div>");
    expect(html).toContain("<div><dt>Cards</dt><dd>2 <small>of 2 items</small></dd></div>");
    expect(html).toContain("<div><dt>Tokens</dt><dd>10 prompt · 2 completion</dd></div>");
    expect(html).toContain('<div class="end">TaskResult: 2 messages · stop reason: Text \'done\' mentioned</div>');
  });

  it("draw a TaskResult's messages when they are all there is, and list each run's stop reason", () => {
    const html = renderHtml([
      { messages: [msg("TextMessage", { content: "one" })], stop_reason: "Maximum number of turns 1 reached." },
      { messages: [msg("TextMessage", { content: "two" })], stop_reason: null },
    ]);
    expect(cards(html)).toHaveLength(2);
    expect(html).toContain('<dd><ol class="reasons"><li>Maximum number of turns 1 reached.</li><li>none</li></ol></dd>');
  });

  it("draw a Response's inner messages and chat message once each", () => {
    const inner = msg("ToolCallRequestEvent", { content: [{ id: "c1", name: "f", arguments: "{}" }] });
    const final = msg("TextMessage", { content: "answer" });
    const html = renderHtml([inner, { chat_message: final, inner_messages: [inner] }]);
    const all = cards(html);
    expect(all).toHaveLength(2);
    expect(all[1]).toContain('<div class="text">answer</div>');
    expect(html).toContain('<div class="end">Response from agent · 1 inner message</div>');
    expect(html).toContain("not recorded (no TaskResult in the input)");
  });

  it("count messages per kind and per source, tokens and the time span", () => {
    const html = renderHtml([
      load({ source: "user", type: "TextMessage", content: "a", created_at: "2025-01-01T10:00:00Z" }),
      load({ source: "bot", type: "ThoughtEvent", content: "b", created_at: "2025-01-01T10:00:30Z" }),
      load({ source: "bot", type: "TextMessage", content: "c", created_at: "2025-01-01T10:02:05Z", models_usage: { prompt_tokens: 1500, completion_tokens: 20 } }),
    ]);
    // Cards per agent and per kind, in order of first appearance, each a "show only" filter button of
    // the view (none picked: "all" pressed), in a group named by its label.
    expect(html).toContain(
      '<div class="row"><div class="label">Cards per kind</div><ul class="chips filter" data-f="k" role="group" aria-label="Cards per kind">' +
        '<li class="all"><button type="button" aria-pressed="true">all<b>3</b></button></li>' +
        '<li><button type="button" data-v="0" aria-pressed="false">TextMessage<b>2</b></button></li>' +
        '<li><button type="button" data-v="1" aria-pressed="false">ThoughtEvent<b>1</b></button></li></ul></div>',
    );
    expect(html).toContain(
      '<div class="row"><div class="label">Cards per agent<span class="hint"> · pick chips to show only their cards</span></div>' +
        '<ul class="chips filter" data-f="s" role="group" aria-label="Cards per agent"><li class="all"><button type="button" aria-pressed="true">all<b>3</b></button></li>' +
        '<li><button type="button" class="s0" data-v="0" aria-pressed="false">user<b>1</b></button></li>' +
        '<li><button type="button" class="s1" data-v="1" aria-pressed="false">bot<b>2</b></button></li></ul></div>',
    );
    // Each card names its agent and kind by those indexes.
    expect(cards(html).map((c) => /data-s="(\d+)" data-k="(\d+)"/.exec(c)!.slice(1).join())).toEqual(["0,0", "1,1", "1,0"]);
    expect(html).toContain("<div><dt>Cards</dt><dd>3 <small>of 3 items</small></dd></div>");
    expect(html).toContain('<footer class="foot">3 cards of 3 items');
    expect(html).toContain("<dd>1,500 prompt · 20 completion</dd>");
    expect(html).toContain("<div><dt>Duration</dt><dd>2 min 5 s</dd></div><div><dt>Time</dt><dd>2025-01-01T10:00:00Z → 10:02:05Z</dd></div>");
  });
});

describe("any kind, any shape", () => {
  it("renders a custom kind with its registry's toText", () => {
    const registry = new MessageRegistry();
    registry.register({
      type: "ProgressEvent",
      group: "event",
      schema: z.object({ ...baseMessageFields, content: z.number(), type: messageType("ProgressEvent") }),
      toText: (m) => `${m.content}% <done>`,
    });
    const m = registry.load({ type: "ProgressEvent", source: "worker", content: 40 });
    const [c] = cards(renderHtml([m], { registry }));
    expect(c).toContain('<span class="kind">ProgressEvent</span>');
    expect(c).toContain('<div class="text">40% &lt;done&gt;</div>');
    // Without the registry that knows it, the same item is drawn as an unknown kind.
    const [plain] = cards(renderHtml([m]));
    expect(plain).toContain('<div class="note">unknown message type</div><pre class="wrap json">\n40</pre>');
  });

  it("never throws: unknown types, wrong shapes, non-objects, cycles and BigInts get generic cards", () => {
    const cyclic: Record<string, unknown> = { type: "Loop", source: "x" };
    cyclic.self = cyclic;
    const odd: unknown[] = [
      null,
      42,
      "just a string",
      [1, 2],
      {},
      { type: 7, content: "typed by number" },
      { type: "FancyEvent", source: "x", content: "fancy text", extra: { deep: [1] } },
      { type: "TextMessage", source: 42, content: { not: "a string" } },
      { type: "ToolCallRequestEvent", source: "a", content: "oops" },
      { type: "ToolCallExecutionEvent", source: "a", content: [null, { call_id: 5 }] },
      { type: "MultiModalMessage", source: "a", content: [{ data: "!!not base64!!" }, 3] },
      { type: "HandoffMessage", source: "a", content: "no target" },
      { type: "CodeExecutionEvent", source: "a", result: "bad" },
      { type: "MemoryQueryEvent", source: "a", content: [{ content: "x", mime_type: "image/png" }] },
      { type: "StructuredMessage[X]", source: "a", content: { a: 1 }, format_string: "{missing}" },
      { type: "ModelClientStreamingChunkEvent", source: "a", content: 5 },
      { type: "TextMessage", source: "a", content: "bad usage", models_usage: { prompt_tokens: "many" }, created_at: "yesterday" },
      { type: "SelectSpeakerEvent", source: "a", content: [1, 2] },
      { type: "Big", source: "a", content: 10n },
      cyclic,
      { messages: "not a list", stop_reason: 5 },
    ];
    const html = renderHtml(odd as never[]);
    const all = cards(html);
    expect(all).toHaveLength(odd.length);
    expect(all[0]).toContain('<span class="kind">(not a message)</span>');
    expect(all[0]).toContain("<pre class=\"wrap json\">\nnull</pre>");
    expect(all[2]).toContain('<pre class="wrap json">\n"just a string"</pre>');
    expect(all[5]).toContain('<div class="note">no message type</div><div class="text">typed by number</div>');
    expect(all[6]).toContain('<div class="note">unknown message type</div><div class="text">fancy text</div>');
    expect(all[6]).toContain('"extra": {\n    "deep": [\n      1\n    ]\n  }');
    expect(all[7]).toContain('<span class="src">(no source)</span>');
    expect(all[7]).toContain('<div class="note">unexpected shape for TextMessage</div>');
    expect(all[8]).toContain('<div class="text">oops</div>');
    expect(all[10]).toContain("image 1: not decodable base64");
    expect(all[14]).toContain('<div class="note err">format_string failed: ');
    expect(all[16]).toContain('<div class="text">bad usage</div>');
    expect(all[16]).not.toContain('class="usage"');
    // Written as JSON with what JSON cannot hold marked: a BigInt with its `n`, a cycle where it closes.
    expect(all[18]).toContain("<pre class=\"wrap json\">\n10n</pre>");
    expect(all[19]).toContain('"[cycle]"');
    expect(html).toContain("<dt>Stop reason</dt><dd>not recorded");
  });
});

describe("every fixture payload", () => {
  it("renders to one card, valid or not, loaded or raw, its string content shown", () => {
    const payloads = [...readJsonl("autogen/messages.jsonl").map((r) => r.dump), ...readJsonl("autogen/load-cases.jsonl").map((r) => r.payload)];
    expect(payloads.length).toBeGreaterThan(800);
    for (const payload of payloads) {
      const loaded = safeLoad(payload);
      for (const item of loaded.success ? [loaded.data, payload] : [payload]) {
        const html = renderHtml([item] as never[]);
        expect(cards(html)).toHaveLength(1);
        const content = (item as { content?: unknown } | null)?.content;
        // Markdown is drawn with its marks kept: the card's text is the content, character for character.
        if (typeof content === "string" && !content.includes("```")) expect(visibleText(cards(html)[0]!)).toContain(content);
      }
    }
  }, 60_000); // 1,600 pages: seconds on a loaded machine
});

describe("figures", () => {
  it("group thousands and write durations for reading", () => {
    expect([num(0), num(999), num(1000), num(-1234567), num(12345678901), num(1.5)]).toEqual(["0", "999", "1,000", "-1,234,567", "12,345,678,901", "1.5"]);
    // Under a minute, two decimals whatever the size (issue 34.7: "+5.00 s" beside "+10.00 s", not "+10.0 s").
    expect([duration(0), duration(5), duration(9.999), duration(10), duration(12.34), duration(59.9), duration(59.994), duration(59.996), duration(125), duration(3599.6), duration(7380)]).toEqual([
      "0.00 s", "5.00 s", "10.00 s", "10.00 s", "12.34 s", "59.90 s", "59.99 s", "1 min 0 s", "2 min 5 s", "1 h 0 min", "2 h 3 min",
    ]);
  });
});

describe("prettyJsonText", () => {
  it("re-indents JSON text, keeping number literals and reading \\u escapes", () => {
    expect(prettyJsonText('{"a":[],"b":{},"c":[1.50,-2e3,{"d":null}],"e":"\\u00e9\\"\\n"}')).toBe(
      '{\n  "a": [],\n  "b": {},\n  "c": [\n    1.50,\n    -2e3,\n    {\n      "d": null\n    }\n  ],\n  "e": "é\\"\\n"\n}',
    );
    expect(prettyJsonText("  7 ")).toBe("7");
    expect(prettyJsonText("{'a': 1}")).toBeNull();
    expect(prettyJsonText("")).toBeNull();
  });
});
