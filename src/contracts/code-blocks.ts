/**
 * `extractCodeBlocks`: the fenced code blocks `CodeExecutorAgent` would run, with exactly the
 * matches of its regex (`_extract_markdown_code_blocks`:
 * ```` ```(?:\s*(LANGS))\n([\s\S]*?)``` ```` with `re.IGNORECASE`), found by a scanner that
 * never backtracks, so hostile text (thousands of unclosed fences) costs linear time.
 */
import type { CodeBlock } from "../schemas/core.js";
import { isPySpaceCode } from "../python/str.js";

/** Options of {@link extractCodeBlocks}. @example extractCodeBlocks(text, { languages: ["python", "bash"] }) */
export interface ExtractCodeBlocksOptions {
  /** `CodeExecutorAgent(supported_languages=…)`; tried in this order. Default `["python", "sh"]`. */
  readonly languages?: readonly string[];
}

const FENCE = "```";

/**
 * `re.IGNORECASE` equality of two characters. Comparing both the lower and the upper forms
 * gives Python's extra equivalences (`ſ`~`s`, `K`~`k`, `ς`~`σ`); `İ` lower-cases to two
 * code points in JS, so it is mapped to `i` as Python's `sre` does.
 */
function sameLetter(a: string, b: string): boolean {
  if (a === b) return true;
  const fa = a === "\u0130" ? "i" : a;
  const fb = b === "\u0130" ? "i" : b;
  return fa.toLowerCase() === fb.toLowerCase() || fa.toUpperCase() === fb.toUpperCase();
}

/** Whether `lang` matches `text` at `at` ignoring case (code point by code point); returns the end or -1. */
function matchLanguage(text: string, at: number, lang: string): number {
  let i = at;
  for (const ch of lang) {
    const cp = text.codePointAt(i);
    if (cp === undefined) return -1;
    const t = String.fromCodePoint(cp);
    if (!sameLetter(t, ch)) return -1;
    i += t.length;
  }
  return i;
}

/**
 * The code blocks `CodeExecutorAgent` finds in `markdown`, in order. As with its regex:
 * - a language from `languages` is required, matched ignoring case and kept as written
 *   (`Python`); it must be followed directly by `\n` (so `python3`, `bash`, trailing spaces
 *   and `\r\n` do not match);
 * - whitespace, newlines included, may precede it (```` ```\npython\n ```` is a Python block);
 * - the code runs to the first ```` ``` ```` (even inside a string) and keeps its trailing `\n`;
 * - an unclosed fence yields nothing.
 *
 * @example
 * extractCodeBlocks("Run this:\n```python\nprint(1)\n```") // [{ code: "print(1)\n", language: "python" }]
 */
export function extractCodeBlocks(markdown: string, options: ExtractCodeBlocksOptions = {}): CodeBlock[] {
  const languages = options.languages ?? ["python", "sh"];
  const blocks: CodeBlock[] = [];
  // Cache of the last closing-fence search: searches start at increasing offsets, so a
  // search from inside [from, hit] has the same answer. This is what keeps unclosed
  // fences linear (the regex rescans to the end for each one).
  let searchedFrom = Number.POSITIVE_INFINITY;
  let searchHit = -1;
  const closingFence = (from: number): number => {
    if (from >= searchedFrom && (searchHit === -1 || from <= searchHit)) return searchHit;
    searchedFrom = from;
    searchHit = markdown.indexOf(FENCE, from);
    return searchHit;
  };

  let pos = markdown.indexOf(FENCE);
  while (pos !== -1) {
    let i = pos + FENCE.length;
    // `\s*` is greedy; languages never start with whitespace, so giving characters back
    // cannot produce another match and no backtracking is needed.
    while (i < markdown.length && isPySpaceCode(markdown.charCodeAt(i))) i++;
    let language: string | null = null;
    let codeStart = -1;
    // The alternation tries each language in order; the first one followed by "\n" wins.
    for (const lang of languages) {
      const end = matchLanguage(markdown, i, lang);
      if (end !== -1 && markdown.charCodeAt(end) === 0x0a) {
        language = markdown.slice(i, end);
        codeStart = end + 1;
        break;
      }
    }
    if (language !== null) {
      const close = closingFence(codeStart);
      if (close !== -1) {
        blocks.push({ code: markdown.slice(codeStart, close), language: language.trim() });
        pos = markdown.indexOf(FENCE, close + FENCE.length);
        continue;
      }
    }
    // No match here: the regex retries one character later (````python opens at the 2nd backtick).
    pos = markdown.indexOf(FENCE, pos + 1);
  }
  return blocks;
}
