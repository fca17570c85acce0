/**
 * The renderers against every golden record: `toText` (as AutoGen renders a message reloaded
 * from JSON), `toText({ iterm })`, `toModelText` (both placeholder forms) and `toModelMessage`.
 */
import { describe, expect, it } from "vitest";
import { dump, load, toModelMessage, toModelText, toText, type AnyChatMessage } from "../src/index.js";
import { orderedDiff, readJsonl, skipReason, stringsIn, type FixtureRecord } from "./helpers/fixtures.js";

function attempt(f: () => unknown): { ok: true; value: unknown } | { ok: false; error: Error } {
  try {
    return { ok: true, value: f() };
  } catch (e) {
    return { ok: false, error: e as Error };
  }
}

/** `Type: message` of a thrown error, to compare with the fixture's recorded Python exception. */
function pythonError(e: Error): string {
  return (e as { pythonMessage?: string }).pythonMessage ?? `${e.name}: ${e.message}`;
}

function expectText(actual: ReturnType<typeof attempt>, expected: unknown, expectedError: unknown) {
  if (typeof expectedError === "string") {
    expect(actual.ok, `expected ${expectedError}`).toBe(false);
    if (!actual.ok) expect(pythonError(actual.error)).toBe(expectedError);
  } else {
    if (!actual.ok) throw actual.error;
    expect(actual.value).toBe(expected);
  }
}

function checkRenderers(rec: FixtureRecord, message: unknown, payload: unknown) {
  // AutoGen re-encodes images to PNG; where ours kept the input bytes, image texts cannot match.
  const reencoded = orderedDiff(dump(message), rec.dump, new Set()) !== null && orderedDiff(dump(message), rec.dump, stringsIn(payload)) === null;
  const textExpected = "reload_to_text" in rec ? rec.reload_to_text : rec.to_text;
  const textError = "reload_to_text" in rec ? (rec.reload_to_text_error ?? rec.to_text_error) : rec.to_text_error;
  if ((textExpected != null || textError) && !(reencoded && !textError)) expectText(attempt(() => toText(message)), textExpected, textError);
  if (rec.to_text_iterm != null && !reencoded) expect(toText(message, { iterm: true })).toBe(rec.to_text_iterm);
  const chat = message as AnyChatMessage;
  if (rec.to_model_text != null || rec.to_model_text_error) expectText(attempt(() => toModelText(chat)), rec.to_model_text, rec.to_model_text_error);
  if (rec.to_model_text_no_placeholder != null && !reencoded) {
    expect(toModelText(chat, { imagePlaceholder: null })).toBe(rec.to_model_text_no_placeholder);
  }
  if (rec.to_model_message != null) {
    expect(orderedDiff(dump(toModelMessage(chat)), rec.to_model_message, stringsIn(payload))).toBeNull();
  }
}

describe("renderers on messages built in Python", () => {
  for (const rec of readJsonl("autogen/messages.jsonl")) {
    if (rec.kind === "core" || skipReason("messages.jsonl", rec)) continue;
    it(rec.name, () => checkRenderers(rec, load(rec.dump), rec.dump));
  }
});

describe("renderers on payloads AutoGen's loader accepted", () => {
  for (const rec of readJsonl("autogen/load-cases.jsonl")) {
    const via = rec.via as string;
    if (!rec.accepted || skipReason("load-cases.jsonl", rec) || !via.startsWith("factory")) continue;
    if ((rec.generated as unknown[] | null)?.length) continue; // texts of generated ids/times are not comparable
    it(`${rec.name} [${via}]`, () => checkRenderers(rec, load(rec.payload), rec.payload));
  }
});
