/** The CLI end to end: spawned with `npx tsx src/cli/main.ts …` on temporary files. */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { ROOT as root, spawnCli } from "./helpers.js";

const transcript = join(root, "examples/data/transcript.json");
const dir = mkdtempSync(join(tmpdir(), "agentchat-cli-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const cli = spawnCli;

const payloads = JSON.parse(readFileSync(transcript, "utf8")) as Record<string, unknown>[];

describe("agentchat-messages CLI", { timeout: 60_000 }, () => {
  it("validate: a JSON Lines file with a broken line 7 reports the line and path, exit 1", () => {
    const lines = payloads.slice(0, 10).map((p) => JSON.stringify(p));
    lines[6] = JSON.stringify({ ...payloads[6], source: 42 });
    const file = join(dir, "broken.jsonl");
    writeFileSync(file, lines.join("\r\n") + "\n\n");
    const r = cli(["validate", file]);
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/^line 7: \w+: source: expected string, got number 42 \[string_type\]$/m);
    expect(r.out).toContain("10 items: 9 valid, 1 invalid");
  });

  it("validate: a JSON syntax error on a line is reported with its number; array items by index", () => {
    const file = join(dir, "syntax.jsonl");
    writeFileSync(file, `${JSON.stringify(payloads[0])}\n{oops\n`);
    const r = cli(["validate", file]);
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/^line 2: not valid JSON: /m);

    const arr = join(dir, "arr.json");
    writeFileSync(arr, JSON.stringify([payloads[0], { type: "ToolCallRequestEvent", source: "a", content: [{ id: "1", arguments: "{}" }] }]));
    const a = cli(["validate", arr]);
    expect(a.code).toBe(1);
    expect(a.err).toContain("index 1: ToolCallRequestEvent: content[0].name: Field required [missing]");
  });

  it("validate: the bundled transcript is valid, exit 0, with counts per kind", () => {
    const r = cli(["validate", transcript]);
    expect(r.code).toBe(0);
    expect(r.err).toBe("");
    expect(r.out).toContain("400 items: 400 valid, 0 invalid");
    expect(r.out).toMatch(/^ {2}TextMessage +157$/m);
  });

  it("render and stats read JSON Lines from stdin", () => {
    const jsonl = payloads.slice(0, 3).map((p) => JSON.stringify(p)).join("\n");
    const r = cli(["render"], jsonl);
    expect(r.code).toBe(0);
    expect(r.out.startsWith(`---------- TextMessage (user) ----------\n${payloads[0]!.content}\n`)).toBe(true);
    const s = cli(["stats", "-"], jsonl);
    expect(s.code).toBe(0);
    expect(s.out).toMatch(/^Messages: 3 /);
    expect(s.out).toContain("Per source:");
  });

  it("clear errors for unreadable or non-JSON input (exit 2); an empty input is valid and empty", () => {
    const missing = cli(["validate", join(dir, "nope.json")]);
    expect([missing.code, missing.err]).toEqual([2, `agentchat-messages: cannot read ${join(dir, "nope.json")}: no such file\n`]);
    const text = cli(["validate"], "hello\n");
    expect(text.code).toBe(2);
    expect(text.err).toContain("neither a JSON array nor JSON Lines");
    const truncated = cli(["validate"], "[{}");
    expect(truncated.code).toBe(2);
    expect(truncated.err).toContain("stdin is cut off: the JSON document stops at line 1, column 4 (after 3 bytes), in the middle of an array;");
    const broken = cli(["validate"], "[{}, {]");
    expect(broken.code).toBe(2);
    expect(broken.err).toContain("stdin is not valid JSON at line 1, column 7 (at [1]): ");
    const empty = cli(["validate"], "  \n");
    expect([empty.code, empty.out, empty.err]).toEqual([0, "0 items: 0 valid, 0 invalid\n", ""]);
  });

  it("convert --to anthropic writes the { system?, messages } AutoGen's Anthropic client sends", () => {
    const chat = (JSON.parse(readFileSync(transcript, "utf8")) as { type: string; source: string; content: unknown }[]).filter((m) =>
      ["TextMessage", "MultiModalMessage", "StopMessage", "HandoffMessage", "ToolCallSummaryMessage"].includes(m.type),
    );
    const c = cli(["convert", "--to", "anthropic", transcript]);
    expect(c.code).toBe(0);
    const sent = JSON.parse(c.out) as { system?: string; messages: { role: string; content: unknown }[] };
    // No system prompt in a run's chat messages: the key is absent. One user turn per chat message
    // (Anthropic consecutive turns are not merged), the source is not sent.
    expect(Object.keys(sent)).toEqual(["messages"]);
    expect(sent.messages).toHaveLength(chat.length);
    expect(sent.messages[0]).toStrictEqual({ role: "user", content: chat[0]!.content });
    // --model picks the model info: claude-2.1 has no vision, and the transcript holds images.
    expect(chat.some((m) => m.type === "MultiModalMessage")).toBe(true);
    const legacy = cli(["convert", "--to", "anthropic", "--model", "claude-2.1", transcript]);
    expect(legacy.code).toBe(1);
    expect(legacy.err).toMatch(/^agentchat-messages: messages\[\d+\]: Model does not support vision and image was provided\n$/);
  });

  it("convert --as <agent>: the run as that AssistantAgent's model context, for each model target", () => {
    // round-robin/text-mention-tools: the task, vector_tool_team's tool round and reply, then
    // query_handoff_call's reply (still in vector_tool_team's buffer: not part of its context).
    const run = (readFileSync(join(root, "test/fixtures/autogen-teams/streams.jsonl"), "utf8").split("\n").filter(Boolean).map((l) => JSON.parse(l)) as Array<{ name: string; steps: Array<{ stream: Array<{ item: string; dump?: unknown; messages?: unknown[]; stop_reason?: unknown }> }> }>)
      .find((r) => r.name === "round-robin/text-mention-tools")!
      .steps.flatMap((s) => s.stream.map((it) => it.dump ?? { messages: it.messages, stop_reason: it.stop_reason }));
    const file = join(dir, "team-run.jsonl");
    writeFileSync(file, run.map((x) => JSON.stringify(x)).join("\n") + "\n");
    const tool = (run as Array<{ type?: string; content: Array<{ id: string; name: string; arguments: string; content?: string }> }>).find((m) => m.type === "ToolCallRequestEvent")!.content[0]!;
    const done = (run as Array<{ type?: string; content: Array<{ content: string }> }>).find((m) => m.type === "ToolCallExecutionEvent")!.content[0]!;
    const [task, reply] = (run as Array<{ type?: string; source: string; content: string }>).filter((m) => m.type === "TextMessage");

    const o = cli(["convert", "--to", "openai", "--as", "vector_tool_team", file]);
    expect(o.code).toBe(0);
    expect(JSON.parse(o.out)).toStrictEqual([
      { role: "user", name: task!.source, content: task!.content },
      { role: "assistant", tool_calls: [{ id: tool.id, function: { arguments: tool.arguments, name: tool.name }, type: "function" }], content: null },
      { content: done.content, role: "tool", tool_call_id: tool.id },
      { role: "assistant", content: reply!.content },
    ]);
    // Without --as every chat message is a user message: three of them, no tool turns.
    expect((JSON.parse(cli(["convert", "--to", "openai", file]).out) as Array<{ role: string }>).map((m) => m.role)).toEqual(["user", "user", "user"]);

    const g = cli(["convert", "--to", "gemini", "--as", "vector_tool_team", file]);
    expect(g.code).toBe(0);
    expect((JSON.parse(g.out) as { contents: Array<{ role: string }> }).contents.map((c) => c.role)).toEqual(["user", "model", "user", "model"]);
    const s = cli(["convert", "--to", "ai-sdk", "--as", "vector_tool_team", file]);
    expect(s.code).toBe(0);
    expect((JSON.parse(s.out) as Array<{ role: string }>).map((m) => m.role)).toEqual(["user", "assistant", "tool", "assistant"]);
    const a = cli(["convert", "--to", "anthropic", "--as", "vector_tool_team", file]);
    expect(a.code).toBe(0);
    expect((JSON.parse(a.out) as { messages: Array<{ role: string }> }).messages.map((m) => m.role)).toEqual(["user", "assistant", "user", "assistant"]);

    expect(cli(["convert", "--to", "agentscope", "--as", "x", file]).code).toBe(2);
    const m = cli(["convert", "--to", "gemini", "--model", "gemini-2.0-flash", file]);
    expect(m.code).toBe(2);
    expect(m.err).toContain("--model applies to openai and anthropic");
    expect(cli(["convert", "--to", "openai", "--as"]).err).toContain("--as needs an agent name");
  });

  it("convert --to agentscope writes one AgentScope Msg dict per message; other targets exit 2", () => {
    const c = cli(["convert", "--to", "cohere", transcript]);
    expect(c.code).toBe(2);
    expect(c.err).toContain("Supported targets: agentscope, openai, anthropic, gemini, ai-sdk, maf.");
    const o = cli(["convert", "--to", "openai", "--model", "gpt-4o", transcript]);
    expect(o.code).toBe(0);
    const sent = JSON.parse(o.out) as { role: string; content: unknown; name?: string }[];
    const chat = (JSON.parse(readFileSync(transcript, "utf8")) as { type: string; source: string; content: unknown }[]).filter((m) =>
      ["TextMessage", "MultiModalMessage", "StopMessage", "HandoffMessage", "ToolCallSummaryMessage"].includes(m.type),
    );
    // One user message per chat message; text content carried as is, the source as the OpenAI `name`.
    expect(sent).toHaveLength(chat.length);
    expect(sent[0]).toMatchObject({ role: "user", content: chat[0]!.content, name: chat[0]!.source });
    const a = cli(["convert", "--to", "agentscope", transcript]);
    const lines = a.out.trim().split("\n").map((l) => JSON.parse(l) as Record<string, unknown>);
    const first = JSON.parse(readFileSync(transcript, "utf8"))[0] as { id: string; source: string; content: string };
    expect(Object.keys(lines[0]!)).toEqual(["id", "name", "role", "content", "metadata", "timestamp"]);
    expect(lines[0]).toMatchObject({ id: first.id, name: first.source, role: "user", content: first.content });
    // Every message of the transcript either converts or is reported on stderr with its index.
    const reported = a.err.split("\n").filter((l) => /^index \d+: /.test(l)).length;
    expect(lines.length + reported).toBe(400);
    expect(a.code).toBe(reported > 0 ? 1 : 0);
    const h = cli(["--help"]);
    expect(h.code).toBe(0);
    expect(h.out).toContain("Usage: agentchat-messages <command>");
    const bad = cli(["frobnicate"]);
    expect(bad.code).toBe(2);
    expect(bad.err).toContain('unknown command "frobnicate"');
  });
});
