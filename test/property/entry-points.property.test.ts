/**
 * Property tests over the table of entry points (entry-points.ts): every loader is fed mutated
 * real seeds and in-process hostile values, every reader damaged byte streams split anywhere,
 * and each input must keep the contract (contract.ts).
 *
 * `FUZZ_INPUTS` is the total number of inputs, shared evenly among the properties (default:
 * 150 per property, a few seconds each in `npm test`); `npm run fuzz:entry-points` runs
 * 1,000,000. `FUZZ_SEED` replays a run.
 */
import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import { ContractBreach, SECRET, TIME_BOUND_MS, aliasIn, freezeAll, isLibraryError, pollution, require, secretIn, show } from "./contract.js";
import { STREAM_READERS, VALUE_LOADERS, type Outcome, type ReadItem, type StreamReader, type ValueLoader } from "./entry-points.js";
import { byteDamage, damage, hostileInsertion, insertHostile, mutate, mutation, split, splitText } from "./mutations.js";

const PROPERTIES = VALUE_LOADERS.length * 2 + STREAM_READERS.length;
const TOTAL = Number(process.env.FUZZ_INPUTS ?? 0);
const RUNS = TOTAL > 0 ? Math.ceil(TOTAL / PROPERTIES) : 150;
const SEED = process.env.FUZZ_SEED === undefined ? undefined : Number(process.env.FUZZ_SEED);
const PARAMS: fc.Parameters<unknown> = { numRuns: RUNS, ...(SEED !== undefined && { seed: SEED }), endOnFailure: true };
/** Per property: far above what the runs take on a busy machine. */
const TIMEOUT = Math.max(60_000, RUNS * 30);

/** Inputs fed, and what they came to, per property (printed at the end). */
const tally = new Map<string, { inputs: number; results: number; errors: number; slowestMs: number }>();
function count(name: string, outcome: "result" | "error", ms: number): void {
  const t = tally.get(name) ?? { inputs: 0, results: 0, errors: 0, slowestMs: 0 };
  t.inputs++;
  if (outcome === "result") t.results++;
  else t.errors++;
  t.slowestMs = Math.max(t.slowestMs, ms);
  tally.set(name, t);
}
afterAll(() => {
  const rows = [...tally].map(([name, t]) => ({ property: name, ...t, slowestMs: Math.round(t.slowestMs) }));
  const inputs = rows.reduce((s, r) => s + r.inputs, 0);
  if (TOTAL > 0) {
    console.table(rows);
    console.log(`${inputs} inputs, 0 contract breaches (seed ${SEED ?? "random"})`);
  }
});

/** Loads one input and checks the contract; returns what it came to. */
function checkLoader(entry: ValueLoader, input: unknown, property: string): void {
  const inputs = freezeAll(input);
  const t0 = performance.now();
  let out: Outcome;
  try {
    out = entry.load(input);
  } catch (e) {
    throw new ContractBreach(`${entry.name} threw instead of reporting: ${show(e)}`);
  }
  const ms = performance.now() - t0;
  require(ms > TIME_BOUND_MS && `${ms.toFixed(0)} ms`, `${entry.name} over the time bound`);
  require(pollution(), "prototype pollution");
  count(property, out.ok ? "result" : "error", ms);
  if (!out.ok) {
    require(!isLibraryError(out.error) && show(out.error), `${entry.name} reported something other than the library's error`);
    if (entry.secrets) require(secretIn(out.error, SECRET), `${entry.name} echoed a secret`);
    return;
  }
  require(aliasIn(out.value, inputs), `${entry.name}'s result shares an object with its input at`);
  roundTrip(entry, out.value);
}

/** load → dump → load gives the same dump. */
function roundTrip(entry: ValueLoader, value: unknown): void {
  if (!entry.dump) return;
  let first: unknown;
  try {
    first = entry.dump(value);
  } catch (e) {
    throw new ContractBreach(`${entry.name}: the dump of what it loaded threw: ${show(e)}`);
  }
  if (first === undefined) return;
  const text = JSON.stringify(first);
  const again = entry.load(JSON.parse(text));
  require(!again.ok && `reloading ${text.slice(0, 300)}: ${show((again as { error: unknown }).error)}`, `${entry.name}: load → dump → load failed`);
  const second = JSON.stringify(entry.dump((again as { value: unknown }).value));
  require(second !== text && `\n${text.slice(0, 2000)}\n${second.slice(0, 2000)}`, `${entry.name}: load → dump → load is not stable`);
}

const pick = (seeds: readonly unknown[], i: number): unknown => structuredClone(seeds[i % seeds.length]);

for (const entry of VALUE_LOADERS) {
  describe(`${entry.name} (${entry.subpath})`, () => {
    it("has real seeds", () => {
      expect(entry.seeds().length).toBeGreaterThan(10);
    });

    it("mutated real seeds: a result or the library's error, and the contract", () => {
      const seeds = entry.seeds();
      const property = `${entry.name}: mutated seeds`;
      fc.assert(
        fc.property(fc.nat(), fc.array(mutation, { minLength: 0, maxLength: 4 }), (i, ms) => {
          let v = pick(seeds, i);
          for (const m of ms) v = mutate(v, m);
          checkLoader(entry, v, property);
        }),
        PARAMS,
      );
    }, TIMEOUT);

    it("in-process hostile values (cycles, throwing getters, proxies, class instances, BigInt, symbols, 10 MB strings, 10k-deep nesting)", () => {
      const seeds = entry.seeds();
      const property = `${entry.name}: hostile values`;
      fc.assert(
        fc.property(fc.nat(), fc.array(mutation, { maxLength: 1 }), fc.array(hostileInsertion, { minLength: 1, maxLength: 2 }), (i, ms, hs) => {
          let v = pick(seeds, i);
          for (const m of ms) v = mutate(v, m);
          for (const h of hs) v = insertHostile(v, h);
          checkLoader(entry, v, property);
        }),
        PARAMS,
      );
    }, TIMEOUT);
  });
}

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
              let bytes = encoder.encode(reader.wire.write(texts));
              for (const d of damages) bytes = damage(bytes, d);
              const whole = await readAll(reader, [bytes]);
              const chunks =
                delivery === "strings" ? splitText(new TextDecoder().decode(bytes), points) : split(bytes, points).map((c) => (delivery === "buffers" ? c.slice().buffer : c));
              const parts = await readAll(reader, chunks as Iterable<string | Uint8Array>);
              require(JSON.stringify(parts) !== JSON.stringify(whole) && `\nwhole: ${whole.join(", ")}\nsplit: ${parts.join(", ")}`, `${reader.name}: items depend on where the stream is split`);
              count(property, whole.every((x) => x.startsWith("ok")) ? "result" : "error", performance.now() - t0);
            } else {
              // A frame per item, delivered as text, bytes or an ArrayBuffer, some damaged.
              const frames = texts.map((t, k) => {
                let b = encoder.encode(t);
                const d = damages[k % Math.max(1, damages.length)];
                if (d && k % 2 === 0) b = damage(b, d);
                return delivery === "strings" ? new TextDecoder().decode(b) : delivery === "buffers" ? b.slice().buffer : b;
              });
              const got = await readAll(reader, frames);
              require(got.length !== frames.length && `${got.length} items for ${frames.length} frames`, `${reader.name}: not one item per frame`);
              count(property, got.every((x) => x.startsWith("ok")) ? "result" : "error", performance.now() - t0);
            }
            const ms = performance.now() - t0;
            require(ms > TIME_BOUND_MS && `${ms.toFixed(0)} ms`, `${reader.name} over the time bound`);
            require(pollution(), "prototype pollution");
          },
        ),
        PARAMS,
      );
    }, TIMEOUT);
  });
}
