/**
 * Golden table: every record of autogen-providers/anthropic-stream.jsonl (what AutoGen 0.7.5's
 * Anthropic create_stream yielded for a streamed response) against the batch, incremental and
 * async-iterable forms.
 */
import { describe, expect, it } from "vitest";
import {
  AnthropicStreamAccumulator,
  anthropicStream,
  anthropicStreamToResult,
  type AnthropicStreamEvent,
} from "../../../src/providers/anthropic/index.js";
import type { FixtureRecord } from "../../helpers/fixtures.js";
import { options, read, type ClientSettings, type PythonError } from "./fixture-helpers.js";

interface StreamRecord extends FixtureRecord {
  client: ClientSettings;
  events: { event: string | null; data: AnthropicStreamEvent | "[DONE]" }[];
  yielded: string[];
  result: unknown;
  error: PythonError | null;
}

const records = read<StreamRecord>("anthropic-stream.jsonl");
const dataOf = (rec: StreamRecord) => rec.events.map((e) => e.data).filter((d): d is AnthropicStreamEvent => d !== "[DONE]");

describe("anthropic-stream.jsonl", () => {
  it("covers every record", () => {
    expect(records.length).toBeGreaterThanOrEqual(11);
    expect(records.filter((r) => r.error)).toEqual([]);
  });

  for (const rec of records) {
    it(`${rec.name}: anthropicStreamToResult`, () => {
      const { chunks, result } = anthropicStreamToResult(dataOf(rec), options(rec.client));
      expect(chunks).toStrictEqual(rec.yielded);
      expect(result).toStrictEqual(rec.result);
    });

    it(`${rec.name}: each chunk comes out of the push of its own event`, () => {
      const acc = new AnthropicStreamAccumulator(options(rec.client));
      const perEvent = dataOf(rec).map((d) => acc.push(d));
      expect(perEvent.every((c) => c.length <= 1)).toBe(true);
      // A chunk is the delta text of the event that produced it.
      dataOf(rec).forEach((d, i) => {
        const delta = (d as { delta?: { text?: string; thinking?: string } }).delta;
        if (perEvent[i]!.length) expect(perEvent[i]![0]).toBe(delta?.text ?? delta?.thinking);
      });
      expect(perEvent.flat()).toStrictEqual(rec.yielded);
      expect(acc.finish()).toStrictEqual(rec.result);
    });

    it(`${rec.name}: anthropicStream over an async iterable`, async () => {
      async function* live() {
        for (const d of dataOf(rec)) yield d;
      }
      const items: unknown[] = [];
      for await (const item of anthropicStream(live(), options(rec.client))) items.push(item);
      expect(items).toStrictEqual([...rec.yielded, rec.result]);
    });
  }
});
