/**
 * Broken and cut-off input, through the built bin as a process (issue 34.2): the first 2,000
 * bytes of a saved state as Python's `json.dump(state, f, indent=2)` writes it is ONE input error
 * (exit 2) saying the document is cut off and where, for every command, plain or gzip-compressed;
 * a gzip file cut short says so; a pretty-printed document with a syntax error in its middle is
 * one error at its line and column. JSON Lines keep their per-line report: a cut last line, or a
 * bad first line before good ones, is one invalid item at its line, the others counted (exit 1).
 *
 * The states are the golden fixtures recorded from Python AutoGen 0.7.5 (test/fixtures/autogen-teams).
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { builtBin } from "../helpers/dist.js";

let bin: string;
beforeAll(() => {
  bin = builtBin();
}, 300_000);
const dir = mkdtempSync(join(tmpdir(), "agentchat-cut-off-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const cli = (args: string[]) => {
  const r = spawnSync(process.execPath, [bin, ...args], { encoding: "utf8", timeout: 60_000 });
  return { code: r.status, out: r.stdout, err: r.stderr };
};

/** What Python's `json.dump(obj, f, indent=2)` writes: `ensure_ascii` escapes, `": "` and `","` separators. */
const pythonDump = (value: unknown): string => JSON.stringify(value, null, 2).replace(/[\u007f-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);

type Json = Record<string, unknown>;
const STATES = readFileSync(new URL("../fixtures/autogen-teams/state.jsonl", import.meta.url), "utf8")
  .split("\n")
  .filter((l) => l.trim() !== "")
  .map((l) => JSON.parse(l) as { name: string; states: { kind: string; state: Json }[] })
  .flatMap((r) => r.states.filter((s) => s.kind === "team").map((s) => ({ name: r.name, text: pythonDump(s.state) })))
  .filter((s) => s.text.length > 2000);

/** Line and column (1-based) where `text` stops, trailing blanks left out: counted here, not by the reader. */
function end(text: string): { line: number; column: number } {
  const t = text.trimEnd();
  const lines = t.split("\n");
  return { line: lines.length, column: lines.at(-1)!.length + 1 };
}

let n = 0;
const file = (content: string | Buffer, ext = "json") => {
  const path = join(dir, `in${n++}.${ext}`);
  writeFileSync(path, content);
  return path;
};

describe("a cut-off pretty-printed document (the first 2,000 bytes of json.dump(state, indent=2))", { timeout: 120_000 }, () => {
  it("every recorded team state: validate gives one input error naming the file, the line and column, exit 2", () => {
    expect(STATES.length).toBeGreaterThan(20);
    for (const { name, text } of STATES) {
      const cut = text.slice(0, 2000);
      const path = file(cut);
      const r = cli(["validate", path]);
      const { line, column } = end(cut);
      expect([r.code, r.out], name).toEqual([2, ""]);
      expect(r.err.split("\n"), name).toEqual([
        expect.stringMatching(new RegExp(`^agentchat-messages: ${path.replace(/[.]/g, "\\.")} is cut off: the JSON document stops at line ${line}, column ${column} \\(after 2,000 bytes\\), in the middle of .+; was it written or copied only in part\\?$`)),
        "",
      ]);
    }
  });

  it("names the value it stops in: the path in the state, as validate names paths", () => {
    // Cut right after the key of the manager's thread: its array is what is open.
    const { text } = STATES[0]!;
    const at = text.indexOf('"message_thread": [') + '"message_thread": [\n'.length;
    const manager = Object.keys((JSON.parse(text) as { agent_states: Json }).agent_states).find((k) => k.endsWith("Manager"))!;
    const r = cli(["validate", file(text.slice(0, at))]);
    expect(r.code).toBe(2);
    expect(r.err).toContain(`, in the middle of an array at agent_states.${manager}.message_thread; `);
    // Cut inside the first message's source: a string.
    const source = text.indexOf('"source": "', at) + '"source": "'.length + 1;
    const s = cli(["validate", file(text.slice(0, source))]);
    expect(s.err).toContain(`, in the middle of a string at agent_states.${manager}.message_thread[0].source; `);
  });

  it("the same one error from render, render --html, stats, convert and validate --format json; nothing on stdout, no -o file", () => {
    const path = file(STATES[0]!.text.slice(0, 2000));
    const html = join(dir, "cut.html");
    for (const args of [["render"], ["render", "--html", "-o", html], ["stats"], ["convert", "--to", "maf"], ["convert", "--to", "openai"], ["validate", "--format", "json"]]) {
      const r = cli([...args, path]);
      expect([r.code, r.out], args.join(" ")).toEqual([2, ""]);
      expect(r.err, args.join(" ")).toMatch(/^agentchat-messages: \S+ is cut off: the JSON document stops at line \d+, column \d+ \(after 2,000 bytes\), in the middle of [^\n]+\n$/);
    }
    expect(() => readFileSync(html)).toThrow();
  });

  it("gzip-compressed, the same: the reader looks at the text inside, not at the file name", () => {
    const cut = STATES[1]!.text.slice(0, 2000);
    const { line, column } = end(cut);
    for (const ext of ["json.gz", "json"]) {
      const r = cli(["validate", file(gzipSync(cut), ext)]);
      expect(r.code).toBe(2);
      expect(r.err).toContain(` is cut off: the JSON document stops at line ${line}, column ${column} (after 2,000 bytes)`);
    }
  });

  it("a gzip file itself cut short is cut off too (exit 2); a damaged one is not a gzip stream", () => {
    const gz = gzipSync(STATES[2]!.text);
    const r = cli(["validate", file(gz.subarray(0, Math.floor(gz.length / 2)), "json.gz")]);
    expect([r.code, r.out]).toEqual([2, ""]);
    expect(r.err).toMatch(/^agentchat-messages: \S+\.json\.gz is cut off: its gzip stream ends early \(unexpected end of file\); was it written or copied only in part\?\n$/);
    const damaged = Buffer.from(gz);
    damaged.fill(0xff, 10, 40); // the deflate data, not the header
    const d = cli(["validate", file(damaged, "json.gz")]);
    expect(d.code).toBe(2);
    expect(d.err).toMatch(/^agentchat-messages: cannot read \S+: not a valid gzip stream \(/);
  });

  it("a pretty-printed document with a syntax error in its middle: one error at its line and column (exit 2)", () => {
    const lines = STATES[0]!.text.split("\n");
    const k = lines.findIndex((l) => l.includes('"current_turn"'));
    lines[k] = lines[k]!.replace(/: (\d+)/, ": $1 $1"); // `"current_turn": 0 0,`
    const column = lines[k]!.indexOf(" ", lines[k]!.indexOf(": ") + 2) + 2;
    const r = cli(["validate", file(lines.join("\n"))]);
    expect([r.code, r.out]).toEqual([2, ""]);
    expect(r.err).toMatch(new RegExp(`^agentchat-messages: \\S+ is not valid JSON at line ${k + 1}, column ${column} \\(at agent_states\\.\\w+\\.current_turn\\): [^\\n]+\\n$`));
  });
});

describe("JSON Lines keep their per-line report", { timeout: 60_000 }, () => {
  const transcript = JSON.parse(readFileSync(new URL("../../examples/data/transcript.json", import.meta.url), "utf8")) as unknown[];
  const run = transcript.slice(0, 20).map((m) => JSON.stringify(m)).join("\n") + "\n";

  it("cut in its last line: that line is invalid, every other item counted (exit 1), plain and gzip", () => {
    const cut = run.slice(0, run.length - 40);
    const last = cut.split("\n").length;
    for (const content of [cut, gzipSync(cut)]) {
      const r = cli(["validate", file(content, "jsonl")]);
      expect(r.code).toBe(1);
      expect(r.err).toMatch(new RegExp(`^line ${last}: not valid JSON: [^\\n]+\\n$`));
      expect(r.out).toMatch(new RegExp(`^${last} items: ${last - 1} valid, 1 invalid\\n`));
    }
  });

  it("a bad first line before good ones (blank lines first too): that line is invalid, the others counted (exit 1)", () => {
    const r = cli(["validate", file(`\n{"type": "TextMessage", "source":\n${run}`, "jsonl")]);
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/^line 2: not valid JSON: [^\n]+\n$/);
    expect(r.out).toMatch(/^21 items: 20 valid, 1 invalid\n/);
  });

  it("every line broken: each is reported at its line (exit 1), not read as one document", () => {
    const r = cli(["validate", file("{oops\n{oops\n{\n", "jsonl")]);
    expect(r.code).toBe(1);
    expect(r.err.match(/^line \d: not valid JSON: /gm)).toEqual(["line 1: not valid JSON: ", "line 2: not valid JSON: ", "line 3: not valid JSON: "]);
    expect(r.out).toMatch(/^3 items: 0 valid, 3 invalid\n/);
  });
});
