/**
 * The mutation engine itself (mutations.ts), which the fuzz and property tests share: every op of
 * its table does what it says at the place it names, on a small seed whose result is written out
 * by hand, and the generator yields every op.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { JSON_PROFILE, MUTATION_OPS, fresh, mutate, mutations, type Mutation } from "./mutations.js";

/** A seed and its places, in the engine's walk order: 0 the root, then the root's keys, then (last container first) theirs. */
const seed = () => ({ type: "TextMessage", source: "a", content: ["x", { data: "QQ==" }] });
// Places: 0 root; 1 type; 2 source; 3 content; 4 content[0]; 5 content[1]; 6 content[1].data.

describe("the mutation engine", () => {
  const cases: Array<[Mutation, unknown]> = [
    [{ op: "drop", at: 2 }, { type: "TextMessage", content: ["x", { data: "QQ==" }] }],
    [{ op: "drop", at: 4 }, { type: "TextMessage", source: "a", content: [{ data: "QQ==" }] }],
    [{ op: "drop", at: 0 }, undefined],
    [{ op: "replace", at: 2, value: [1, null] }, { type: "TextMessage", source: [1, null], content: ["x", { data: "QQ==" }] }],
    [{ op: "nest", at: 6, depth: 2, array: false }, { type: "TextMessage", source: "a", content: ["x", { data: { a: { a: "QQ==" } } }] }],
    [{ op: "nest", at: 4, depth: 3, array: true }, { type: "TextMessage", source: "a", content: [[[["x"]]], { data: "QQ==" }] }],
    [{ op: "long", at: 1, length: 4, char: "é" }, { type: "éééé", source: "a", content: ["x", { data: "QQ==" }] }],
    [{ op: "odd", at: 2, value: "\ud800" }, { type: "TextMessage", source: "\ud800", content: ["x", { data: "QQ==" }] }],
    [{ op: "tag", at: 0, value: "TeamState" }, { type: "TeamState", source: "a", content: ["x", { data: "QQ==" }] }],
    [{ op: "tag", at: 5, value: "UserMessage" }, { type: "TextMessage", source: "a", content: ["x", { data: "QQ==", type: "UserMessage" }] }],
    [{ op: "tag", at: 2, value: "UserMessage" }, seed()], // a string: no object to tag
    [{ op: "share", at: 4, from: 5 }, { type: "TextMessage", source: "a", content: [{ data: "QQ==" }, { data: "QQ==" }] }],
    [{ op: "share", at: 6, from: 5 }, seed()], // under itself: would be a cycle
    [{ op: "share", at: 4, from: 2 }, seed()], // a string: objects only
    [{ op: "value", at: 2, value: "-inf" }, { type: "TextMessage", source: "-inf", content: ["x", { data: "QQ==" }] }],
    [{ op: "junk", at: 6, inserts: [[0, "\n"], [2, " "]] }, { type: "TextMessage", source: "a", content: ["x", { data: "\nQ Q==" }] }],
    [{ op: "junk", at: 3, inserts: [[0, "\n"]] }, seed()], // not a string
  ];

  it.each(cases.map(([m, want]) => [`${m.op} at ${m.at}`, m, want] as const))("%s", (_, m, want) => {
    expect(mutate(seed(), m)).toEqual(want);
  });

  it("protoKey puts an own data key, never the prototype's setter: on the object at the place, else on the root", () => {
    const onObject = mutate(seed(), { op: "protoKey", at: 5, key: "__proto__", value: { polluted: true } }) as { content: [string, object] };
    expect(Object.getPrototypeOf(onObject.content[1])).toBe(Object.prototype);
    expect(Object.getOwnPropertyDescriptor(onObject.content[1], "__proto__")).toEqual({ value: { polluted: true }, enumerable: true, writable: true, configurable: true });
    const onRoot = mutate(seed(), { op: "protoKey", at: 2, key: "constructor", value: 1 }) as Record<string, unknown>;
    expect(Object.keys(onRoot)).toEqual(["type", "source", "content", "constructor"]);
    expect(onRoot.constructor).toBe(1);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it("replace and value put a fresh copy: the generated value is never changed by a later mutation", () => {
    const value = { k: [1] };
    const out = mutate(seed(), { op: "replace", at: 2, value }) as { source: { k: number[] } };
    expect(out.source).toEqual(value);
    expect(out.source).not.toBe(value);
    out.source.k.push(2);
    expect(value).toEqual({ k: [1] });
    // fresh keeps `__proto__` as data, as JSON.parse does.
    const parsed = JSON.parse('{"__proto__": {"x": 1}}') as object;
    expect(Object.keys(fresh(parsed) as object)).toEqual(["__proto__"]);
  });

  it("generates every op of the table, within the profile's sizes", () => {
    const sample = fc.sample(mutations({ ...JSON_PROFILE, maxNest: 7, maxLength: 9 }), { numRuns: 3000, seed: 33 });
    expect(new Set(sample.map((m) => m.op))).toEqual(new Set(MUTATION_OPS));
    expect(MUTATION_OPS).toHaveLength(10);
    for (const m of sample) {
      if (m.op === "nest") expect(m.depth).toBeLessThanOrEqual(7);
      if (m.op === "long") expect(m.length).toBeLessThanOrEqual(9);
    }
  });
});
