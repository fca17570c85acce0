/**
 * Hints for the mistakes people make with messages, added to an issue as `hint`: a misspelt or
 * mis-cased name, JSON text where an object belongs. They read a bounded part of the value, so a
 * hint never costs more than the error it explains.
 */

/** Names longer than this are not compared (no message type is near that long). */
const MAX_NAME = 100;

/** Levenshtein distance (a swap of two letters counts two), or more than `max` once it exceeds `max`. */
function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) row[j] = Math.min(prev[j]! + 1, row[j - 1]! + 1, prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    if (Math.min(...row) > max) return max + 1;
    prev = row;
  }
  return prev[b.length]!;
}

/**
 * The candidate a misspelt or mis-cased name most likely meant: case is ignored, then up to one
 * edit (two for names of 6 characters or more: `TextMesage`, `Text_Message`, `TxetMessage`).
 * The closest wins, the earlier candidate on a tie.
 *
 * @example nearestName("textmesage", ["TextMessage", "StopMessage"]) // "TextMessage"
 */
export function nearestName(got: string, candidates: Iterable<string>): string | undefined {
  if (got.length > MAX_NAME) return undefined;
  const lower = got.toLowerCase();
  let best: string | undefined;
  let bestDistance = Infinity;
  for (const candidate of candidates) {
    if (candidate === got) continue;
    const max = candidate.length >= 6 ? 2 : 1;
    const d = editDistance(lower, candidate.toLowerCase(), max);
    if (d <= max && d < bestDistance) {
      best = candidate;
      bestDistance = d;
    }
  }
  return best;
}

/**
 * `did you mean "TextMessage"?` when a candidate is close to `got`, else undefined.
 *
 * @example didYouMean("Textmessage", ["TextMessage"]) // 'did you mean "TextMessage"?'
 */
export function didYouMean(got: unknown, candidates: Iterable<string>): string | undefined {
  const near = typeof got === "string" ? nearestName(got, candidates) : undefined;
  return near === undefined ? undefined : `did you mean ${JSON.stringify(near)}?`;
}

/** How many names {@link knownNames} lists before `…`. */
const LISTED = 20;

/**
 * The valid names, for a hint: `known types: TextMessage, StopMessage, …` (the first 20, then
 * how many more).
 *
 * @example knownNames("types", ["TextMessage", "StopMessage"]) // "known types: TextMessage, StopMessage"
 */
export function knownNames(what: string, names: readonly string[]): string {
  const more = names.length - LISTED;
  return `known ${what}: ${names.slice(0, LISTED).join(", ")}${more > 0 ? `, … (${more} more)` : ""}`;
}

/**
 * A hint for a string given where an object or a list belongs, when the string looks like JSON
 * text (`{…}` / `[…]`): it has to be parsed first.
 *
 * @example jsonTextHint('{"type": "TextMessage"}') // "this string looks like JSON text: parse it first (JSON.parse)"
 */
export function jsonTextHint(value: unknown): string | undefined {
  if (typeof value !== "string") return undefined;
  const first = value.slice(0, 1000).trimStart()[0];
  const last = value.slice(-1000).trimEnd().slice(-1);
  const json = (first === "{" && last === "}") || (first === "[" && last === "]");
  return json ? "this string looks like JSON text: parse it first (JSON.parse)" : undefined;
}
