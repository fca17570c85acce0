/**
 * The progress line (issue 18.3): on a terminal, for a run that lasts, items / MB read / rate on
 * stderr, throttled, cleared before other output and at the end; never when stderr is not a
 * terminal. The line itself with a fake clock; `main` with the terminal flags injected.
 * (A real pseudo-terminal: bin.test.ts.)
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { CLEAR_LINE, Progress } from "../../src/cli/progress.js";
import { jsonl, runCli, text } from "./helpers.js";

function clock(start = 0) {
  let t = start;
  return { now: () => t, advance: (ms: number) => void (t += ms) };
}

describe("Progress", () => {
  it("nothing before the delay; then items, MB read, share of the file and rate", () => {
    const c = clock(1000);
    const writes: string[] = [];
    const p = new Progress({ write: (t) => void writes.push(t), label: "validate", now: c.now, total: 4_000_000 });
    p.bytes(1_000_000);
    for (let i = 0; i < 128; i++) p.item();
    c.advance(999);
    p.bytes(0);
    expect(writes).toEqual([]);
    c.advance(1001); // 2 s after the start: 1 MB in 2 s
    p.bytes(0);
    expect(writes).toEqual([`${CLEAR_LINE}validate: 128 items, 1.0 MB read (25%), 0.5 MB/s`]);
  });

  it("redraws at most every interval, counting items every 64, with thousands separators", () => {
    const c = clock();
    const writes: string[] = [];
    const p = new Progress({ write: (t) => void writes.push(t), label: "stats", now: c.now, delayMs: 0, intervalMs: 250 });
    p.bytes(2_500_000);
    c.advance(100);
    for (let i = 0; i < 12_345; i++) p.item(); // ticks within 250 ms of the last draw: no redraw
    expect(writes).toHaveLength(1);
    c.advance(400);
    for (let i = 0; i < 64; i++) p.item(); // item 12,352 (= 193 × 64) is the next tick
    expect(writes).toHaveLength(2);
    expect(writes[1]).toBe(`${CLEAR_LINE}stats: 12,352 items, 2.5 MB read, 5.0 MB/s`);
  });

  it("clear erases only a shown line; done erases it for good; the line fits the terminal", () => {
    const c = clock();
    const writes: string[] = [];
    const p = new Progress({ write: (t) => void writes.push(t), label: "a-rather-long-command-label", now: c.now, delayMs: 0, columns: 30 });
    p.clear();
    expect(writes).toEqual([]);
    p.bytes(1);
    expect(writes[0]!.slice(CLEAR_LINE.length)).toHaveLength(29);
    p.clear();
    p.clear();
    expect(writes.slice(1)).toEqual([CLEAR_LINE]);
    c.advance(1000);
    p.bytes(1);
    p.done();
    c.advance(1000);
    p.bytes(1);
    p.item();
    expect(writes.at(-1)).toBe(CLEAR_LINE);
    expect(writes).toHaveLength(4);
  });

  it("1 item, not 1 items", () => {
    const p = new Progress({ write: () => {}, label: "render", now: () => 0 });
    p.item();
    expect(p.text()).toMatch(/^render: 1 item, 0\.0 MB read, /);
  });
});

/** 300 messages in chunks of 30, the clock moving 100 ms per read. */
function slowInput() {
  const lines = jsonl(Array.from({ length: 300 }, (_, i) => text(`agent${i % 3}`, `message ${i}`)));
  const chunks: string[] = [];
  for (let i = 0; i < lines.length; i += Math.ceil(lines.length / 10)) chunks.push(lines.slice(i, i + Math.ceil(lines.length / 10)));
  let t = 0;
  return { stdin: chunks, now: () => (t += 100) };
}

describe("the progress line in main", () => {
  it("stderr a terminal: drawn while reading, cleared before the report and at the end", async () => {
    const { stdin, now } = slowInput();
    const r = await runCli(["validate"], { stdin, now, stderrIsTTY: true, stdoutIsTTY: true });
    expect(r.code).toBe(0);
    expect(r.out).toBe("300 items: 300 valid, 0 invalid\nValid items per kind:\n  TextMessage  300\n");
    const draws = r.log.filter(([k, t]) => k === "progress" && t !== CLEAR_LINE);
    expect(draws.length).toBeGreaterThan(1);
    for (const [, t] of draws) expect(t).toMatch(/^\r\x1b\[Kvalidate: [\d,]+ items?, \d+\.\d MB read, \d+\.\d MB\/s$/);
    // The line is erased before the report is written, and nothing is drawn after.
    const report = r.log.findIndex(([k]) => k === "out");
    expect(r.log[report - 1]).toEqual(["progress", CLEAR_LINE]);
    expect(r.log.slice(report).some(([k]) => k === "progress")).toBe(false);
  });

  it("an error line on stderr first erases the progress line", async () => {
    const { stdin, now } = slowInput();
    stdin.push(`${JSON.stringify(text(1 as never, "bad"))}\n`);
    const r = await runCli(["validate"], { stdin, now, stderrIsTTY: true });
    const error = r.log.findIndex(([k]) => k === "err");
    expect(r.log[error]![1]).toMatch(/^line 301: TextMessage: source/);
    expect(r.log[error - 1]).toEqual(["progress", CLEAR_LINE]);
  });

  it("never when stderr is not a terminal (piped, redirected)", async () => {
    for (const command of [["validate"], ["stats"], ["render"], ["convert", "--to", "openai"]]) {
      const { stdin, now } = slowInput();
      const r = await runCli(command, { stdin, now, stderrIsTTY: false, stdoutIsTTY: true });
      expect(r.progress).toBe("");
      expect(r.err).toBe("");
    }
  });

  it("commands that write results as they read (render, convert, validate --format json) draw it only when stdout is not that terminal", async () => {
    for (const command of [["render"], ["convert", "--to", "agentscope"], ["validate", "--format", "json"]]) {
      const onTerminal = slowInput();
      expect((await runCli(command, { ...onTerminal, stderrIsTTY: true, stdoutIsTTY: true })).progress).toBe("");
      const toFile = slowInput();
      const r = await runCli(command, { ...toFile, stderrIsTTY: true, stdoutIsTTY: false });
      expect(r.progress).toContain(`${command[0]}: `);
      expect(r.progress.endsWith(CLEAR_LINE)).toBe(true);
    }
    // render -o <file>: the results go to the file, so the terminal may show the line.
    const scratch = mkdtempSync(join(tmpdir(), "agentchat-progress-"));
    const file = join(scratch, "out.txt");
    const toOutput = await runCli(["render", "-o", file], { ...slowInput(), stderrIsTTY: true, stdoutIsTTY: true });
    expect(toOutput.progress).toContain("render: ");
    expect(toOutput.out).toBe("");
    expect(readFileSync(file, "utf8")).toMatch(/^---------- TextMessage \(agent0\) ----------\nmessage 0\n/);
    rmSync(scratch, { recursive: true, force: true });
    // stats writes only at the end: drawn with stdout on the terminal too.
    expect((await runCli(["stats"], { ...slowInput(), stderrIsTTY: true, stdoutIsTTY: true })).progress).toContain("stats: ");
  });
});
