/**
 * JSON for reading: tool-call arguments re-indented from their own text (numbers keep their
 * digits: no round trip through doubles) and values pretty-printed, with a fallback for
 * whatever `JSON.stringify` refuses (cycles, BigInt).
 */

const PUNCTUATION = "{}[],:";
const BLANK = " \t\n\r";

/** The tokens of JSON text already known to be valid (so every string ends): strings, punctuation, literals. */
function* tokens(text: string): Generator<string> {
  for (let i = 0; i < text.length; ) {
    const c = text[i]!;
    if (BLANK.includes(c)) {
      i++;
      continue;
    }
    let j = i + 1;
    if (c === '"') {
      while (text[j] !== '"') j += text[j] === "\\" ? 2 : 1;
      j++;
    } else if (!PUNCTUATION.includes(c)) {
      while (j < text.length && !PUNCTUATION.includes(text[j]!) && !BLANK.includes(text[j]!)) j++;
    }
    yield text.slice(i, j);
    i = j;
  }
}

/**
 * JSON text indented by two spaces, or `null` when `text` is not JSON. Number literals are
 * kept as written (`12345678901234567890` stays so); strings are re-quoted so that `\u`
 * escapes of printable characters read as the characters themselves.
 */
export function prettyJsonText(text: string): string | null {
  try {
    JSON.parse(text);
  } catch {
    return null;
  }
  let out = "";
  let depth = 0;
  let open = false; // the previous token opened a container
  for (const token of tokens(text)) {
    const c = token[0];
    if (c === "}" || c === "]") {
      depth--;
      out += open ? token : `\n${"  ".repeat(depth)}${token}`;
      open = false;
      continue;
    }
    if (open) out += `\n${"  ".repeat(depth)}`;
    open = false;
    if (c === "{" || c === "[") {
      out += token;
      depth++;
      open = true;
    } else if (c === ",") out += `,\n${"  ".repeat(depth)}`;
    else if (c === ":") out += ": ";
    else out += c === '"' ? JSON.stringify(JSON.parse(token)) : token;
  }
  return out;
}

/** `value` as indented JSON; values JSON cannot hold are shown by `String`. */
export function prettyJson(value: unknown): string {
  try {
    const text = JSON.stringify(value, null, 2);
    if (text !== undefined) return text;
  } catch {
    // a cycle or a BigInt: fall through
  }
  try {
    return String(value);
  } catch {
    return Object.prototype.toString.call(value);
  }
}
