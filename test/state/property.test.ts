/**
 * Property tests for `loadState` / `dumpState`, with state arbitraries derived from the state
 * class schemas (their special fields read from `stateFields`, every other field through the
 * message arbitraries of test/helpers/arbitraries.ts): `loadState ∘ dumpState` is the identity on
 * generated states, and any JSON value (or a fixture state with any part replaced by any JSON)
 * loads or is refused with a `MessageValidationError`, never anything else.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type * as z from "zod/mini";
import { MessageValidationError } from "../../src/index.js";
import { STATE_SCHEMAS, dumpState, loadState, safeLoadState } from "../../src/state/index.js";
import { stateFields } from "../../src/state/fields.js";
import { ALL_KINDS, anyKey, anyString, arbitraryFor, deepFreeze, defOf, jsonValue, objectOf } from "../helpers/arbitraries.js";
import { readJsonl } from "../helpers/fixtures.js";

const RUNS = { numRuns: Number(process.env.FUZZ_RUNS ?? 150) };

const chatMessage = fc.oneof(...ALL_KINDS.filter((k) => k.group === "chat").map((k) => k.arbitrary));
const anyMessage = fc.oneof(...ALL_KINDS.filter((k) => k.group !== "llm").map((k) => k.arbitrary));
const knownTypes = new Set([...STATE_SCHEMAS.keys()]);

/** An app's own state as loadState keeps it: a JSON object whose `type` is no state class, or a typeless one without `message_thread`. */
const unknownState = fc
  .tuple(
    fc.option(anyString.filter((t) => !knownTypes.has(t as never)), { nil: undefined }),
    fc.uniqueArray(fc.tuple(anyKey.filter((k) => k !== "type" && k !== "message_thread"), jsonValue), { selector: (e) => e[0], maxLength: 4 }),
  )
  .map(([type, entries]) => objectOf(type === undefined ? entries : [["type", type], ...entries]));

/** Canonical values of a state schema (what loadState returns for them), nested states `depth` levels deep at most. */
function stateArb(schema: z.core.$ZodType, depth: number): fc.Arbitrary<unknown> {
  const meta = stateFields.get(schema);
  if (meta?.kind === "messages") return fc.array(meta.group === "chat" ? chatMessage : anyMessage, { maxLength: 3 });
  if (meta?.kind === "state") return anyState(depth - 1);
  if (meta?.kind === "map") return fc.uniqueArray(fc.tuple(anyKey, stateArb(meta.value, depth)), { selector: (e) => e[0], maxLength: 3 }).map(objectOf);
  const def = defOf(schema);
  if (def.type === "default") return stateArb(def.innerType!, depth);
  if (def.type === "object") {
    const keys = Object.keys(def.shape!);
    return fc.tuple(...keys.map((k) => stateArb(def.shape![k]!, depth))).map((vs) => objectOf(keys.map((k, i) => [k, vs[i]] as const)));
  }
  if (def.type === "number") return fc.integer(); // z.int() (GraphFlow's counters)
  return arbitraryFor(schema);
}

function anyState(depth: number): fc.Arbitrary<unknown> {
  if (depth <= 0) return fc.oneof(unknownState, stateArb(STATE_SCHEMAS.get("BaseState")!, 0));
  return fc.oneof(unknownState, ...[...STATE_SCHEMAS.values()].map((s) => stateArb(s, depth)));
}

const generated = fc.oneof(...[...STATE_SCHEMAS.values()].map((s) => stateArb(s, 3)));

describe("loadState ∘ dumpState", () => {
  it("generates states of every class, with messages and nested states", () => {
    const sample = fc.sample(generated, { numRuns: 300, seed: 1 }).map((s) => JSON.stringify(s));
    for (const name of STATE_SCHEMAS.keys()) if (name !== "GraphFlowManagerState") expect(sample.some((s) => s.includes(`"type":"${name}"`)), name).toBe(true);
    expect(sample.some((s) => s.includes('"remaining":'))).toBe(true);
    expect(sample.some((s) => s.includes('"created_at":'))).toBe(true);
    expect(sample.some((s) => s.includes('"UserMessage"'))).toBe(true);
  });

  it("is the identity on generated states (key order included), and never changes its input", () => {
    fc.assert(
      fc.property(generated, (state) => {
        deepFreeze(state);
        const dumped = dumpState(state as never);
        const back = loadState(dumped);
        expect(back).toEqual(state);
        expect(JSON.stringify(back)).toBe(JSON.stringify(state));
        // and through JSON text, as a state is stored
        expect(JSON.stringify(dumpState(loadState(JSON.parse(JSON.stringify(dumped)))))).toBe(JSON.stringify(dumped));
      }),
      RUNS,
    );
  });
});

function loadsOrRefuses(value: unknown): void {
  let result: unknown;
  try {
    result = loadState(value);
  } catch (e) {
    expect(MessageValidationError.isInstance(e)).toBe(true);
    expect((e as MessageValidationError).issues.length).toBeGreaterThan(0);
    return;
  }
  expect(JSON.stringify(dumpState(loadState(dumpState(result as never))))).toBe(JSON.stringify(dumpState(result as never)));
}

describe("any JSON value gives a state or a MessageValidationError", () => {
  it("arbitrary JSON", () => {
    fc.assert(fc.property(jsonValue, (v) => loadsOrRefuses(deepFreeze(v))), RUNS);
  });

  it("generated states and fixture states with one part replaced by arbitrary JSON", () => {
    const fixtures = readJsonl("autogen-teams/state.jsonl").flatMap((r) => (r.states as { state: unknown }[]).map((s) => s.state));
    const base = fc.oneof(generated, fc.constantFrom(...fixtures));
    const mutated = fc.tuple(base, fc.nat(), jsonValue).map(([state, pick, replacement]) => {
      const copy = JSON.parse(JSON.stringify(state)) as unknown;
      const spots: [Record<string | number, unknown>, string | number][] = [];
      (function collect(v: unknown) {
        if (v === null || typeof v !== "object") return;
        for (const k of Object.keys(v)) {
          spots.push([v as Record<string, unknown>, Array.isArray(v) ? Number(k) : k]);
          collect((v as Record<string, unknown>)[k]);
        }
      })(copy);
      if (spots.length === 0) return replacement;
      const [holder, key] = spots[pick % spots.length]!;
      holder[key] = replacement;
      return copy;
    });
    fc.assert(fc.property(mutated, (v) => loadsOrRefuses(deepFreeze(v))), RUNS);
  });

  it("safeLoadState never throws", () => {
    fc.assert(
      fc.property(fc.anything(), (v) => {
        expect(typeof safeLoadState(v).success).toBe("boolean");
      }),
      RUNS,
    );
  });
});
