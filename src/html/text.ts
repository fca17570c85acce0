/**
 * Message text as HTML: the text itself, whitespace kept, with fenced code blocks (```` ``` ````
 * or `~~~`, as Markdown writes them) set apart as monospace blocks and the rest drawn as
 * Markdown (./markdown.ts). The fence lines and marks stay visible, so the page shows every
 * character of the text.
 */
import { escapeHtml } from "./escape.js";
import { markdownHtml } from "./markdown.js";

const OPEN = /^ {0,3}(`{3,}|~{3,})/;

/** Whether `line` closes a block opened by `fence`: up to 3 spaces, as many fence characters or more, then blanks. */
function closes(line: string, fence: string): boolean {
  const body = line.trimEnd();
  let i = 0;
  while (i < 3 && body[i] === " ") i++;
  let n = 0;
  while (body[i + n] === fence[0]) n++;
  return n >= fence.length && i + n === body.length;
}

/** Splits `text` into prose and fenced code (each fence line kept with its block), in order. */
export function splitFences(text: string): Array<{ code: boolean; text: string }> {
  if (!text.includes("```") && !text.includes("~~~")) return [{ code: false, text }];
  const parts: Array<{ code: boolean; text: string }> = [];
  const lines = text.split("\n");
  let prose: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    const open = OPEN.exec(lines[i]!);
    if (!open) {
      prose.push(lines[i]!);
      continue;
    }
    const fence = open[1]!;
    let end = i + 1;
    while (end < lines.length && !closes(lines[end]!, fence)) end++;
    // An unclosed fence runs to the end of the text, as in Markdown.
    if (prose.length) parts.push({ code: false, text: prose.join("\n") });
    prose = [];
    parts.push({ code: true, text: lines.slice(i, end + 1).join("\n") });
    i = end;
  }
  if (prose.length) parts.push({ code: false, text: prose.join("\n") });
  return parts;
}

/** A code block: the fence lines muted, the code monospace. */
function codeBlock(text: string): string {
  const lines = text.split("\n");
  const first = lines.shift()!;
  const closed = lines.length > 0 && OPEN.test(lines[lines.length - 1]!);
  const last = closed ? lines.pop()! : null;
  let html = `<pre class="code">\n<span class="fence">${escapeHtml(first)}</span>`;
  if (lines.length) html += `\n${escapeHtml(lines.join("\n"))}`;
  if (last !== null) html += `\n<span class="fence">${escapeHtml(last)}</span>`;
  return `${html}</pre>`;
}

/** `text` as a block of the page (class `text`, whitespace kept; fenced code as `<pre>`). */
export function textBlock(text: string, extraClass = ""): string {
  const cls = extraClass ? `text ${extraClass}` : "text";
  if (text === "") return `<div class="${cls} empty">(empty)</div>`;
  const parts = splitFences(text);
  if (parts.length === 1 && !parts[0]!.code) return `<div class="${cls}">${markdownHtml(text)}</div>`;
  let html = `<div class="${cls}">`;
  for (const p of parts) html += p.code ? codeBlock(p.text) : `<div>${markdownHtml(p.text)}</div>`;
  return `${html}</div>`;
}

/** A monospace block for program output or JSON (`wrap`: long lines wrap instead of scrolling). */
export function preBlock(text: string, cls: string): string {
  // The parser drops one newline right after <pre>: give it one to drop.
  return `<pre class="${cls}">\n${escapeHtml(text)}</pre>`;
}
