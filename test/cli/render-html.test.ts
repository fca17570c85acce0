/** `agentchat-messages render --html [-o file]` end to end: spawned with `npx tsx src/cli/main.ts …`. */
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { spawnCli } from "./helpers.js";

const dir = mkdtempSync(join(tmpdir(), "agentchat-cli-html-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const cli = spawnCli;

const lines = [
  { id: "u1", type: "TextMessage", source: "user", content: "What is 2 + 2?", created_at: "2025-01-01T10:00:00Z" },
  { id: "k1", type: "ModelClientStreamingChunkEvent", source: "bot", content: "It is ", full_message_id: "a1", created_at: "2025-01-01T10:00:01Z" },
  { id: "k2", type: "ModelClientStreamingChunkEvent", source: "bot", content: "4 <b>", full_message_id: "a1", created_at: "2025-01-01T10:00:02Z" },
  { id: "a1", type: "TextMessage", source: "bot", content: "It is 4 <b>", created_at: "2025-01-01T10:00:03Z", models_usage: { prompt_tokens: 9, completion_tokens: 4 } },
  { messages: [], stop_reason: "Text 'TERMINATE' mentioned" },
].map((l) => JSON.stringify(l));

describe("render --html", { timeout: 60_000 }, () => {
  it("writes one page to stdout: totals, folded chunks, escaped text; the file name as title", () => {
    const file = join(dir, "run.jsonl");
    writeFileSync(file, lines.join("\n") + "\n");
    const r = cli(["render", "--html", file]);
    expect(r.err).toBe("");
    expect(r.code).toBe(0);
    expect(r.out.startsWith("<!doctype html>")).toBe(true);
    expect(r.out).toContain("<title>run.jsonl</title>");
    expect(r.out).toContain("<dd>Text 'TERMINATE' mentioned</dd>");
    expect(r.out.match(/<article /g)).toHaveLength(2);
    expect(r.out).toContain('<div class="text">It is 4 &lt;b&gt;</div><div class="note">streamed in 2 chunks</div>');
  });

  it("-o writes the page to a file (stdin input), and the Console text too without --html", () => {
    const out = join(dir, "page.html");
    const r = cli(["render", "--html", "-o", out], lines.join("\n"));
    expect(r.code).toBe(0);
    expect(r.out).toBe("");
    expect(readFileSync(out, "utf8")).toContain("<title>AutoGen run</title>");

    const text = join(dir, "console.txt");
    const c = cli(["render", `--output=${text}`], lines[0]);
    expect(c.code).toBe(0);
    expect(readFileSync(text, "utf8")).toBe("---------- TextMessage (user) ----------\nWhat is 2 + 2?\n");
  });

  it("reports an invalid item on stderr with exit 1, and still shows it on the page", () => {
    const file = join(dir, "bad.jsonl");
    writeFileSync(file, `${lines[0]}\n${JSON.stringify({ type: "TextMessage", source: 42, content: "still <here>" })}\n`);
    const r = cli(["render", "--html", file]);
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/^line 2: TextMessage: source: expected string, got number 42 \[string_type\]$/m);
    expect(r.out).toContain('<div class="text">still &lt;here&gt;</div>');
    expect(r.out.match(/<article /g)).toHaveLength(2);
  });

  it("refuses Console-only options with --html, and an unwritable -o, with exit 2", () => {
    const s = cli(["render", "--html", "--stats", "x.jsonl"]);
    expect(s.code).toBe(2);
    expect(s.err).toContain("--stats applies to the Console text; the --html page always shows totals and images");
    expect(cli(["render", "-o"]).err).toContain("-o needs a file name");

    const file = join(dir, "ok.jsonl");
    writeFileSync(file, lines[0]!);
    const missingDir = join(dir, "no", "such", "page.html");
    const w = cli(["render", "--html", file, "-o", missingDir]);
    expect(w.code).toBe(2);
    expect(w.err).toBe(`agentchat-messages: cannot write ${missingDir}: no such directory\n`);
    expect(existsSync(missingDir)).toBe(false);
  });
});
