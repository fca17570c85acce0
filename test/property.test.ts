/**
 * Property tests over every message kind, with arbitraries derived from the zod schemas
 * (test/helpers/arbitraries.ts): round trips through load/dump and JSON text, renderers that
 * never throw on valid messages, and a loader that never touches its input.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import * as z from "zod/mini";
import { dump, load, toModelMessage, toModelText, toText, type AnyChatMessage } from "../src/index.js";
import { ALL_KINDS, FIXTURE_PNGS, deepFreeze, type GeneratedKind } from "./helpers/arbitraries.js";

const RUNS = { numRuns: 200 };

/** Loads a dumped value the way its kind is read back: `load` for messages, the schema for model-client messages. */
function reload(kind: GeneratedKind, payload: unknown): unknown {
  return kind.group === "llm" ? z.parse(kind.schema, payload) : load(payload);
}

/**
 * Deep equality including key order and prototypes at every level (vitest's `toStrictEqual`
 * compares `.constructor`, which own `constructor` data keys make meaningless here).
 */
function expectSameOrdered(actual: unknown, expected: unknown) {
  expect(orderedDiff(actual, expected)).toBeNull();
  expect(JSON.stringify(actual)).toBe(JSON.stringify(expected));
}

function orderedDiff(a: unknown, e: unknown, path = "$"): string | null {
  if (e === null || typeof e !== "object") return Object.is(a, e) ? null : `${path}: ${String(a)} !== ${String(e)}`;
  if (a === null || typeof a !== "object") return `${path}: expected an object`;
  if (Object.getPrototypeOf(a) !== Object.getPrototypeOf(e)) return `${path}: different prototypes`;
  const ak = Reflect.ownKeys(a);
  const ek = Reflect.ownKeys(e);
  if (ak.length !== ek.length || ak.some((k, i) => k !== ek[i])) return `${path}: keys [${ak.map(String)}] != [${ek.map(String)}]`;
  for (const k of ek) {
    const ad = Object.getOwnPropertyDescriptor(a, k)!;
    const ed = Object.getOwnPropertyDescriptor(e, k)!;
    if (!("value" in ad) || !("value" in ed)) return `${path}.${String(k)}: accessor property`;
    if (k === "length" && Array.isArray(e)) continue;
    const d = orderedDiff(ad.value, ed.value, `${path}.${String(k)}`);
    if (d) return d;
  }
  return null;
}

describe("derived arbitraries", () => {
  it("cover every kind and produce values the kind's own schema accepts unchanged", () => {
    expect(ALL_KINDS.length).toBe(5 + 9 + 1 + 4 + 1);
    expect(FIXTURE_PNGS.length).toBeGreaterThan(0);
    for (const kind of ALL_KINDS) {
      fc.assert(
        fc.property(kind.arbitrary, (m) => {
          expectSameOrdered(z.parse(kind.schema, m), m);
        }),
        { numRuns: 30 },
      );
    }
  });
});

describe.each(ALL_KINDS.map((k) => [k.name, k] as const))("%s", (_name, kind) => {
  it("load(dump(m)) equals m, keys in the same order", () => {
    fc.assert(
      fc.property(kind.arbitrary, (m) => {
        expectSameOrdered(reload(kind, dump(m)), m);
      }),
      RUNS,
    );
  });

  it("dump(m) survives JSON text unchanged and reloads to m", () => {
    fc.assert(
      fc.property(kind.arbitrary, (m) => {
        const dumped = dump(m);
        const text = JSON.stringify(dumped);
        expectSameOrdered(JSON.parse(text), dumped);
        expectSameOrdered(reload(kind, JSON.parse(text)), m);
      }),
      RUNS,
    );
  });

  it("load never changes its (deep-frozen) input", () => {
    fc.assert(
      fc.property(kind.arbitrary, (m) => {
        const payload = dump(m);
        const before = JSON.stringify(payload);
        deepFreeze(payload);
        const loaded = reload(kind, payload);
        expect(JSON.stringify(payload)).toBe(before);
        // Nothing of the result is shared with the input.
        expect(Object.isFrozen(loaded)).toBe(false);
      }),
      RUNS,
    );
  });

  if (kind.group !== "llm") {
    it("toText never throws on a valid message", () => {
      fc.assert(
        fc.property(kind.arbitrary, fc.boolean(), (m, iterm) => {
          // A structured message's format_string may legitimately fail (Python raises too).
          const msg = "format_string" in m ? { ...m, format_string: null } : m;
          expect(typeof toText(msg)).toBe("string");
          expect(typeof toText(msg, { iterm })).toBe("string");
        }),
        RUNS,
      );
    });
  }

  if (kind.group === "chat") {
    it("toModelText and toModelMessage never throw, and the model message is a valid UserMessage", () => {
      fc.assert(
        fc.property(kind.arbitrary, fc.constantFrom<string | null | undefined>(undefined, null, "[img]"), (m, placeholder) => {
          const msg = ("format_string" in m ? { ...m, format_string: null } : m) as AnyChatMessage;
          const opts = placeholder === undefined ? {} : { imagePlaceholder: placeholder };
          expect(typeof toModelText(msg, opts)).toBe("string");
          const um = toModelMessage(msg);
          expect(um.type).toBe("UserMessage");
          expect(um.source).toBe(msg.source);
          expectSameOrdered(dump(um), JSON.parse(JSON.stringify(dump(um))));
        }),
        RUNS,
      );
    });
  }
});
