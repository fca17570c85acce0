/**
 * Property tests over the loaders of the entry-point table (entry-points.ts): each is fed
 * mutated real seeds and in-process hostile values, and each input must keep the contract
 * (contract.ts). How many: run-config.ts (`FUZZ_INPUTS`).
 */
import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import { ContractBreach, SECRET, aliasIn, timeBound, freezeAll, isLibraryError, pollution, require, secretIn, show } from "./contract.js";
import { VALUE_LOADERS, type Outcome, type ValueLoader } from "./entry-points.js";
import { hostileInsertion, insertHostile, mutate, mutation } from "./mutations.js";
import { PARAMS, TIMEOUT, count, report } from "./run-config.js";

afterAll(report);

/** Loads one input and checks the contract; returns what it came to. */
function checkLoader(entry: ValueLoader, input: unknown, property: string): void {
  const { objects: inputs, chars } = freezeAll(input);
  const t0 = performance.now();
  let out: Outcome;
  try {
    out = entry.load(input);
  } catch (e) {
    throw new ContractBreach(`${entry.name} threw instead of reporting: ${show(e)}`);
  }
  const ms = performance.now() - t0;
  require(ms > timeBound(chars) && `${ms.toFixed(0)} ms for ${chars} characters`, `${entry.name} over the time bound`);
  require(pollution(), "prototype pollution");
  count(property, out.ok ? "result" : "error", ms);
  if (!out.ok) {
    require(!isLibraryError(out.error) && show(out.error), `${entry.name} reported something other than the library's error`);
    if (entry.secrets) require(secretIn(out.error, SECRET), `${entry.name} echoed a secret`);
    return;
  }
  require(aliasIn(out.value, inputs), `${entry.name}'s result shares an object with its input at`);
  entry.check?.(out.value, input);
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
  // A non-finite float (inf / nan) is written null, as pydantic's JSON writer does (README difference 18): such a
  // dump does not load back to the same value, in Python either. The round trip holds for finite data.
  if (first === undefined || nonFinite(value)) return;
  const text = JSON.stringify(first);
  const again = entry.load(JSON.parse(text));
  require(!again.ok && `reloading ${text.slice(0, 300)}: ${show((again as { error: unknown }).error)}`, `${entry.name}: load → dump → load failed`);
  const second = JSON.stringify(entry.dump((again as { value: unknown }).value));
  require(second !== text && `\n${text.slice(0, 2000)}\n${second.slice(0, 2000)}`, `${entry.name}: load → dump → load is not stable`);
}

/** Whether a loaded value holds NaN or ±Infinity anywhere. */
function nonFinite(value: unknown): boolean {
  const stack = [value];
  while (stack.length) {
    const v = stack.pop();
    if (typeof v === "number" && !Number.isFinite(v)) return true;
    if (v !== null && typeof v === "object") for (const x of Object.values(v)) stack.push(x);
  }
  return false;
}

const pick = (seeds: readonly unknown[], i: number): unknown => structuredClone(seeds[i % seeds.length]);

for (const entry of VALUE_LOADERS) {
  describe(`${entry.name} (${entry.subpath})`, () => {
    it("has real seeds, most of them read", () => {
      const seeds = entry.seeds();
      expect(seeds.length).toBeGreaterThan(10);
      // Seeds the entry point rejects fuzz nothing but its first check (fromMafMessages was once fed counts).
      expect(seeds.filter((s) => entry.load(structuredClone(s)).ok).length).toBeGreaterThan(seeds.length / 2);
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

    if (entry.settle) it("what settled after the calls: the library's error or a result", entry.settle);
  });
}

