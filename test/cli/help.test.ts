/**
 * The CLI's help matches the CLI (issue 34.4), read from the built bin as a user reads it: the
 * general help lists every command and says what each does (convert: AgentScope, a model client's
 * messages and MAF; render: text or HTML); each command's help lists exactly the options its
 * parser takes; `convert --help` lists exactly the targets `convert` accepts and says what each
 * really writes (checked against what it writes); every link points at a heading of docs/ that
 * exists (docs/ is not in the package, so the help names no local file); and a misspelt command,
 * option or target gets a did-you-mean.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { builtBin, ROOT } from "../helpers/dist.js";
import { jsonl, text, toolCalls } from "./helpers.js";

let bin: string;
beforeAll(() => {
  bin = builtBin();
}, 300_000);
const dir = mkdtempSync(join(tmpdir(), "agentchat-help-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const cli = (...args: string[]) => {
  const r = spawnSync(process.execPath, [bin, ...args], { encoding: "utf8", timeout: 60_000, input: "" });
  return { code: r.status, out: r.stdout, err: r.stderr };
};
const PKG = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as { homepage: string; files: string[] };

/** The commands the general help lists, with their summaries (continuation lines joined). */
function listedCommands(help: string): Map<string, string> {
  const section = help.slice(help.indexOf("Commands:\n") + 10, help.indexOf("\n\nOptions:"));
  const out = new Map<string, string>();
  let last = "";
  for (const line of section.split("\n")) {
    const m = /^ {2}(\S+) {2,}(.*)$/.exec(line);
    if (m) out.set((last = m[1]!), m[2]!);
    else out.set(last, `${out.get(last)} ${line.trim()}`);
  }
  return out;
}

/** The flags a command's help lists under "Options:". */
function listedFlags(help: string): string[] {
  const section = help.slice(help.indexOf("Options:\n"), help.indexOf("\n\nExamples:"));
  return [...section.matchAll(/^ {2}(-[^ ,]+(?:, -[^ ,]+)*)/gm)].flatMap((m) => m[1]!.split(", "));
}

/** The targets `convert --help` lists under `--to`, each with what it says it writes. */
function listedTargets(help: string): Map<string, string> {
  const out = new Map<string, string>();
  let last = "";
  for (const line of help.split("\n")) {
    const m = /^ {22}(\S+) {2,}(.*)$/.exec(line);
    if (m) out.set((last = m[1]!), m[2]!);
    else if (last && /^ {34}\S/.test(line)) out.set(last, `${out.get(last)} ${line.trim()}`);
    else if (last) last = "";
  }
  return out;
}

/** GitHub's anchors of a Markdown file's headings. */
function anchors(file: string): Set<string> {
  const md = readFileSync(join(ROOT, file), "utf8").replace(/^```[\s\S]*?^```/gm, "");
  return new Set([...md.matchAll(/^#{1,6} (.+)$/gm)].map((m) => m[1]!.trim().toLowerCase().replace(/[^\p{L}\p{N} _-]/gu, "").replace(/ /g, "-")));
}

describe("the CLI's help, from the built bin", { timeout: 120_000 }, () => {
  it("the general help lists every command, and says what convert and render do", () => {
    const help = cli("--help");
    expect(help.code).toBe(0);
    const commands = listedCommands(help.out);
    expect([...commands.keys()]).toEqual(["validate", "render", "stats", "convert", "trace"]);
    for (const command of commands.keys()) expect(cli(command, "--help").code, command).toBe(0);
    // convert: AgentScope, a model client's messages, MAF; render: the Console's text or an HTML page.
    expect(commands.get("convert")).toMatch(/AgentScope/);
    expect(commands.get("convert")).toMatch(/model client/);
    for (const name of ["OpenAI", "Anthropic", "Gemini", "AI SDK", "MAF"]) expect(commands.get("convert")).toContain(name);
    expect(commands.get("render")).toMatch(/Console/);
    expect(commands.get("render")).toMatch(/HTML/);
    // Kept to the terminal's 100 columns.
    for (const line of help.out.split("\n")) expect(line.length, line).toBeLessThanOrEqual(100);
  });

  it("each command's help lists exactly the options its parser takes", () => {
    for (const command of ["validate", "render", "stats", "convert", "trace"]) {
      const flags = listedFlags(cli(command, "--help").out);
      expect(flags.length, command).toBeGreaterThan(2);
      // Each listed flag is taken (an unknown one is "unknown option", exit 2)…
      for (const flag of flags) expect(cli(command, flag, "x", "--help").err, `${command} ${flag}`).toBe("");
      for (const flag of flags.filter((f) => f !== "-h" && f !== "--help")) expect(cli(command, flag).err, `${command} ${flag}`).not.toMatch(/unknown option/);
    }
    // …and a flag another command takes, or none does, is refused with the command named.
    expect(cli("stats", "--html").err).toMatch(/^agentchat-messages: unknown option --html for stats\n/);
    expect(cli("validate", "--to", "openai").err).toMatch(/^agentchat-messages: unknown option --to for validate\n/);
  });

  it("convert --help lists exactly the targets convert takes", () => {
    const targets = listedTargets(cli("convert", "--help").out);
    // The targets convert names when it is given none, and those it accepts on an empty input.
    const none = cli("convert");
    expect(none.code).toBe(2);
    const supported = /Supported targets: (.+)\.\n/.exec(none.err)![1]!.split(", ");
    expect([...targets.keys()]).toEqual(supported);
    expect(supported).toEqual(["agentscope", "openai", "anthropic", "gemini", "ai-sdk", "maf"]);
    const run = join(dir, "one.jsonl");
    writeFileSync(run, jsonl([text("user", "hi")]));
    for (const target of supported) expect(cli("convert", "--to", target, run).code, target).toBe(0);
    expect(cli("convert", "--to", "langchain", run).code).toBe(2);
  });

  it("what convert --help says each target writes is what it writes", () => {
    const run = join(dir, "run.jsonl");
    writeFileSync(run, jsonl([text("user", "Weather in Paris?"), toolCalls("planner", ["get_weather"]), text("planner", "Sunny.")]));
    const targets = listedTargets(cli("convert", "--help").out);
    expect(targets.size).toBe(6);
    for (const [target, says] of targets) {
      const r = cli("convert", "--to", target, run);
      expect([r.code, r.err], target).toEqual([0, ""]);
      if (/^one JSON array/.test(says)) {
        expect(Array.isArray(JSON.parse(r.out)), target).toBe(true);
      } else if (/^one JSON object/.test(says)) {
        const value = JSON.parse(r.out) as Record<string, unknown>;
        const keys = /\{([^}]+)\}/.exec(says)![1]!.split(", ").map((k) => k.replace("?", ""));
        const required = /\{([^}]+)\}/.exec(says)![1]!.split(", ").filter((k) => !k.endsWith("?"));
        expect(Object.keys(value).every((k) => keys.includes(k)), `${target}: ${Object.keys(value)}`).toBe(true);
        for (const k of required) expect(value, target).toHaveProperty(k);
      } else {
        expect(says, target).toMatch(/one JSON line (per message|each)/);
        const lines = r.out.trimEnd().split("\n").map((l) => JSON.parse(l) as unknown);
        expect(lines.length, target).toBeGreaterThanOrEqual(2);
        for (const l of lines) expect(typeof l === "object" && l !== null && !Array.isArray(l), target).toBe(true);
      }
    }
    // The case of issue 34.4: --to openai writes the messages array, one entry per chat message.
    const openai = JSON.parse(cli("convert", "--to", "openai", run).out) as { role: string; content: string }[];
    expect(openai.map((m) => [m.role, m.content])).toEqual([
      ["user", "Weather in Paris?"],
      ["user", "Sunny."],
    ]);
  });

  it("every link points at a heading of docs/ that exists; no help names the README or a local docs/ file", () => {
    const base = PKG.homepage.replace(/#.*$/, "");
    expect(PKG.files).not.toContain("docs"); // why the help must link, not name a path
    const helps = [cli("--help").out, ...["validate", "render", "stats", "convert", "trace"].map((c) => cli(c, "--help").out)];
    let links = 0;
    for (const help of helps) {
      expect(help).not.toMatch(/README|see the docs\/|docs\/\w+\.md(?!#|\b)/);
      for (const [url] of help.matchAll(/https?:\/\/\S+/g)) {
        links++;
        const m = new RegExp(`^${base.replace(/[.]/g, "\\.")}/blob/main/(docs/[\\w-]+\\.md)(?:#([\\w-]+))?$`).exec(url);
        expect(m, url).not.toBeNull();
        if (m![2]) expect(anchors(m![1]!).has(m![2]), url).toBe(true);
      }
    }
    expect(links).toBe(6);
    // validate --help says what --format json writes, inline.
    const validate = helps[1]!;
    for (const field of ['"report":"invalid"', '"report":"summary"', "issues", "valid_by_kind"]) expect(validate).toContain(field);
  });

  it("docs/cli.md documents every option of every command and every convert target the help lists", () => {
    const docs = readFileSync(join(ROOT, "docs/cli.md"), "utf8");
    for (const command of ["validate", "render", "stats", "convert", "trace"]) {
      expect(docs, command).toContain(`agentchat-messages ${command} `);
      for (const flag of listedFlags(cli(command, "--help").out)) expect(docs, `${command} ${flag}`).toContain(`${flag}`);
    }
    for (const target of listedTargets(cli("convert", "--help").out).keys()) expect(docs, target).toContain(`--to ${target}`);
  });

  it("a misspelt command, option or target gets a did-you-mean (exit 2); a word near nothing gets none", () => {
    expect(cli("valdate")).toEqual({ code: 2, out: "", err: 'agentchat-messages: unknown command "valdate" (did you mean "validate"?)\nRun agentchat-messages --help for usage.\n' });
    expect(cli("help", "rendr").err).toBe('agentchat-messages: unknown command "rendr" (did you mean "render"?)\nRun agentchat-messages --help for usage.\n');
    expect(cli("Stats", "x.jsonl").err).toMatch(/^agentchat-messages: unknown command "Stats" \(did you mean "stats"\?\)\n/);
    expect(cli("validate", "--max-error", "3").err).toBe('agentchat-messages: unknown option --max-error for validate (did you mean "--max-errors"?)\nRun agentchat-messages validate --help for usage.\n');
    expect(cli("--verison").err).toMatch(/^agentchat-messages: unknown option --verison \(did you mean "--version"\?\)\n/);
    const target = cli("convert", "--to", "opnai");
    expect(target.code).toBe(2);
    expect(target.err).toMatch(/^agentchat-messages: cannot convert to "opnai" \(did you mean "openai"\?\)\.\nSupported targets: /);
    expect(cli("frobnicate").err).toBe('agentchat-messages: unknown command "frobnicate"\nRun agentchat-messages --help for usage.\n');
  });
});
