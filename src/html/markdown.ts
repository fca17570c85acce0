/**
 * A small Markdown subset for message text: headings, `>` quotes, list items, `code spans`,
 * **strong** and *emphasis*, and `[links](https://…)`. Every character of the text stays on the
 * page (the marks are kept, muted, in `<span class="mk">`), so the page still shows exactly
 * what the agent wrote and find-in-page finds it; the markup is only styling around it.
 *
 * Safe by construction: the text is escaped piece by piece and the only tags written are
 * fixed ones; a link gets an `href` only for `http:`, `https:` and `mailto:` URLs (opening in a
 * new tab, `rel="noopener noreferrer"`, no referrer), any other link (`javascript:`, `data:`,
 * relative) is inert text, and so is an image (`![alt](url)`): the page never loads one from a URL. Linear time: one pass per line, with no regular expression that
 * could backtrack, code spans matched through a precomputed "next run of the same length"
 * table and emphasis through a stack whose entries are each pushed and popped once.
 */
import { escapeAttr, escapeHtml } from "./escape.js";

const mark = (s: string): string => `<span class="mk">${escapeHtml(s)}</span>`;

const isSpace = (c: string | undefined): boolean => c === undefined || c === " " || c === "\t" || c === "\r" || c === "\n";
const isDigit = (c: string | undefined): boolean => c !== undefined && c >= "0" && c <= "9";
const PUNCTUATION = "!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~";
const isPunct = (c: string | undefined): boolean => c !== undefined && PUNCTUATION.includes(c);

/** Whether a link may point at `url`: web and mail addresses only. */
function linkable(url: string): boolean {
  const lower = url.slice(0, 8).toLowerCase();
  return lower.startsWith("https://") || lower.startsWith("http://") || lower.startsWith("mailto:");
}

/** What the inline pass turns a line into before writing it. */
type Token =
  | { t: "text"; s: string }
  | { t: "code"; ticks: string; s: string }
  | { t: "delim"; s: string; open: boolean; close: boolean; pair?: "open" | "close" }
  | { t: "lbr"; url?: string; image: boolean }
  | { t: "rbr"; url: string; lbr?: Token & { t: "lbr" } };

const INLINE = /[*_`[]/;

/** The inline Markdown of one line (no newline in it) as HTML. */
export function inlineHtml(line: string): string {
  if (!INLINE.test(line)) return escapeHtml(line);
  const tokens: Token[] = [];
  // Code spans first: a run of n backticks up to the next run of exactly n.
  const runs: Array<{ at: number; n: number; next: number }> = [];
  for (let i = 0; i < line.length; ) {
    if (line[i] !== "`") {
      i++;
      continue;
    }
    let j = i;
    while (line[j] === "`") j++;
    runs.push({ at: i, n: j - i, next: -1 });
    i = j;
  }
  const lastOfLength = new Map<number, number>();
  for (let r = runs.length - 1; r >= 0; r--) {
    runs[r]!.next = lastOfLength.get(runs[r]!.n) ?? -1;
    lastOfLength.set(runs[r]!.n, r);
  }
  let from = 0; // start of the plain text not yet in a token
  const flush = (to: number) => {
    if (to > from) tokens.push({ t: "text", s: line.slice(from, to) });
  };
  let r = 0;
  let i = 0;
  // Where `)` and whitespace come next after each position, found once per line when a link needs them.
  let nextClose: Int32Array | null = null;
  let nextSpace: Int32Array | null = null;
  const scanAhead = () => {
    nextClose = new Int32Array(line.length + 1).fill(-1);
    nextSpace = new Int32Array(line.length + 1).fill(-1);
    for (let k = line.length - 1; k >= 0; k--) {
      nextClose[k] = line[k] === ")" ? k : nextClose[k + 1]!;
      nextSpace[k] = isSpace(line[k]) ? k : nextSpace[k + 1]!;
    }
  };
  while (i < line.length) {
    const c = line[i]!;
    if (c === "`") {
      while (r < runs.length && runs[r]!.at < i) r++;
      const run = runs[r]!;
      if (run.next >= 0) {
        const end = runs[run.next]!;
        flush(i);
        tokens.push({ t: "code", ticks: line.slice(i, i + run.n), s: line.slice(i + run.n, end.at) });
        i = from = end.at + end.n;
        r = run.next + 1;
      } else {
        i += run.n; // no closing run: plain text
        r++;
      }
      continue;
    }
    if (c === "*" || c === "_") {
      let j = i;
      while (line[j] === c) j++;
      // CommonMark's flanking rules: a run opens when it leans on the text after it, closes when on the text before.
      const before = line[i - 1];
      const after = line[j];
      const left = !isSpace(after) && (!isPunct(after) || isSpace(before) || isPunct(before));
      const right = !isSpace(before) && (!isPunct(before) || isSpace(after) || isPunct(after));
      const open = c === "*" ? left : left && (!right || isPunct(before));
      const close = c === "*" ? right : right && (!left || isPunct(after));
      // Runs of three or more, and runs that can neither open nor close, stay plain text.
      if (j - i <= 2 && (open || close)) {
        flush(i);
        tokens.push({ t: "delim", s: line.slice(i, j), open, close });
        from = j;
      }
      i = j;
      continue;
    }
    if (c === "[") {
      flush(i);
      tokens.push({ t: "lbr", image: line[i - 1] === "!" });
      i = from = i + 1;
      continue;
    }
    if (c === "]" && line[i + 1] === "(") {
      if (!nextClose) scanAhead();
      const close = nextClose![i + 2]!;
      const space = nextSpace![i + 2]!;
      if (close >= 0 && (space < 0 || close < space)) {
        flush(i);
        tokens.push({ t: "rbr", url: line.slice(i + 2, close) });
        i = from = close + 1;
        continue;
      }
    }
    i++;
  }
  flush(line.length);
  pairUp(tokens);
  const out: string[] = [];
  for (const tok of tokens) out.push(tokenHtml(tok));
  return out.join("");
}

const OPEN_BRACKET = mark("[");

function tokenHtml(tok: Token): string {
  switch (tok.t) {
    case "text":
      return escapeHtml(tok.s);
    case "code":
      return `<code>${mark(tok.ticks)}${escapeHtml(tok.s)}${mark(tok.ticks)}</code>`;
    case "delim": {
      const tag = tok.s.length === 2 ? "strong" : "em";
      return tok.pair === "open" ? `<${tag}>${mark(tok.s)}` : tok.pair === "close" ? `${mark(tok.s)}</${tag}>` : escapeHtml(tok.s);
    }
    case "lbr":
      if (tok.url === undefined) return "[";
      return `${OPEN_BRACKET}${!tok.image && linkable(tok.url) ? `<a href="${escapeAttr(tok.url)}" rel="noopener noreferrer" referrerpolicy="no-referrer" target="_blank">` : `<span class="md-a">`}`;
    case "rbr":
      return tok.lbr ? `${!tok.lbr.image && linkable(tok.url) ? "</a>" : "</span>"}${mark(`](${tok.url})`)}` : escapeHtml(`](${tok.url})`);
  }
}

/**
 * Pairs emphasis marks and link brackets with a stack: a closing mark pairs with the opener on
 * top of the stack when it is the same mark; a link's `](url)` with the nearest `[` below,
 * whatever was opened after that `[` staying plain text. Pairs are therefore always nested.
 */
function pairUp(tokens: Token[]): void {
  const stack: Array<Token & ({ t: "delim" } | { t: "lbr" })> = [];
  let brackets = 0;
  for (const tok of tokens) {
    if (tok.t === "delim") {
      const top = stack[stack.length - 1];
      if (tok.close && top?.t === "delim" && top.s === tok.s) {
        stack.pop();
        top.pair = "open";
        tok.pair = "close";
      } else if (tok.open) stack.push(tok);
    } else if (tok.t === "lbr") {
      stack.push(tok);
      brackets++;
    } else if (tok.t === "rbr" && brackets > 0) {
      let top = stack.pop();
      while (top && top.t !== "lbr") top = stack.pop();
      brackets--;
      if (top?.t === "lbr") {
        top.url = tok.url;
        tok.lbr = top;
      }
    }
  }
}

/** Heading level (1–6) when `line` is an ATX heading (`## Title`), else 0. */
function headingLevel(line: string, start: number): number {
  let n = 0;
  while (line[start + n] === "#") n++;
  return n >= 1 && n <= 6 && isSpace(line[start + n]) ? n : 0;
}

/** The length of a list marker with its space (`- `, `12. `) at `start`, or 0. */
function listMarker(line: string, start: number): number {
  const c = line[start];
  if ((c === "-" || c === "*" || c === "+") && (line[start + 1] === " " || line[start + 1] === "\t")) return 2;
  let j = start;
  while (j - start < 9 && isDigit(line[j])) j++;
  return j > start && (line[j] === "." || line[j] === ")") && (line[j + 1] === " " || line[j + 1] === "\t") ? j - start + 2 : 0;
}

/** One line: its block mark (heading, quote, list item), then its inline Markdown. */
function lineHtml(line: string): string {
  let indent = 0;
  while (line[indent] === " " || line[indent] === "\t") indent++;
  const lead = line.slice(0, indent);
  if (indent <= 3) {
    const level = headingLevel(line, indent);
    if (level) return `${lead}<span class="md-h md-h${level}">${mark(line.slice(indent, indent + level + 1))}${inlineHtml(line.slice(indent + level + 1))}</span>`;
    if (line[indent] === ">") {
      const n = line[indent + 1] === " " ? 2 : 1;
      return `${lead}<span class="md-q">${mark(line.slice(indent, indent + n))}${inlineHtml(line.slice(indent + n))}</span>`;
    }
  }
  const list = listMarker(line, indent);
  if (list) return `${lead}<span class="mk md-li">${escapeHtml(line.slice(indent, indent + list))}</span>${inlineHtml(line.slice(indent + list))}`;
  return inlineHtml(line);
}

/** Prose (text outside fenced code) as HTML: each line's Markdown, the newlines kept. */
export function markdownHtml(text: string): string {
  if (!text.includes("\n")) return lineHtml(text);
  return text.split("\n").map(lineHtml).join("\n");
}
