/**
 * Table tests driven by every record of the golden AutoGen fixtures: accepted/rejected
 * agreement, the dump (same keys, same order) for everything AutoGen accepts, error paths
 * that point where pydantic's do, and no mutation of the input.
 */
import { describe, expect, it } from "vitest";
import * as api from "../src/index.js";
import { MessageValidationError, dump, load } from "../src/index.js";
import {
  deepFreeze,
  maskGenerated,
  orderedDiff,
  readJson,
  readJsonl,
  skipReason,
  stringsIn,
  type FixtureRecord,
} from "./helpers/fixtures.js";

type Parser = (payload: unknown) => unknown;

/** A class's own loader: the schema exported under the Python class name, through parseWith for typed errors. */
function classLoader(name: string): Parser {
  const schema = (api as unknown as Record<string, unknown>)[name];
  if (!schema || typeof (schema as { parse?: unknown }).parse !== "function") throw new Error(`no schema export named ${name}`);
  return (p) => api.parseWith(schema as Parameters<typeof api.parseWith>[0], p, name);
}

/** Pydantic's error location with its union-branch labels ("str", "function-after[…]", class names) removed. */
function cleanLoc(payload: unknown, loc: (string | number)[], errorType: string): (string | number)[] {
  const out: (string | number)[] = [];
  let cur: unknown = payload;
  loc.forEach((seg, i) => {
    const exists = cur !== null && typeof cur === "object" && Object.hasOwn(cur, seg);
    if (exists) {
      out.push(seg);
      cur = (cur as Record<string | number, unknown>)[seg];
    } else if (i === loc.length - 1 && errorType === "missing") out.push(seg);
  });
  return out;
}

function checkLoadCase(file: string, rec: FixtureRecord, loader: Parser) {
  const payload = deepFreeze(structuredClone(rec.payload));
  const before = JSON.stringify(payload);
  let result: unknown;
  let error: unknown;
  try {
    result = loader(payload);
  } catch (e) {
    error = e;
  }
  expect(JSON.stringify(payload), "input unchanged").toBe(before);
  if (rec.accepted) {
    expect(error, `${file} ${rec.name}: rejected what AutoGen accepts`).toBeUndefined();
    const dumped = maskGenerated(dump(result), rec.generated);
    expect(orderedDiff(dumped, rec.dump, stringsIn(rec.payload))).toBeNull();
    // What dump writes must load back to itself (AutoGen's dump is a fixed point).
    expect(orderedDiff(dump(loader(dump(result))), dump(result), new Set())).toBeNull();
  } else {
    expect(result, `${file} ${rec.name}: accepted what AutoGen rejects (${rec.error_type}: ${rec.error})`).toBeUndefined();
    expect(MessageValidationError.isInstance(error), `threw ${String(error)}`).toBe(true);
    const err = error as MessageValidationError;
    expect(err.issues.length).toBeGreaterThan(0);
    expect(err.message).toMatch(/^Invalid \S+: /);
    const errors = rec.errors as { type: string; loc: (string | number)[] }[] | null;
    if (rec.error_type === "ValidationError" && errors?.length) {
      // Ours may be more precise than pydantic's (e.g. `content[1].data` inside an image), never elsewhere.
      const ours = err.issues[0]!.path;
      const theirs = errors.map((e) => cleanLoc(rec.payload, e.loc, e.type));
      expect(
        theirs.some((loc) => loc.every((seg, i) => ours[i] === seg)),
        `${rec.name}: error path ${JSON.stringify(ours)} (${err.message}) is not within ${JSON.stringify(theirs)}`,
      ).toBe(true);
    }
  }
}

describe("messages.jsonl: objects built in Python load and dump back identically", () => {
  for (const rec of readJsonl("autogen/messages.jsonl")) {
    if (skipReason("messages.jsonl", rec)) continue;
    it(rec.name, () => {
      const parse = rec.kind === "core" ? classLoader(rec.class as string) : load;
      const value = parse(deepFreeze(structuredClone(rec.dump)));
      expect(orderedDiff(dump(value), rec.dump, stringsIn(rec.dump))).toBeNull();
      // Byte-level: JSON.stringify gives Python's compact json.dumps wherever no float is involved.
      if (!/\d\.0\b|e[-+]\d/.test(rec.dump_json as string)) {
        expect(JSON.stringify(dump(value))).toBe(rec.dump_json);
      }
    });
  }
});

describe("load-cases.jsonl: AutoGen's loader accepts and rejects the same payloads", () => {
  for (const rec of readJsonl("autogen/load-cases.jsonl")) {
    const via = rec.via as string;
    if (skipReason("load-cases.jsonl", rec)) continue;
    // The content models of structured messages are app-defined: `load` validates the envelope and keeps
    // the content as JSON, so cases about the content model's own rules do not apply to it.
    const contentModelCase = ((rec.errors ?? []) as { loc: unknown[] }[]).some((e) => e.loc[0] === "content");
    if (via.startsWith("class:StructuredMessage") || (via === "factory+structured" && !rec.accepted && contentModelCase)) continue;
    it(`${rec.name} [${via}]`, () => {
      checkLoadCase("load-cases.jsonl", rec, via.startsWith("factory") ? load : classLoader(via.slice("class:".length)));
    });
  }
});

describe("llm-messages.jsonl: model-client types validate like pydantic", () => {
  for (const rec of readJsonl("autogen/llm-messages.jsonl")) {
    if (skipReason("llm-messages.jsonl", rec)) continue;
    it(`${rec.name} [${rec.target}]`, () => {
      checkLoadCase("llm-messages.jsonl", rec, classLoader(rec.target as string));
    });
  }
});

describe("what the fixture tables leave out", () => {
  it("is only SPEC §7's unportable cases and the declared deviations, each naming a real case", () => {
    const counts: Record<string, number> = {};
    const names = new Map<string, Set<string>>();
    for (const file of ["messages.jsonl", "load-cases.jsonl", "llm-messages.jsonl"]) {
      const recs = readJsonl(`autogen/${file}`);
      names.set(file, new Set(recs.map((r) => r.name)));
      for (const rec of recs) {
        const why = skipReason(file, rec);
        if (why) counts[why] = (counts[why] ?? 0) + 1;
      }
    }
    const total = Object.values(counts).reduce((a, b) => a + b, 0);
    expect(total).toBeLessThan(100);
    names.set("formatters.jsonl", new Set(readJsonl("agentscope/formatters.jsonl").map((r) => r.name)));
    names.set("msg.jsonl", new Set(readJsonl("agentscope/msg.jsonl").map((r) => r.name)));
    {
      // Findings of differential fuzzing are named by class and example (test/difffuzz.test.ts).
      const seen = new Map<string, number>();
      const findings = readJsonl("autogen-difffuzz/findings.jsonl").map((f) => {
        const n = f.example === "random" ? (seen.get(f.class as string) ?? 0) + 1 : 0;
        seen.set(f.class as string, n);
        return `${f.class as string} (${f.example === "random" ? `random ${n}` : "minimal"})`;
      });
      names.set("findings.jsonl", new Set(findings));
    }
    for (const file of ["openai.jsonl", "openai-responses.jsonl", "openai-stream.jsonl", "anthropic.jsonl", "anthropic-responses.jsonl", "anthropic-stream.jsonl"]) {
      names.set(file, new Set(readJsonl(`autogen-providers/${file}`).map((r) => r.name)));
    }
    // toModelContext's cases: "<scenario>:<AssistantAgent name>" of the recorded team runs.
    const contexts = new Set(readJsonl("autogen-teams/state.jsonl").flatMap((r) => (r.states as Array<{ name: string }>).map((s) => `${r.name}:${s.name}`)));
    names.set("autogen-teams/state.jsonl (toModelContext)", contexts);
    names.set("autogen-teams/state.jsonl (toModelContext without options.team)", contexts);
    // Component dumps (test/components/fixtures.test.ts).
    names.set("autogen-components/components.jsonl", new Set(readJsonl("autogen-components/components.jsonl").map((r) => r.name)));
    // Console outputs: "<scenario>/<step label>" of the recorded team runs.
    names.set(
      "autogen-teams/console.jsonl",
      new Set(readJsonl("autogen-teams/console.jsonl").flatMap((r) => (r.steps as Array<{ label: string }>).map((s) => `${r.name}/${s.label}`))),
    );
    // MAF's load cases: "<target> <mutation>", as check-maf.mjs names them (test/maf/fixtures.test.ts).
    names.set("maf/load-cases.jsonl", new Set(readJsonl("maf/load-cases.jsonl").map((r) => `${r.target as string} ${r.mutation as string}`)));
    for (const [file, cases] of Object.entries(readJson<Record<string, Record<string, string>>>("deviations.json"))) {
      // The differential's entries are rules, not cases: test/maf/differential.test.ts holds each to its use.
      if (file === "maf/differential.jsonl") continue;
      for (const [name, reason] of Object.entries(cases)) {
        expect(names.get(file)?.has(name), `${file}: ${name}`).toBe(true);
        expect(reason).toMatch(/README, (differences \d+|AgentScope|OpenAI|Anthropic|Differences from MAF)/);
      }
    }
  });
});
