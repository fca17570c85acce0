/**
 * Escaping for the HTML view: every piece of text that reaches the page goes through
 * {@link escapeHtml} (element content) or {@link escapeAttr} (double-quoted attribute values,
 * and the RCDATA of `<title>`).
 *
 * Two kinds of character cannot travel in HTML text: NUL (the parser drops it from the body)
 * and unpaired UTF-16 surrogates (UTF-8 cannot encode them). {@link escapeHtml} writes each as
 * a `<b data-u="hex">` placeholder showing U+FFFD, which the page's one inline script
 * ({@link RESTORE_SCRIPT}) replaces with the character itself, so the page's text is exactly
 * the message's text.
 */

const ENTITIES: Readonly<Record<string, string>> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };
// A quick test first (any surrogate, paired or not); then, with the u flag, a surrogate range
// matches only unpaired surrogates.
const IN_TEXT = /[&<>\0\uD800-\uDFFF]/;
const IN_TEXT_ALL = /[&<>\0\uD800-\uDFFF]/gu;
const IN_ATTR_ALL = /[&<>"'\0]/g;

/** The tag name of the placeholders {@link RESTORE_SCRIPT} restores. */
const PLACEHOLDER = "<b data-u=";

/**
 * `text` for element content: `& < >` as character references (quotes need none there, which
 * keeps JSON-heavy pages small); NUL and unpaired surrogates as restorable placeholders.
 */
export function escapeHtml(text: string): string {
  return IN_TEXT.test(text) ? text.replace(IN_TEXT_ALL, (c) => ENTITIES[c] ?? `${PLACEHOLDER}"${c.charCodeAt(0).toString(16)}">\ufffd</b>`) : text;
}

/** `text` for a double-quoted attribute value or `<title>`: `& < > " '` as references, NUL as U+FFFD. */
export function escapeAttr(text: string): string {
  return text.replace(IN_ATTR_ALL, (c) => ENTITIES[c] ?? "\ufffd");
}

/** True when `html` (a page body) holds a placeholder written by {@link escapeHtml}. */
export const needsRestore = (html: string): boolean => html.includes(PLACEHOLDER);

/** Puts back the characters of the placeholders: the page's only script, admitted by its hash. */
export const RESTORE_SCRIPT = `for(const e of document.querySelectorAll("b[data-u]"))e.replaceWith(String.fromCharCode(parseInt(e.getAttribute("data-u"),16)))`;
