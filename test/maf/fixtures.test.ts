/**
 * Every record of the MAF 1.13.0 fixtures (test/fixtures/maf, recorded from the real Python
 * core), held as ../shared/conformance/check-maf.mjs holds the built package: each recorded value
 * loads with its class and with none, `dumpMafJson` is MAF's exact text, `dumpMaf` its `to_dict()`
 * (key order included), `mafText` its `.text`; each load case gets MAF's verdict, except the
 * declared deviations, whose own behaviour is asserted here.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { MessageValidationError } from "../../src/errors.js";
import * as maf from "../../src/maf/index.js";
import type { MafClass } from "../../src/maf/index.js";
import { jsOrdered, type Node, nodeAt, parseOrdered, parsePath, pyText, type Seg, sortAt } from "./ordered-json.js";

const DIR = new URL("../fixtures/maf/", import.meta.url);
type Rec = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const lines = (file: string): string[] => readFileSync(new URL(file, DIR), "utf8").split("\n").filter((l) => l.trim());
const records = (file: string): Array<{ rec: Rec; line: string }> => lines(file).map((line) => ({ rec: JSON.parse(line) as Rec, line }));
const deviations = (JSON.parse(readFileSync(new URL("../fixtures/deviations.json", import.meta.url), "utf8")) as Record<string, Record<string, string>>)["maf/load-cases.jsonl"]!;
const UUID4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** The hash-ordered paths of a record under one of its values ("turns[0].response" → [["usage_details"]]). */
function relPaths(rec: Rec, prefix: string): Seg[][] {
  const pre = parsePath(prefix);
  return ((rec.hash_order_dependent ?? []) as string[])
    .map(parsePath)
    .filter((s) => s.length > pre.length && pre.every((x, i) => s[i] === x))
    .map((s) => s.slice(pre.length));
}

/** Text equality with MAF's text; index-like keys in JavaScript's order, hash-ordered objects without order. */
function expectText(got: string, expected: Node, unordered: Seg[][]): void {
  const want = jsOrdered(expected);
  if (unordered.length === 0) expect(got).toBe(pyText(want));
  else expect(pyText(sortAt(parseOrdered(got), unordered))).toBe(pyText(sortAt(want, unordered)));
}

/** Ordered equality of a dump with a recorded dict (JSON.parse gives both the same index-key order). */
function expectDict(got: unknown, expected: unknown, unordered: Seg[][]): void {
  const text = (v: unknown): string => pyText(sortAt(parseOrdered(JSON.stringify(v)), unordered));
  expect(text(got)).toBe(text(expected));
}

function holdsValue(cls: MafClass, expected: Node, expObj: unknown, unordered: Seg[][], text?: string, dispatch = true): void {
  const input = JSON.parse(pyText(jsOrdered(expected))) as unknown;
  const before = JSON.stringify(input);
  expect(maf[cls].safeParse(input).success).toBe(true);
  const v = maf.loadMaf(input, cls);
  expectText(maf.dumpMafJson(v), expected, unordered);
  expectDict(maf.dumpMaf(v), expObj, unordered);
  if (text !== undefined) expect(maf.mafText(v)).toBe(text);
  if (dispatch) expect(maf.dumpMafJson(maf.loadMaf(input))).toBe(maf.dumpMafJson(v));
  expect(JSON.stringify(input)).toBe(before);
}

describe("contents.jsonl: every Content kind", () => {
  for (const { rec } of records("contents.jsonl")) {
    it(`${rec.kind}/${rec.name}`, () => {
      holdsValue("Content", parseOrdered(rec.json_dumps), rec.from_dict_roundtrip, relPaths(rec, "to_dict"), undefined, maf.isKnownContentType(rec.to_dict.type));
      expect(maf.mafText(maf.loadMaf(rec.to_dict, "Content"))).toBe(rec.str); // str(content)
    });
  }
  it("covers all 24 kinds", () => {
    expect(new Set(records("contents.jsonl").map(({ rec }) => rec.kind))).toEqual(new Set(maf.CONTENT_TYPES));
  });
});

describe("messages.jsonl: Message", () => {
  for (const { rec } of records("messages.jsonl")) {
    it(rec.name, () => holdsValue("Message", parseOrdered(rec.to_json), rec.from_dict_roundtrip, relPaths(rec, "to_dict"), rec.text));
  }
});

describe("responses.jsonl: AgentResponse, AgentResponseUpdate, ChatResponse, ChatResponseUpdate", () => {
  for (const { rec } of records("responses.jsonl")) {
    it(`${rec.cls}/${rec.name}`, () => holdsValue(rec.cls, parseOrdered(rec.to_json), rec.from_dict_roundtrip, relPaths(rec, "to_dict"), rec.text));
  }
});

describe("sessions.jsonl: real Agent.run sessions and every value in them", () => {
  for (const { rec, line } of records("sessions.jsonl")) {
    it(rec.scenario, () => {
      const raw = parseOrdered(line);
      const at = (p: string): Node => nodeAt(raw, parsePath(p))!;
      holdsValue("AgentSession", parseOrdered(rec.session_json_dumps), rec.from_dict_roundtrip, relPaths(rec, "session"));
      const history = maf.loadMaf(rec.session, "AgentSession").state.in_memory?.messages ?? [];
      expect(history.length).toBe(rec.history_messages);
      (rec.turns as Rec[]).forEach((t, i) => {
        const p = `turns[${i}]`;
        holdsValue("AgentResponse", parseOrdered(t.response_json), t.response, relPaths(rec, `${p}.response`), t.response_text);
        if (t.session_after) holdsValue("AgentSession", at(`${p}.session_after`), t.session_after, relPaths(rec, `${p}.session_after`));
        ((t.updates ?? []) as unknown[]).forEach((u, k) => holdsValue("AgentResponseUpdate", at(`${p}.updates[${k}]`), u, []));
        ((t.input ?? []) as unknown[]).forEach((m, k) => holdsValue("Message", at(`${p}.input[${k}]`), m, []));
        ((t.client_calls ?? []) as Rec[]).forEach((c, k) =>
          ((c.messages ?? []) as unknown[]).forEach((m, x) => holdsValue("Message", at(`${p}.client_calls[${k}].messages[${x}]`), m, [])),
        );
      });
    });
  }
});

const isLibError = (f: () => unknown): boolean => {
  try {
    f();
    return false;
  } catch (e) {
    return MessageValidationError.isInstance(e);
  }
};

describe("load-cases.jsonl: MAF's verdict on 518 mutated dicts", () => {
  for (const { rec, line } of records("load-cases.jsonl")) {
    const key = `${rec.target} ${rec.mutation}`;
    const cls = rec.target.split(".")[0] as MafClass;
    if (deviations[key] && !/valid \(control\)$/.test(rec.mutation)) continue; // asserted below
    it(`${rec.id} ${key}`, () => {
      const before = JSON.stringify(rec.input);
      expect(maf[cls].safeParse(rec.input).success).toBe(rec.ok);
      if (!rec.ok) expect(isLibError(() => maf.loadMaf(rec.input, cls))).toBe(true);
      else {
        const v = maf.loadMaf(rec.input, cls);
        if (rec.to_dict_error) {
          expect(isLibError(() => maf.dumpMaf(v))).toBe(true);
          expect(isLibError(() => maf.dumpMafJson(v))).toBe(true);
        } else {
          const got = maf.dumpMaf(v);
          const want = nodeAt(parseOrdered(line), ["to_dict"])!;
          for (const f of (rec.nondeterministic ?? []) as string[]) {
            expect(got[f]).toMatch(UUID4);
            want.t === "obj" && (want.members.find(([k]) => k === f)![1] = { t: "str", v: got[f] as string });
            got[f] = rec.to_dict[f];
          }
          expectDict(got, rec.to_dict, []);
          expect(maf.dumpMafJson(v)).toBe(pyText(jsOrdered(want)));
        }
      }
      expect(JSON.stringify(rec.input)).toBe(before);
    });
  }
});

describe("the declared deviations (README, Differences from MAF)", () => {
  const cases = records("load-cases.jsonl").filter(({ rec }) => deviations[`${rec.target} ${rec.mutation}`]);
  it("name 30-odd real cases, each with its reason", () => {
    expect(cases.length).toBe(38);
    const readme = readFileSync(new URL("../../README.md", import.meta.url), "utf8");
    const docs = readFileSync(new URL("../../docs/maf.md", import.meta.url), "utf8");
    for (const reason of new Set(Object.values(deviations))) {
      const text = reason.replace(" (README, Differences from MAF)", "");
      expect(readme, text).toContain(text);
      expect(docs, text).toContain(text);
    }
  });
  for (const { rec } of cases) {
    const cls = rec.target.split(".")[0] as MafClass;
    it(`${rec.id} ${rec.target} ${rec.mutation}`, () => {
      const accepted = maf[cls].safeParse(rec.input).success;
      if (!rec.ok || !accepted) {
        // Rejected (MAF accepts some of these: the deviation), with the library's error and the path.
        expect(isLibError(() => maf.loadMaf(rec.input, cls))).toBe(true);
        if (rec.ok) expect(() => maf.loadMaf(rec.input, cls)).toThrow(/(: |\.|\])(type|role|contents)(\[\d+\]\.type)?: /);
        return;
      }
      // Accepted: as MAF has it, except that a pre-1.0 role object is its value.
      const got = maf.dumpMaf(maf.loadMaf(rec.input, cls));
      if (rec.nondeterministic) got.session_id = rec.to_dict.session_id;
      const upgraded = JSON.parse(JSON.stringify(rec.to_dict).replace(/\{"type":"role","value":("[^"]*")\}/g, "$1")) as unknown;
      expect(got).toEqual(upgraded);
    });
  }
});
