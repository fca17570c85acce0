/**
 * Property tests over the stream readers of the entry-point table (entry-points.ts): each is fed
 * the recorded runs' items, some mutated, written on its wire, damaged byte by byte and split
 * anywhere; every read must yield only items or the library's errors, the same however the
 * stream is split. How many: run-config.ts (`FUZZ_INPUTS`).
 */
import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import { ContractBreach, isLibraryError, timeBound, pollution, require, show } from "./contract.js";
import { STREAM_READERS, type ReadItem, type StreamReader } from "./entry-points.js";
import { byteDamage, damage, mutate, mutation, split, splitText } from "./mutations.js";
import { PARAMS, TIMEOUT, count, report } from "./run-config.js";

afterAll(report);

const pick = (seeds: readonly unknown[], i: number): unknown => structuredClone(seeds[i % seeds.length]);

// ---- readers ------------------------------------------------------------------------------------

/** What a stream read came to, item by item: `ok kind` or the error's name. */
async function readAll(reader: StreamReader, source: Iterable<string | Uint8Array | ArrayBuffer>): Promise<string[]> {
  const out: string[] = [];
  let items: AsyncIterable<ReadItem>;
  try {
    items = reader.read(source);
    for await (const item of items) {
      if (item.ok) out.push(`ok ${item.kind}`);
      else {
        require(!isLibraryError(item.error) && show(item.error), `${reader.name} yielded something other than the library's error`);
        out.push(`error ${(item.error as Error).name}`);
      }
    }
  } catch (e) {
    if (e instanceof ContractBreach) throw e;
    throw new ContractBreach(`${reader.name} threw instead of yielding an error item: ${show(e)}`);
  }
  return out;
}

const encoder = new TextEncoder();

for (const reader of STREAM_READERS) {
  describe(`${reader.name} (${reader.subpath})`, () => {
    it("has real seeds", () => {
      expect(reader.seeds().length).toBeGreaterThan(10);
    });

    it("damaged byte streams split anywhere: only items or the library's errors, the same items however split", async () => {
      const runs = reader.seeds();
      const property = `${reader.name}: damaged streams`;
      await fc.assert(
        fc.asyncProperty(
          fc.nat(),
          fc.array(fc.tuple(fc.nat(), mutation), { maxLength: 2 }),
          fc.array(byteDamage, { maxLength: 3 }),
          fc.array(fc.nat(), { maxLength: 12 }),
          fc.constantFrom("bytes" as const, "strings" as const, "buffers" as const),
          async (i, itemMutations, damages, points, delivery) => {
            const items = pick(runs, i) as unknown[];
            for (const [at, m] of itemMutations) if (items.length) items[at % items.length] = mutate(items[at % items.length], m);
            const texts = items.map((x) => JSON.stringify(x) ?? "null");
            const t0 = performance.now();
            if (reader.wire.kind === "text") {
              let bytes: Uint8Array = encoder.encode(reader.wire.write(texts));
              for (const d of damages) bytes = damage(bytes, d);
              const whole = await readAll(reader, [bytes]);
              // Text arrives as strings or bytes (ArrayBuffers are frames' only).
              const chunks =
                delivery === "strings" ? splitText(new TextDecoder().decode(bytes), points) : split(bytes, points);
              const parts = await readAll(reader, chunks as Iterable<string | Uint8Array>);
              require(JSON.stringify(parts) !== JSON.stringify(whole) && `\nwhole: ${whole.join(", ")}\nsplit: ${parts.join(", ")}`, `${reader.name}: items depend on where the stream is split`);
              count(property, whole.every((x) => x.startsWith("ok")) ? "result" : "error", performance.now() - t0);
            } else {
              // A frame per item, delivered as text, bytes or an ArrayBuffer, some damaged.
              // Each damage hits one frame.
              const bytes = texts.map((t) => encoder.encode(t) as Uint8Array);
              for (const d of damages) if (bytes.length) bytes[d.at % bytes.length] = damage(bytes[d.at % bytes.length]!, d);
              const frames = bytes.map((b) => (delivery === "strings" ? new TextDecoder().decode(b) : delivery === "buffers" ? b.slice().buffer : b));
              const got = await readAll(reader, frames);
              require(got.length !== frames.length && `${got.length} items for ${frames.length} frames`, `${reader.name}: not one item per frame`);
              count(property, got.every((x) => x.startsWith("ok")) ? "result" : "error", performance.now() - t0);
            }
            // Read twice (whole and split) for a text wire: twice the bound.
            const ms = performance.now() - t0;
            const size = texts.reduce((s, t) => s + t.length, 0) + damages.reduce((s, d) => s + (d.op === "hugeLine" ? 10 * 1_048_576 : 0), 0);
            require(ms > (reader.wire.kind === "text" ? 2 : 1) * timeBound(size) && `${ms.toFixed(0)} ms for ${size} bytes`, `${reader.name} over the time bound`);
            require(pollution(), "prototype pollution");
          },
        ),
        PARAMS,
      );
    }, TIMEOUT);
  });
}
