/**
 * Every TypeScript block of the README and of docs/*.md compiles as written (issue 19.4): each
 * ```ts block is a module of its own, type-checked against the package's own types (the package
 * name resolves to src/ through tsconfig.test.json's `paths`, as for the examples), in one
 * TypeScript program over all blocks. A block may use only its own imports and the placeholders
 * below. Blocks that are not TypeScript (shell commands, JSON, Python, output) carry another fence
 * language; a fence without a language is refused, so that no TypeScript block escapes the check.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { ROOT } from "../helpers/dist.js";

/**
 * What a block may use without declaring it: values an app has in hand where the block runs.
 * Keep this list short and obvious; anything else a block needs, it imports or declares itself.
 */
const PLACEHOLDERS = `
/** The text of one frame from an AutoGen backend (a websocket message, an SSE data line). */
declare const frame: string;
/** The JSON value of such a frame, already parsed. */
declare const payload: unknown;
/** Where replies go back to the backend. */
declare const socket: { send(data: string): void };
/** A fetch() response streaming a run (JSON Lines or Server-Sent Events). */
declare const response: Response;
`;

interface Block {
  /** `README.md`, `docs/components.md`, … */
  readonly doc: string;
  /** 1-based line of the block's first code line in its document. */
  readonly line: number;
  readonly code: string;
}

interface Fence {
  readonly doc: string;
  readonly line: number;
  readonly lang: string;
  readonly code: string;
}

/** The fenced code blocks of a Markdown document, with their language and position. */
function fences(doc: string): Fence[] {
  const lines = readFileSync(join(ROOT, doc), "utf8").split("\n");
  const out: Fence[] = [];
  for (let i = 0; i < lines.length; i++) {
    const open = /^(\s*)```(.*)$/.exec(lines[i]!);
    if (!open) continue;
    const start = i + 1;
    let end = start;
    while (end < lines.length && !/^\s*```\s*$/.test(lines[end]!)) end++;
    out.push({ doc, line: start + 1, lang: open[2]!.trim(), code: lines.slice(start, end).join("\n") });
    i = end;
  }
  return out;
}

const DOCS = ["README.md", ...readdirSync(join(ROOT, "docs")).filter((f) => f.endsWith(".md")).map((f) => `docs/${f}`)];
const FENCES = DOCS.flatMap(fences);
const BLOCKS: Block[] = FENCES.filter((f) => f.lang === "ts" || f.lang === "typescript");

/** tsconfig.test.json's options (paths to src/, Node and DOM types), every block a module. */
function compilerOptions(): ts.CompilerOptions {
  const file = join(ROOT, "tsconfig.test.json");
  const config = ts.readConfigFile(file, (p) => ts.sys.readFile(p));
  const parsed = ts.parseJsonConfigFileContent(config.config, ts.sys, ROOT, undefined, file);
  return { ...parsed.options, noEmit: true, moduleDetection: ts.ModuleDetectionKind.Force };
}

interface Problem {
  readonly where: string;
  readonly message: string;
}

/**
 * Type-checks the blocks (plus `extra` snippets) in one program of virtual files under the
 * checkout's root, so that packages resolve from its node_modules. Returns every diagnostic of a
 * block, placed at its line in the Markdown document.
 */
function check(blocks: readonly Block[]): Problem[] {
  const dir = join(ROOT, ".code-blocks");
  const virtual = new Map<string, { block?: Block; text: string }>();
  virtual.set(join(dir, "placeholders.d.ts"), { text: PLACEHOLDERS });
  blocks.forEach((block, n) => virtual.set(join(dir, `block-${n}.ts`), { block, text: block.code }));

  const options = compilerOptions();
  const host = ts.createCompilerHost(options, true);
  const { getSourceFile, fileExists, readFile } = host;
  host.getSourceFile = (name, language, onError, create) => {
    const v = virtual.get(name);
    return v ? ts.createSourceFile(name, v.text, language, true) : getSourceFile.call(host, name, language, onError, create);
  };
  host.fileExists = (name) => virtual.has(name) || fileExists.call(host, name);
  host.readFile = (name) => virtual.get(name)?.text ?? readFile.call(host, name);

  const program = ts.createProgram([...virtual.keys()], options, host);
  const problems: Problem[] = [];
  for (const diagnostic of [...program.getGlobalDiagnostics(), ...program.getOptionsDiagnostics()]) {
    problems.push({ where: "(program)", message: ts.flattenDiagnosticMessageText(diagnostic.messageText, "\n") });
  }
  for (const [name, { block }] of virtual) {
    const source = program.getSourceFile(name)!;
    for (const d of [...program.getSyntacticDiagnostics(source), ...program.getSemanticDiagnostics(source)]) {
      const line = source.getLineAndCharacterOfPosition(d.start ?? 0).line;
      const where = block ? `${block.doc}:${block.line + line}` : `placeholders.d.ts:${line + 1}`;
      problems.push({ where, message: ts.flattenDiagnosticMessageText(d.messageText, "\n") });
    }
  }
  return problems;
}

// One compiler run over every block (and the canaries), shared by the tests below.
const CANARIES: Block[] = [
  { doc: "canary", line: 1, code: `import { load } from "agentchat-messages";\nload({}).no_such_field;` },
  { doc: "canary", line: 1, code: `import { nothing } from "agentchat-messages/no-such-subpath";\nnothing();` },
  { doc: "canary", line: 1, code: `const n: number = frame;` },
];
let results: Problem[] | undefined;
const problems = (): Problem[] => (results ??= check([...BLOCKS, ...CANARIES]));

describe("the TypeScript blocks of README.md and docs/*.md", { timeout: 120_000 }, () => {
  it("are found, and every fenced block names its language", () => {
    expect(BLOCKS.length).toBeGreaterThan(20);
    const unlabelled = FENCES.filter((f) => f.lang === "").map((f) => `${f.doc}:${f.line - 1}`);
    expect(unlabelled, "give these fences a language (ts, sh, json, python, text)").toEqual([]);
  });

  it("each compile as written, with their own imports and the placeholders only", () => {
    const found = problems().filter((p) => !p.where.startsWith("canary"));
    expect(found.map((p) => `${p.where}: ${p.message}`)).toEqual([]);
  });

  it("the check catches a wrong field, an unknown subpath and a misused placeholder", () => {
    const canaries = problems().filter((p) => p.where.startsWith("canary"));
    expect(canaries.map((p) => p.message)).toEqual([
      expect.stringContaining("no_such_field"),
      expect.stringContaining("agentchat-messages/no-such-subpath"),
      expect.stringContaining("Type 'string' is not assignable to type 'number'"),
    ]);
  });
});
