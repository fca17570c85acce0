/**
 * The command's contract for people and scripts (issues 18.3 and 19.5), run in-process:
 * usage / help / version, empty input, plural forms, `--max-errors`, the grouped error summary,
 * where `stats` finds invalid items, `convert` without a target and to every model target.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { COMMANDS, COMMAND_SPECS } from "../../src/cli/args.js";
import { load, toModelMessage } from "../../src/index.js";
import { toGeminiContents } from "../../src/providers/gemini/index.js";
import { toModelMessages } from "../../src/providers/ai-sdk/index.js";
import { PACKAGE, jsonl, runCli, text, toolCalls } from "./helpers.js";

const scratch = mkdtempSync(join(tmpdir(), "agentchat-cli-commands-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe("usage, help and version", () => {
  it("no arguments: the usage on stderr, exit 2, nothing on stdout", async () => {
    const r = await runCli([]);
    expect(r.code).toBe(2);
    expect(r.out).toBe("");
    expect(r.err).toMatch(/^Usage: agentchat-messages <command> \[file\] \[options\]\n/);
    for (const command of ["validate", "render", "stats", "convert"]) expect(r.err).toMatch(new RegExp(`^  ${command} +\\S`, "m"));
  });

  it("--help and -h: the same text on stdout, exit 0", async () => {
    const long = await runCli(["--help"]);
    const short = await runCli(["-h"]);
    expect([long.code, long.err]).toEqual([0, ""]);
    expect(short.out).toBe(long.out);
    expect(long.out).toContain("Run 'agentchat-messages <command> --help' for a command's options and examples.");
    expect(long.out).toContain("-v, --version");
  });

  it("<command> --help, help <command> and <command> -h print that command's help with examples", async () => {
    for (const command of COMMANDS) {
      const r = await runCli([command, "--help"]);
      expect(r.code).toBe(0);
      expect(r.out).toMatch(new RegExp(`^Usage: agentchat-messages ${command} \\[file\\] \\[options\\]\\n`));
      const examples = r.out.slice(r.out.indexOf("\nExamples:\n"));
      expect(examples.split("\n").filter((l) => l.startsWith(`  agentchat-messages ${command} `)).length).toBeGreaterThanOrEqual(2);
      expect((await runCli(["help", command])).out).toBe(r.out);
      expect((await runCli([command, "run.jsonl", "-h"])).out).toBe(r.out);
    }
    const validate = (await runCli(["validate", "--help"])).out;
    expect(validate).toMatch(/^ {2}--format <text\|json> +text \(default\) for people, json for scripts/m);
    expect(validate).toMatch(/^ {2}--max-errors <n> +report the first <n> invalid items/m);
    const convert = (await runCli(["convert", "--help"])).out;
    for (const target of ["agentscope", "openai", "anthropic", "gemini", "ai-sdk", "maf"]) expect(convert).toMatch(new RegExp(`^ +${target} +\\S`, "m"));
    expect(convert).toContain("agentchat-messages convert --to gemini run.jsonl");
    expect(convert).not.toContain("--format");
    const unknown = await runCli(["help", "frobnicate"]);
    expect([unknown.code, unknown.err]).toEqual([2, 'agentchat-messages: unknown command "frobnicate"\nRun agentchat-messages --help for usage.\n']);
  });

  it("each command's help lists exactly the options it accepts", async () => {
    for (const command of COMMANDS) {
      const help = (await runCli([command, "--help"])).out;
      for (const option of COMMAND_SPECS[command].options) {
        for (const flag of option.flags) expect(help).toContain(flag);
        // …and the parser accepts what the help shows.
        const sample: Record<string, string> = { to: "openai", "max-errors": "3", format: "json", model: "gpt-4o", as: "writer", output: join(scratch, "out.txt"), endpoint: "http://127.0.0.1:9/v1/traces", timeout: "1000", "conversation-id": "thread-1", "service-name": "svc" };
        const value = option.value === undefined ? [] : [sample[option.name]!];
        for (const flag of option.flags) {
          const r = await runCli([command, flag, ...value]);
          expect(r.err).not.toMatch(new RegExp(`unknown option|${flag} needs|takes no value|is not one of`));
        }
      }
    }
  });

  it("--version and -v print package.json's version", async () => {
    for (const flag of ["--version", "-v"]) {
      const r = await runCli([flag]);
      expect([r.code, r.out, r.err]).toEqual([0, `${PACKAGE.version}\n`, ""]);
    }
  });

  it("unknown commands and options: exit 2, with where to find the usage", async () => {
    const cmd = await runCli(["frobnicate"]);
    expect([cmd.code, cmd.err]).toEqual([2, 'agentchat-messages: unknown command "frobnicate"\nRun agentchat-messages --help for usage.\n']);
    const opt = await runCli(["validate", "--colour"]);
    expect([opt.code, opt.err]).toEqual([2, "agentchat-messages: unknown option --colour for validate\nRun agentchat-messages validate --help for usage.\n"]);
    expect((await runCli(["validate", "--format", "xml"])).err).toContain('--format "xml" is not one of text, json');
    expect((await runCli(["validate", "--format"])).err).toContain("--format needs a format: text or json");
    expect((await runCli(["validate", "--max-errors", "-1"])).code).toBe(2);
    expect((await runCli(["validate", "--max-errors=x"])).err).toContain('--max-errors: expected a whole number, got "x"');
    expect((await runCli(["render", "--stats=yes"])).err).toContain("--stats takes no value");
    expect((await runCli(["validate", "a.jsonl", "b.jsonl"])).err).toContain('unexpected argument "b.jsonl" (one input file at most)');
  });
});

describe("empty input is valid and empty", () => {
  for (const [name, stdin] of [
    ["nothing", ""],
    ["blank lines", "  \n\n\t\n"],
    ["a byte-order mark", "\ufeff\n"],
    ["an empty array", "[]"],
  ] as const) {
    it(`${name}: every command succeeds with no items`, async () => {
      const v = await runCli(["validate"], { stdin });
      expect([v.code, v.out, v.err]).toEqual([0, "0 items: 0 valid, 0 invalid\n", ""]);
      const s = await runCli(["stats", "-"], { stdin });
      expect([s.code, s.err]).toEqual([0, ""]);
      expect(s.out).toBe("Messages: 0 (0 chat messages, 0 events)\nTokens: 0 prompt, 0 completion\n");
      const r = await runCli(["render"], { stdin });
      expect([r.code, r.out, r.err]).toEqual([0, "", ""]);
      const o = await runCli(["convert", "--to", "openai"], { stdin });
      expect([o.code, JSON.parse(o.out), o.err]).toEqual([0, [], ""]);
      const a = await runCli(["convert", "--to", "agentscope"], { stdin });
      expect([a.code, a.out, a.err]).toEqual([0, "", ""]);
      const j = await runCli(["validate", "--format", "json"], { stdin });
      expect(j.code).toBe(0);
      expect(JSON.parse(j.out)).toStrictEqual({ report: "summary", items: 0, valid: 0, invalid: 0, reported: 0, valid_by_kind: {}, errors: [] });
    });
  }
});

describe("plural forms", () => {
  it("1 item, 1 chat message, 1 event; 2 items, 2 chat messages", async () => {
    const one = await runCli(["validate"], { stdin: jsonl([text("user", "hi")]) });
    expect(one.out).toBe("1 item: 1 valid, 0 invalid\nValid items per kind:\n  TextMessage  1\n");
    const two = await runCli(["validate"], { stdin: jsonl([text("user", "hi"), text("bot", "yo")]) });
    expect(two.out.split("\n")[0]).toBe("2 items: 2 valid, 0 invalid");
    const s1 = await runCli(["stats"], { stdin: jsonl([text("user", "hi"), toolCalls("bot", ["f"])]) });
    expect(s1.out.split("\n")[0]).toBe("Messages: 2 (1 chat message, 1 event)");
    const s2 = await runCli(["stats"], { stdin: jsonl([text("user", "hi"), text("bot", "yo")]) });
    expect(s2.out.split("\n")[0]).toBe("Messages: 2 (2 chat messages, 0 events)");
    const bad = await runCli(["stats"], { stdin: jsonl([text("user", "hi"), "{oops"]) });
    expect(bad.out).toContain("Invalid: 1 item, skipped: line 2\n");
    const more = await runCli(["validate", "--max-errors", "1"], { stdin: jsonl(["{", "{"]) });
    expect(more.err).toContain("agentchat-messages: 1 more invalid item not reported (--max-errors 1)\n");
  });
});

/** Two TextMessages with a numeric source, a tool call event with two numeric names, a line that is not JSON, and valid items between. */
const BROKEN = jsonl([
  text("user", "task"),
  text(42 as never, "a"), // line 2
  text("bot", "ok"),
  text(7 as never, "b"), // line 4
  toolCalls("bot", [1, 2]), // line 5: two issues, one group
  "{not json", // line 6
  text("bot", "done"),
]);

describe("--max-errors and the errors grouped by kind and path", () => {
  it("validate: every problem reported, then the groups (array indexes as [*]), most frequent first", async () => {
    const r = await runCli(["validate"], { stdin: BROKEN });
    expect(r.code).toBe(1);
    expect(r.err.split("\n")).toEqual([
      "line 2: TextMessage: source: expected string, got number 42 [string_type]",
      "line 4: TextMessage: source: expected string, got number 7 [string_type]",
      "line 5: ToolCallRequestEvent: content[0].name: expected string, got number 1 [string_type]",
      "line 5: ToolCallRequestEvent: content[1].name: expected string, got number 2 [string_type]",
      expect.stringMatching(/^line 6: not valid JSON: /),
      "",
    ]);
    expect(r.out).toBe(
      "7 items: 3 valid, 4 invalid\n" +
        "Valid items per kind:\n  TextMessage  3\n" +
        "Errors by kind and path:\n" +
        "  TextMessage: source [string_type]                    2\n" +
        "  ToolCallRequestEvent: content[*].name [string_type]  2\n" +
        "  not valid JSON                                       1\n",
    );
  });

  it("validate --max-errors 2: the first two invalid items reported, the rest still counted and grouped", async () => {
    const r = await runCli(["validate", "--max-errors", "2"], { stdin: BROKEN });
    expect(r.code).toBe(1);
    expect(r.err).toBe(
      "line 2: TextMessage: source: expected string, got number 42 [string_type]\n" +
        "line 4: TextMessage: source: expected string, got number 7 [string_type]\n" +
        "agentchat-messages: 2 more invalid items not reported (--max-errors 2)\n",
    );
    expect(r.out).toContain("7 items: 3 valid, 4 invalid\n");
    expect(r.out).toContain("  ToolCallRequestEvent: content[*].name [string_type]  2\n");
    const none = await runCli(["validate", "--max-errors=0"], { stdin: BROKEN });
    expect(none.err).toBe("agentchat-messages: 4 more invalid items not reported (--max-errors 0)\n");
    expect(none.code).toBe(1);
  });

  it("render and convert: invalid items on stderr within --max-errors, then the grouped summary there too", async () => {
    const r = await runCli(["render", "--max-errors", "1"], { stdin: BROKEN });
    expect(r.code).toBe(1);
    expect(r.out).toContain("---------- TextMessage (bot) ----------\ndone\n");
    expect(r.err).toBe(
      "line 2: TextMessage: source: expected string, got number 42 [string_type]\n" +
        "agentchat-messages: 3 more invalid items not reported (--max-errors 1)\n" +
        "Errors by kind and path:\n" +
        "  TextMessage: source [string_type]                    2\n" +
        "  ToolCallRequestEvent: content[*].name [string_type]  2\n" +
        "  not valid JSON                                       1\n",
    );
    const c = await runCli(["convert", "--to", "openai", "--max-errors", "0"], { stdin: BROKEN });
    expect(c.code).toBe(1);
    expect((JSON.parse(c.out) as unknown[]).length).toBe(3);
    expect(c.err.split("\n")[0]).toBe("agentchat-messages: 4 more invalid items not reported (--max-errors 0)");
    expect(c.err).toContain("Errors by kind and path:\n");
  });

  it("stats lists where the invalid items are (lines, or indexes of an array), spans joined", async () => {
    const r = await runCli(["stats"], { stdin: BROKEN });
    expect(r.code).toBe(1);
    expect(r.err).toBe("");
    expect(r.out).toContain("Messages: 3 (3 chat messages, 0 events)\n");
    expect(r.out).toContain("Invalid: 4 items, skipped: line 2, lines 4-6\nErrors by kind and path:\n");
    expect((await runCli(["stats", "--max-errors", "2"], { stdin: BROKEN })).out).toContain("Invalid: 4 items, skipped: line 2, line 4 and 2 more\n");
    const array = JSON.stringify([text("a", "x"), { type: "TextMessage" }, { type: "Nope" }, text("a", "y"), 5]);
    const a = await runCli(["stats"], { stdin: array });
    expect(a.out).toContain("Invalid: 3 items, skipped: indexes 1-2, index 4\n");
    expect(a.out).toContain(
      "Errors by kind and path:\n" +
        "  TextMessage: source [missing]   1\n" +
        "  TextMessage: content [missing]  1\n" +
        "  message: type [unknown_type]    1\n" +
        "  message: (root) [model_type]    1\n",
    );
  });
});

describe("convert", () => {
  it("without --to names every target, exit 2", async () => {
    const r = await runCli(["convert"], { stdin: jsonl([text("user", "hi")]) });
    expect(r.code).toBe(2);
    expect(r.out).toBe("");
    expect(r.err).toBe(
      "agentchat-messages: convert needs a target: --to <target>.\n" +
        "Supported targets: agentscope, openai, anthropic, gemini, ai-sdk, maf.\n" +
        "Run agentchat-messages convert --help for what each writes.\n",
    );
    expect((await runCli(["convert", "--to"])).err).toContain("--to needs a target (agentscope, openai, anthropic, gemini, ai-sdk or maf)");
  });

  it("--to gemini and --to ai-sdk write the library's conversions of the run's chat messages", async () => {
    const run = [text("user", "Plan a trip"), toolCalls("planner", ["search"]), text("planner", "Day 1: Oslo")];
    const chat = [run[0], run[2]].map((p) => toModelMessage(load(p) as never));
    const g = await runCli(["convert", "--to", "gemini"], { stdin: jsonl(run) });
    expect([g.code, g.err]).toEqual([0, ""]);
    expect(JSON.parse(g.out)).toStrictEqual(JSON.parse(JSON.stringify(toGeminiContents(chat))));
    expect((JSON.parse(g.out) as { contents: Array<{ parts: Array<{ text: string }> }> }).contents.flatMap((c) => c.parts.map((p) => p.text)).join("|")).toContain("Plan a trip");
    const s = await runCli(["convert", "--to", "ai-sdk"], { stdin: jsonl(run) });
    expect([s.code, s.err]).toEqual([0, ""]);
    expect(JSON.parse(s.out)).toStrictEqual(JSON.parse(JSON.stringify(toModelMessages(chat))));
    expect((JSON.parse(s.out) as Array<{ role: string }>).map((m) => m.role)).toEqual(["user", "user"]);
  });
});

describe("where the invalid items are, on a large input", () => {
  it("the first 1,000 spans are listed, the items beyond are counted", async () => {
    // Every other line invalid: 1,500 separate spans.
    const lines: unknown[] = [];
    for (let i = 0; i < 1500; i++) lines.push(text("a", `m${i}`), "{");
    const r = await runCli(["stats"], { stdin: jsonl(lines) });
    const listed = /Invalid: 1500 items, skipped: (.*)\n/.exec(r.out)![1]!;
    expect(listed.startsWith("line 2, line 4, line 6, ")).toBe(true);
    expect(listed.endsWith("line 1998, line 2000 and 500 more")).toBe(true);
    expect(listed.split(", ")).toHaveLength(1000);
  });
});
