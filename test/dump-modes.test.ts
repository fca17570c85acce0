/**
 * `dump` compiles each object schema to generated code where `new Function` is allowed and to
 * closures otherwise (zod's `jitless`, strict CSPs, Cloudflare Workers). This file switches
 * generated code off before the library loads (vitest gives each test file its own modules) and
 * holds the closure mode to Python's dumps; test/fixtures.test.ts holds the default mode. The
 * component models too: loaded through the compiled path in closures, dumped back as AutoGen wrote them.
 */
import { describe, expect, it } from "vitest";
import * as z from "zod/mini";
import type { MafClass } from "../src/maf/index.js";
import { readJsonl, skipReason } from "./helpers/fixtures.js";

z.config({ jitless: true });
const { dump, load } = await import("../src/index.js");
const { jitAllowed } = await import("../src/fast/compile.js");

describe("dump without generated code", () => {
  it("runs in closure mode here", () => {
    expect(jitAllowed()).toBe(false);
  });

  it("writes every messages.jsonl chat message and event exactly as Python does", () => {
    let checked = 0;
    for (const rec of readJsonl("autogen/messages.jsonl")) {
      // As test/fixtures.test.ts: SPEC §7 cases and declared deviations aside, float-free records byte for byte.
      if (skipReason("messages.jsonl", rec) || rec.kind === "core" || /\d\.0\b|e[-+]\d/.test(rec.dump_json as string)) continue;
      expect(JSON.stringify(dump(load(structuredClone(rec.dump)))), rec.name as string).toBe(rec.dump_json);
      checked++;
    }
    expect(checked).toBeGreaterThan(50);
  });
});

describe("dump of hand-built values (both modes take this path for a value missing keys)", () => {
  it("leaves out absent keys and copies an object found in a scalar field", () => {
    const odd = { nested: [1] };
    const out = dump({ type: "TextMessage", content: odd, source: "a" }) as Record<string, unknown>;
    expect(Object.keys(out)).toEqual(["source", "content", "type"]);
    expect(out.content).toEqual(odd);
    expect(out.content).not.toBe(odd);
  });
});

describe("component models without generated code (the compiled loading path as closures)", () => {
  it("every recorded model loads and dumps back identically, AutoGen's text included; a broken config is refused at config.<field>", async () => {
    const { dumpComponent, dumpComponentJson, loadComponent, safeLoadComponent, Component } = await import("../src/components/index.js");
    const { fastParser, DECLINE } = await import("../src/fast/compile.js");
    const { allComponents, recordedComponents } = await import("./components/helpers.js");
    const deviations = (await import("./fixtures/deviations.json", { with: { type: "json" } })).default as Record<string, Record<string, string>>;
    let texts = 0;
    let nested = 0;
    for (const r of recordedComponents()) {
      const loaded = loadComponent(structuredClone(r.dump));
      expect(JSON.stringify(dumpComponent(loaded))).toBe(JSON.stringify(r.dump));
      if (r.text !== undefined && !(r.file === "autogen-components/components.jsonl" && deviations[r.file]?.[r.name.split(" ")[0]!])) {
        expect(dumpComponentJson(loaded)).toBe(r.text);
        texts++;
      }
      for (const c of allComponents(r.dump)) {
        // The compiled path (closures here) takes them all, but the one FunctionTool whose
        // `global_imports` holds an `Alias` (fast-modes.test.ts); a copy with a config field of a wrong type it declines.
        const name = (c.config as { name?: unknown }).name;
        if (name !== "square_root_critic") expect(fastParser(Component)!(c)).not.toBe(DECLINE);
        const key = Object.keys(c.config).find((k) => typeof c.config[k] === "string");
        if (key === undefined) continue;
        const broken = { ...c, config: { ...c.config, [key]: [1] } };
        expect(fastParser(Component)!(broken)).toBe(DECLINE);
        const e = safeLoadComponent(broken);
        expect(e.success).toBe(false);
        expect(e.error!.issues[0]!.path.slice(0, 2)).toEqual(["config", key]);
        nested++;
      }
    }
    expect(texts).toBeGreaterThan(100);
    expect(nested).toBeGreaterThan(300);
  });

  it("envelopes with null and absent keys: every key at the top level, None keys dropped below, nulls kept when redacted", async () => {
    const { dumpComponent, dumpComponentJson, loadComponent, redactSecrets } = await import("../src/components/index.js");
    const { envelopeGaps } = await import("./components/helpers.js");
    const { input, dumped, redacted } = envelopeGaps();
    const loaded = loadComponent(structuredClone(input));
    expect(JSON.stringify(dumpComponent(loaded))).toBe(JSON.stringify(dumped));
    expect(dumpComponentJson(loaded)).toBe(JSON.stringify(dumped));
    expect(JSON.stringify(redactSecrets(loaded))).toBe(JSON.stringify(redacted));
  });
});

describe("MAF's writer without generated code (dumpMafJson: the dump walk, then bytes written directly)", async () => {
  const { readFileSync } = await import("node:fs");
  const maf = await import("../src/maf/index.js");
  type Rec = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
  const records = (file: string): Rec[] =>
    readFileSync(new URL(`./fixtures/maf/${file}`, import.meta.url), "utf8")
      .split("\n")
      .filter((l) => l.trim())
      .map((l) => JSON.parse(l) as Rec);
  // JSON.parse moves index-like keys first, and a hash-ordered dict has no fixed order: those
  // records are held in test/maf/fixtures.test.ts; every other one is MAF's text byte for byte.
  const exact = (text: string, rec: Rec): boolean => !/"\d+": /.test(text) && !(rec.hash_order_dependent as unknown[] | undefined)?.length;

  it("writes every recorded MAF value exactly as MAF's json.dumps did", () => {
    const cases: Array<[MafClass, string]> = [];
    for (const rec of records("contents.jsonl")) cases.push(["Content", rec.json_dumps]);
    for (const rec of records("messages.jsonl")) cases.push(["Message", rec.to_json]);
    for (const rec of records("responses.jsonl")) cases.push([rec.cls, rec.to_json]);
    for (const rec of records("sessions.jsonl")) {
      cases.push(["AgentSession", rec.session_json_dumps]);
      for (const t of rec.turns as Rec[]) cases.push(["AgentResponse", t.response_json]);
    }
    let checked = 0;
    for (const [cls, text] of cases) {
      if (typeof text !== "string" || !exact(text, {})) continue;
      expect(maf.dumpMafJson(maf.loadMaf(JSON.parse(text), cls)), `${cls} ${text.slice(0, 80)}`).toBe(text);
      checked++;
    }
    expect(checked).toBeGreaterThan(150);
  });

  // [the text, what CPython 3.11's json.dumps({"type": "text", "text": s, "additional_properties": {}}) writes for it]
  it.each([
    ["é", "\\u00e9"],
    ["\u{1F600}", "\\ud83d\\ude00"], // an astral character: its surrogate pair
    ["\ud800", "\\ud800"], // lone surrogates, lower-case hex
    ["a\ud800b\udc00", "a\\ud800b\\udc00"],
    ["\ud83d", "\\ud83d"],
    ["\u2028\u2029", "\\u2028\\u2029"],
    ["\u007f", "\\u007f"], // DEL: outside ' '..'~', so escaped
    ['\u0000\u001f\b\f\n\r\t"\\/', '\\u0000\\u001f\\b\\f\\n\\r\\t\\"\\\\/'],
    ["\u0080\uffff\ufeff", "\\u0080\\uffff\\ufeff"],
    ["~ !", "~ !"],
    ["a\\ud800", "a\\\\ud800"], // a backslash and letters, not a surrogate
    ["x".repeat(300), "x".repeat(300)], // long: copied whole
    ["x".repeat(300) + "\u00e9", "x".repeat(300) + "\\u00e9"], // long, one unit to escape at its end
  ])("a text %j", (s, written) => {
    const want = `{"type": "text", "text": "${written}", "additional_properties": {}}`;
    expect(maf.dumpMafJson(maf.loadMaf({ type: "text", text: s }))).toBe(want);
    // The same string in a message's contents, a key and a value of additional_properties (the general walk).
    expect(maf.dumpMafJson(maf.loadMaf({ role: "user", contents: [s], additional_properties: { [s]: [s] } }))).toBe(
      `{"type": "message", "role": "user", "contents": [${want}], "additional_properties": {"${written}": ["${written}"]}}`,
    );
  });

  it("spells numbers as Python's json.dumps of the floats and ints json.loads made", () => {
    const n = [1e16, 1e-7, -0, 5e-324, 1e-5, 0.0001, 1.5, 123456789.123, 2 ** 53, 1e308, Number.MAX_VALUE, -1e-7, 2 ** 53 - 1, 0, 1e21, -2.5e-8, 0.1, 1e15 + 0.5];
    const v = maf.loadMaf({ type: "text", text: "n", additional_properties: { n, "ключ\u2028": { 'a"b': true, c: null } } });
    // CPython 3.11: json.dumps of the same dict (1e16, 2**53, 1e308, 1e21 as floats: integral JSON numbers beyond 2^53 are read so).
    expect(maf.dumpMafJson(v)).toBe(
      '{"type": "text", "text": "n", "additional_properties": {"n": [1e+16, 1e-07, -0.0, 5e-324, 1e-05, 0.0001, 1.5, 123456789.123, 9007199254740992.0, 1e+308, 1.7976931348623157e+308, -1e-07, 9007199254740991, 0, 1e+21, -2.5e-08, 0.1, 1000000000000000.5], "\\u043a\\u043b\\u044e\\u0447\\u2028": {"a\\"b": true, "c": null}}}',
    );
  });

  it("writes large sessions and small values in turn as MAF did (each write in the buffer the one before lent it)", () => {
    const PREFIX = '"messages": [';
    let checked = 0;
    for (const rec of records("sessions.jsonl")) {
      const text = rec.session_json_dumps as string;
      if (!exact(text, rec) || !text.endsWith("]}}}")) continue;
      // json.dumps of the same session with its messages 40 times over: MAF's text of them, joined by ", ".
      const at = text.indexOf(PREFIX) + PREFIX.length;
      const many = text.slice(0, at) + Array<string>(40).fill(text.slice(at, -4)).join(", ") + "]}}}";
      const parsed = JSON.parse(text) as Rec;
      const messages = parsed.state.in_memory.messages as unknown[];
      parsed.state.in_memory.messages = Array.from({ length: 40 }, () => messages).flat();
      expect(maf.dumpMafJson(maf.loadMaf(parsed, "AgentSession"))).toBe(many);
      expect(maf.dumpMafJson(maf.loadMaf({ type: "text", text: "é" }))).toBe('{"type": "text", "text": "\\u00e9", "additional_properties": {}}');
      expect(maf.dumpMafJson(maf.loadMaf(JSON.parse(text), "AgentSession"))).toBe(text);
      checked++;
    }
    expect(checked).toBeGreaterThan(5);
  });

  it("writes a session's messages with type last, as MAF's state encoder does", () => {
    const s = maf.loadMaf({ session_id: "s", state: { in_memory: { messages: [{ type: "message", role: "user", contents: ["hi"], author_name: "a", message_id: "m" }] } } }, "AgentSession");
    expect(maf.dumpMafJson(s)).toBe(
      '{"type": "session", "session_id": "s", "service_session_id": null, "state": {"in_memory": {"messages": [{"role": "user", "contents": [{"type": "text", "text": "hi", "additional_properties": {}}], "author_name": "a", "message_id": "m", "additional_properties": {}, "type": "message"}]}}}',
    );
    // The loaded value keeps type first (to_dict() of the Message itself).
    expect(Object.keys(s.state.in_memory!.messages[0]!)[0]).toBe("type");
  });
});
