/**
 * Hostile input: prototype keys stay data, format strings read only the content's own data,
 * huge images load in linear time, deep nesting is a validation error (not a stack overflow),
 * and no regex in src/ backtracks catastrophically.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { Worker } from "node:worker_threads";
import ts from "typescript";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  FormatStringError,
  MessageValidationError,
  dump,
  load,
  pyFormat,
  safeLoad,
  toModelMessage,
  toModelText,
  toText,
  type AgentMessage,
  type AnyChatMessage,
} from "../src/index.js";
import { costRatio, describeCostRatio } from "./helpers/timing.js";

const PROTO_NAMES = () => Object.getOwnPropertyNames(Object.prototype).sort().join();
let protoBefore = "";
beforeAll(() => {
  protoBefore = PROTO_NAMES();
});
afterAll(() => {
  expect(PROTO_NAMES()).toBe(protoBefore);
});

function expectUnpolluted() {
  expect(PROTO_NAMES()).toBe(protoBefore);
  const probe = {} as Record<string, unknown>;
  for (const k of ["polluted", "x", "isAdmin", "type"]) expect(probe[k]).toBeUndefined();
  expect(typeof Object.prototype.toString).toBe("function");
  expect({}.constructor).toBe(Object);
}

/** Every object in a value has Object.prototype (or is an array). */
function expectPlainPrototypes(v: unknown, path = "$") {
  if (Array.isArray(v)) v.forEach((x, i) => expectPlainPrototypes(x, `${path}[${i}]`));
  else if (v && typeof v === "object") {
    expect(Object.getPrototypeOf(v), path).toBe(Object.prototype);
    for (const k of Object.keys(v)) expectPlainPrototypes(Object.getOwnPropertyDescriptor(v, k)!.value, `${path}.${k}`);
  }
}

const ownValue = (o: unknown, key: string) => Object.getOwnPropertyDescriptor(o, key)?.value;

/** load → dump → JSON text → load gives the same JSON text, and the prototypes stay untouched. */
function roundTrip(text: string): AgentMessage {
  const m = load(JSON.parse(text));
  expectPlainPrototypes(m);
  const out = JSON.stringify(dump(m));
  const again = load(JSON.parse(out));
  expectPlainPrototypes(again);
  expect(JSON.stringify(dump(again))).toBe(out);
  expectUnpolluted();
  return m;
}

describe("prototype keys are data", () => {
  const PROTO_KEYS = `"__proto__": {"polluted": "yes", "isAdmin": true}, "constructor": {"prototype": {"polluted": "yes"}}, "prototype": {"polluted": "yes"}`;

  it("in metadata", () => {
    const m = roundTrip(
      `{"type": "TextMessage", "source": "s", "content": "c", "metadata": {"__proto__": "x", "constructor": "y", "prototype": "z", "toString": "t"}}`,
    );
    expect(Object.keys(m.metadata)).toEqual(["__proto__", "constructor", "prototype", "toString"]);
    expect(ownValue(m.metadata, "__proto__")).toBe("x");
    expect(ownValue(m.metadata, "constructor")).toBe("y");
    expect(JSON.stringify(dump(m))).toContain(`"metadata":{"__proto__":"x","constructor":"y","prototype":"z","toString":"t"}`);
  });

  it("a non-string __proto__ in metadata is rejected, not applied", () => {
    const r = safeLoad(JSON.parse(`{"type": "TextMessage", "source": "s", "content": "c", "metadata": {"__proto__": {"polluted": "yes"}}}`));
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.path).toEqual(["metadata", "__proto__"]);
    expectUnpolluted();
  });

  it("in structured content, at every depth", () => {
    const m = roundTrip(
      `{"type": "StructuredMessage[Evil]", "source": "s", "content": {${PROTO_KEYS}, "nested": [{${PROTO_KEYS}}]}}`,
    ) as Extract<AgentMessage, { content: Record<string, unknown> }>;
    expect(Object.keys(m.content)).toEqual(["__proto__", "constructor", "prototype", "nested"]);
    expect(ownValue(m.content, "__proto__")).toEqual({ polluted: "yes", isAdmin: true });
    const inner = (m.content.nested as unknown[])[0];
    expect(Object.keys(inner as object)).toEqual(["__proto__", "constructor", "prototype"]);
    // The renderers read it as data too.
    expect(toText(m)).toBe(
      '{"__proto__":{"polluted":"yes","isAdmin":true},"constructor":{"prototype":{"polluted":"yes"}},"prototype":{"polluted":"yes"},"nested":[{"__proto__":{"polluted":"yes","isAdmin":true},"constructor":{"prototype":{"polluted":"yes"}},"prototype":{"polluted":"yes"}}]}',
    );
    expect(toModelMessage(m as AnyChatMessage).content).toBe(toText(m));
    expectUnpolluted();
  });

  it("in MemoryContent.content and MemoryContent.metadata", () => {
    const m = roundTrip(
      `{"type": "MemoryQueryEvent", "source": "s", "content": [{"content": {${PROTO_KEYS}}, "mime_type": "application/json", "metadata": {${PROTO_KEYS}}}]}`,
    ) as Extract<AgentMessage, { type: "MemoryQueryEvent" }>;
    const mc = m.content[0]!;
    expect(Object.keys(mc.content as object)).toEqual(["__proto__", "constructor", "prototype"]);
    expect(Object.keys(mc.metadata!)).toEqual(["__proto__", "constructor", "prototype"]);
    expect(toText(m)).toContain("'__proto__': {'polluted': 'yes', 'isAdmin': True}");
    expectUnpolluted();
  });

  it("at the top level of a payload: ignored like any unknown key", () => {
    const m = roundTrip(`{"__proto__": {"type": "StopMessage", "polluted": "yes"}, "constructor": 1, "type": "TextMessage", "source": "s", "content": "c"}`);
    expect(m.type).toBe("TextMessage");
    expect(Object.keys(m)).not.toContain("__proto__");
    // A payload whose only `type` is behind a __proto__ key has no type.
    expect(safeLoad(JSON.parse(`{"__proto__": {"type": "TextMessage"}, "source": "s", "content": "c"}`)).error?.issues[0]?.code).toBe("missing");
  });
});

describe("format strings read only the content's own data", () => {
  const fields = { x: "ab", n: 3, content: { a: 1 }, items: [1, 2] };
  const escapes = [
    "{__proto__}",
    "{constructor}",
    "{content.constructor}",
    "{x.__class__}",
    "{x[__proto__]}",
    "{prototype}",
    "{toString}",
    "{hasOwnProperty}",
    "{__class__}",
    "{x.constructor}",
    "{x.length}",
    "{n.constructor}",
    "{content.__proto__}",
    "{content[__proto__]}",
    "{content[constructor]}",
    "{items.constructor}",
    "{items[constructor]}",
    "{items.__proto__}",
    "{x.__class__.__mro__}",
    "{content.a.constructor}",
  ];

  it.each(escapes)("%s → FormatStringError", (template) => {
    expect(() => pyFormat(template, fields)).toThrow(FormatStringError);
    const m = load({ type: "StructuredMessage[F]", source: "s", content: fields, format_string: template });
    expect(() => toText(m)).toThrow(FormatStringError);
    expect(() => toModelText(m as AnyChatMessage)).toThrow(FormatStringError);
    expectUnpolluted();
  });

  it("while the content's own fields, including prototype-named keys, stay readable", () => {
    expect(pyFormat("{x} {x[0]} {content[a]} {items[1]} {n:03d}", fields)).toBe("ab a 1 2 003");
    const m = load(JSON.parse(`{"type": "StructuredMessage[F]", "source": "s", "content": {"__proto__": "P", "constructor": {"prototype": "Q"}}, "format_string": "{__proto__} {constructor[prototype]}"}`));
    expect(toText(m)).toBe("P Q");
  });
});

// A 1×1 RGB PNG; its header (signature + IHDR) followed by an IDAT chunk header announcing a big chunk.
const PNG_1X1 = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGP4z8AAAAMBAQDJ/pLvAAAAAElFTkSuQmCC";

/** A valid image payload of `bytes` (≥ 2 MB) base64 characters after the header (built as test/wire/image-data-rules.test.ts does). */
function bigPng(bytes: number): string {
  const png = Buffer.from(PNG_1X1, "base64");
  const idat = Buffer.alloc(9);
  idat.writeUInt32BE(1024 * 1024, 0); // larger than the checked window, shorter than the data
  idat.write("IDAT", 4);
  return Buffer.concat([png.subarray(0, 33), idat]).toString("base64") + "A".repeat(bytes);
}

describe("huge images", () => {
  it("a 20 MB image loads, dumps and renders; 2 MB vs 20 MB scales about linearly", () => {
    const small = bigPng(2 * 1024 * 1024);
    const large = bigPng(20 * 1024 * 1024);
    const payload = (data: string) => ({ type: "MultiModalMessage", source: "s", content: ["look", { data, extra: 1 }] });
    const m = load(payload(large)) as Extract<AgentMessage, { type: "MultiModalMessage" }>;
    expect((m.content[1] as { data: string }).data).toBe(large);
    expect(dump(m)).toMatchObject({ content: ["look", { data: large }] });
    expect(toText(m)).toBe("look\n<image>");
    expect(toModelText(m)).toBe("look [image]");
    // 10× the data: linear is ~10×; quadratic would be ~100×. CPU time, best of several runs,
    // retried (test/helpers/timing.ts), so a loaded machine does not fail it.
    const r = costRatio(() => load(payload(small)), () => load(payload(large)), { below: 30 });
    expect(r.ratio, describeCostRatio(r)).toBeLessThan(30);
  }, 60_000);

  it("a corrupt 20 MB image is a MessageValidationError", () => {
    const bad = "!" + "A".repeat(20 * 1024 * 1024);
    const r = safeLoad({ type: "MultiModalMessage", source: "s", content: [{ data: bad }] });
    expect(r.success).toBe(false);
    expect(MessageValidationError.isInstance(r.error)).toBe(true);
  }, 60_000);
});

describe("deep nesting is a validation error, not a stack overflow", () => {
  const DEPTH = 100_000;
  const nestObjects = (leaf: unknown) => {
    let v = leaf;
    for (let i = 0; i < DEPTH; i++) v = { a: v };
    return v;
  };
  const nestArrays = (leaf: unknown) => {
    let v = leaf;
    for (let i = 0; i < DEPTH; i++) v = [v];
    return v;
  };

  const cases: Array<[string, () => unknown]> = [
    ["structured content (objects)", () => ({ type: "StructuredMessage[Deep]", source: "s", content: nestObjects(1) })],
    ["structured content (arrays)", () => ({ type: "StructuredMessage[Deep]", source: "s", content: { a: nestArrays(1) } })],
    ["MemoryContent.content", () => ({ type: "MemoryQueryEvent", source: "s", content: [{ content: nestObjects("x"), mime_type: "x" }] })],
    ["MemoryContent.metadata", () => ({ type: "MemoryQueryEvent", source: "s", content: [{ content: "x", mime_type: "x", metadata: nestObjects(null) }] })],
    ["metadata", () => ({ type: "TextMessage", source: "s", content: "c", metadata: nestObjects("x") })],
    ["MultiModal content", () => ({ type: "MultiModalMessage", source: "s", content: nestArrays("x") })],
    ["HandoffMessage.context", () => ({ type: "HandoffMessage", source: "s", content: "c", target: "t", context: nestArrays({}) })],
    ["content of a text message", () => ({ type: "TextMessage", source: "s", content: nestObjects("x") })],
    ["the id", () => ({ type: "TextMessage", source: "s", content: "c", id: nestArrays("x") })],
  ];

  it.each(cases)("%s", (_name, build) => {
    const payload = build();
    let thrown: unknown;
    try {
      load(payload);
    } catch (e) {
      thrown = e;
    }
    expect(thrown instanceof RangeError ? `RangeError: ${(thrown as Error).message}` : "no RangeError").toBe("no RangeError");
    expect(MessageValidationError.isInstance(thrown)).toBe(true);
    const r = safeLoad(payload);
    expect(r.success).toBe(false);
    expect(typeof r.error?.message).toBe("string");
  });

  it("content up to the documented depth still loads", () => {
    let v: unknown = 1;
    for (let i = 0; i < 200; i++) v = { a: v };
    const m = load({ type: "StructuredMessage[Deep]", source: "s", content: { a: v } });
    expect(JSON.stringify(dump(m))).toContain('{"a":'.repeat(201) + "1" + "}".repeat(201));
  });
});

// ---------------------------------------------------------------------------------------
// Regular expressions in src/: found by parsing the sources, then attacked in a worker so
// that a catastrophic one cannot hang the test run.

interface FoundRegex {
  file: string;
  source: string;
  flags: string;
}

const SRC = fileURLToPath(new URL("../src/", import.meta.url));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sourceFiles(join(dir, e.name)) : /\.(ts|js|mjs|cjs)$/.test(e.name) ? [join(dir, e.name)] : [],
  );
}

function findRegexes(): { found: FoundRegex[]; dynamic: string[] } {
  const found: FoundRegex[] = [];
  const dynamic: string[] = [];
  for (const file of sourceFiles(SRC)) {
    const sf = ts.createSourceFile(file, readFileSync(file, "utf8"), ts.ScriptTarget.Latest, true);
    const visit = (n: ts.Node): void => {
      if (n.kind === ts.SyntaxKind.RegularExpressionLiteral) {
        const text = n.getText(sf);
        const end = text.lastIndexOf("/");
        found.push({ file, source: text.slice(1, end), flags: text.slice(end + 1) });
      } else if ((ts.isNewExpression(n) || ts.isCallExpression(n)) && n.expression.getText(sf) === "RegExp") {
        const [pattern, flags] = n.arguments ?? [];
        const literal = (a: ts.Expression | undefined) => (a && (ts.isStringLiteral(a) || ts.isNoSubstitutionTemplateLiteral(a)) ? a.text : undefined);
        const p = literal(pattern);
        if (p !== undefined && (flags === undefined || literal(flags) !== undefined)) found.push({ file, source: p, flags: literal(flags) ?? "" });
        else dynamic.push(`${file}: ${n.getText(sf)}`);
      }
      ts.forEachChild(n, visit);
    };
    visit(sf);
  }
  return { found, dynamic };
}

/** Characters to build attack strings from: the regex's own literal characters, range ends and class representatives. */
function alphabetOf(source: string): string[] {
  const chars = new Set<string>();
  const classes: Record<string, string[]> = {
    d: ["7"], D: ["x"], w: ["a", "_"], W: ["-"], s: [" ", "\t"], S: ["x"], b: [], B: [],
    p: ["\u0000", "\u00ad", "\u00a0", "\u2028", "a", "5", "\ud800"], P: ["a", " "],
  };
  for (let i = 0; i < source.length; i++) {
    const c = source[i]!;
    if (c === "\\") {
      const e = source[++i]!;
      if (e in classes) classes[e]!.forEach((x) => chars.add(x));
      else if (e === "u" && source[i + 1] === "{") {
        const close = source.indexOf("}", i);
        chars.add(String.fromCodePoint(Number.parseInt(source.slice(i + 2, close), 16)));
        i = close;
      } else if (e === "u") {
        chars.add(String.fromCharCode(Number.parseInt(source.slice(i + 1, i + 5), 16)));
        i += 4;
      } else if (e === "x") {
        chars.add(String.fromCharCode(Number.parseInt(source.slice(i + 1, i + 3), 16)));
        i += 2;
      } else if (e === "n") chars.add("\n");
      else if (e === "t") chars.add("\t");
      else chars.add(e);
    } else if (!"^$()[]{}|?*+.".includes(c) || c === "-") chars.add(c);
  }
  for (const generic of ["a", "0", " ", "!", "\u0000", "\u00a0", "\ud800", "\n"]) chars.add(generic);
  return [...chars];
}

const WORKER = `
const { parentPort, workerData } = require("node:worker_threads");
const { regexes, length } = workerData;
// CPU time, not wall time: waiting while other processes hold the cores does not count.
// (process-wide, but the main thread only waits for this worker's messages meanwhile.)
const cpuMs = (f) => { const t = process.cpuUsage(); f(); const d = process.cpuUsage(t); return (d.user + d.system) / 1000; };
function linear(s) { let h = 0; for (let i = 0; i < s.length; i++) h = (h * 31 + s.charCodeAt(i)) | 0; return h; }
// Linear: within a few hundred linear scans of the same string (a quadratic pass over 50k
// characters costs ~10^9 steps, i.e. seconds, far beyond this bound).
const boundMs = (linearMs) => Math.max(250, 1000 * linearMs);
for (const r of regexes) {
  const re = new RegExp(r.source, r.flags);
  const global = new RegExp(r.source, r.flags.includes("g") ? r.flags : r.flags + "g");
  const chars = r.alphabet;
  const attacks = [];
  for (const a of chars) {
    attacks.push(a.repeat(length), a.repeat(length) + "!", a.repeat(length) + "\\u0000");
    for (const b of chars.slice(0, 10)) attacks.push((a + b).repeat(length / 2) + "!");
  }
  attacks.push(chars.join("").repeat(Math.ceil(length / chars.length)).slice(0, length) + "!");
  const attack = (s) => { re.lastIndex = 0; re.test(s); s.replace(global, ""); s.search(re); };
  let worst = { ms: 0, linearMs: 0, bound: 250, sample: "" }; // the attack closest to (or furthest over) its bound
  for (const s of attacks) {
    const sample = JSON.stringify(s.slice(0, 12));
    let ms = Infinity, linearMs = Infinity;
    // Over the bound: measured again (up to 3 times in all, the fastest counts), as a busy
    // machine can slow one run; a backtracking regex is slow every time.
    for (let tries = 0; tries < 3 && !(ms < boundMs(linearMs)); tries++) {
      parentPort.postMessage({ heartbeat: r.source, sample });
      linearMs = Math.min(linearMs, cpuMs(() => { for (let k = 0; k < 5; k++) linear(s); }) / 5);
      ms = Math.min(ms, cpuMs(() => attack(s)));
    }
    const bound = boundMs(linearMs);
    if (ms / bound > worst.ms / worst.bound) worst = { ms, linearMs, bound, sample: sample + "… (" + s.length + ")" };
    if (ms >= bound) break; // failed: its other attacks would only take more time
  }
  parentPort.postMessage({ done: r.source, attacks: attacks.length, worst });
}
parentPort.postMessage({ finished: true });
`;

describe("regexes in src/ are safe against catastrophic backtracking", () => {
  const { found, dynamic } = findRegexes();

  it("finds the regexes of the sources (literals and new RegExp with literal patterns)", () => {
    expect(found.length).toBeGreaterThan(3);
    // A RegExp built from a non-literal pattern cannot be checked here: keep them out of src/.
    // The one allowed exception: `contentSchemaFromJsonSchema` compiles the `pattern` keyword of a JSON
    // Schema the app itself supplies (never a payload), as pydantic does; see SECURITY.md.
    const allowed = (site: string) => site.includes("src/schemas/from-json-schema.ts");
    expect(dynamic.filter((site) => !allowed(site))).toEqual([]);
  });

  it("each runs in time linear in its input on 50k-character attack strings", async () => {
    const regexes = found.map((r) => ({ ...r, alphabet: alphabetOf(r.source) }));
    const results = new Map<string, { attacks: number; worst: { ms: number; linearMs: number; bound: number; sample: string } }>();
    await new Promise<void>((resolve, reject) => {
      const worker = new Worker(WORKER, { eval: true, workerData: { regexes, length: 50_000 } });
      let last = "(start)";
      let timer: NodeJS.Timeout;
      const arm = () => {
        clearTimeout(timer);
        timer = setTimeout(() => {
          void worker.terminate();
          reject(new Error(`regex /${last}/ did not finish one attack string within 10 s (catastrophic backtracking)`));
        }, 10_000);
      };
      arm();
      worker.on("message", (msg: { heartbeat?: string; sample?: string; done?: string; attacks: number; worst: never; finished?: boolean }) => {
        arm();
        if (msg.heartbeat !== undefined) last = `${msg.heartbeat}/ on ${msg.sample}`;
        if (msg.done !== undefined) results.set(msg.done, { attacks: msg.attacks, worst: msg.worst });
        if (msg.finished) {
          clearTimeout(timer);
          void worker.terminate();
          resolve();
        }
      });
      worker.on("error", (e) => {
        clearTimeout(timer);
        reject(e);
      });
    });
    for (const r of found) {
      const res = results.get(r.source);
      expect(res, r.source).toBeDefined();
      expect(res!.attacks).toBeGreaterThan(10);
      // The bound (the worker's boundMs): a few hundred linear scans of the same string, in CPU time.
      const { ms, linearMs, bound, sample } = res!.worst;
      expect(ms, `/${r.source}/${r.flags} on ${sample}: ${ms.toFixed(1)} ms vs linear ${linearMs.toFixed(3)} ms of CPU time`).toBeLessThan(bound);
    }
  }, 300_000); // ~9 s alone, ~40 s on a 5× oversubscribed machine; hangs are caught per attack string (10 s)
});
