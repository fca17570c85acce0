/**
 * Types that match the runtime, as users get them from the built declarations (issue 19.3):
 * fields carry TSDoc (what an editor shows on hover), `createMessage` takes what the loader
 * accepts (a `Date` for `created_at`) and rejects at compile time what it would reject, and
 * `toJSONSchema` takes the known names only. Compiled with the TypeScript API against dist/*.d.ts,
 * "agentchat-messages" resolved through package.json's exports.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import ts from "typescript";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { jsonSchemaNames, toJSONSchema, type JsonSchemaName } from "../../src/json-schema/index.js";
import { ensureBuilt, ROOT } from "../helpers/dist.js";

const DIR = join(ROOT, "node_modules", ".cache", "agentchat-messages-types");
const OPTIONS: ts.CompilerOptions = {
  strict: true,
  noEmit: true,
  target: ts.ScriptTarget.ES2022,
  module: ts.ModuleKind.ESNext,
  moduleResolution: ts.ModuleResolutionKind.Bundler,
  skipLibCheck: true,
  types: [],
};

/** Compiles `code` as a consumer's module; returns its diagnostics and a way to read hover docs. */
function consumer(name: string, code: string) {
  mkdirSync(DIR, { recursive: true });
  const file = join(DIR, `${name}.ts`);
  writeFileSync(file, code);
  // Resolve the package by name from inside the checkout: a self-reference through its exports map.
  const program = ts.createProgram([file], OPTIONS);
  const source = program.getSourceFile(file)!;
  const checker = program.getTypeChecker();
  const diagnostics = ts.getPreEmitDiagnostics(program, source).map((d) => ({
    line: source.getLineAndCharacterOfPosition(d.start ?? 0).line + 1,
    text: ts.flattenDiagnosticMessageText(d.messageText, "\n"),
  }));
  /** The documentation of the property accessed at the `n`-th occurrence of `expr` (e.g. `m.source`). */
  const docOf = (expr: string): string => {
    const at = code.indexOf(expr) + expr.lastIndexOf(".") + 1;
    let found: ts.Node | undefined;
    const visit = (node: ts.Node): void => {
      if (at >= node.getStart(source) && at < node.getEnd()) {
        found = node;
        ts.forEachChild(node, visit);
      }
    };
    visit(source);
    const symbol = found && checker.getSymbolAtLocation(found);
    return symbol ? ts.displayPartsToString(symbol.getDocumentationComment(checker)) : "";
  };
  return { diagnostics, docOf };
}

beforeAll(() => ensureBuilt(), 200_000);

// Each test runs the TypeScript compiler over the declarations: seconds, more on a busy machine.
vi.setConfig({ testTimeout: 60_000 });

describe("hover text on message fields", () => {
  it("inherited and own fields of messages, events and core types are documented", () => {
    const { diagnostics, docOf } = consumer(
      "hover",
      `import { load, type FunctionCall, type TextMessage, type ToolCallRequestEvent } from "agentchat-messages";
import type { TaskResult } from "agentchat-messages/contracts";
const m = load({});
if (m.type === "TextMessage") { m.source; m.content; m.created_at; }
declare const text: TextMessage;
text.type;
if (m.type === "HandoffMessage") { m.target; }
declare const e: ToolCallRequestEvent;
e.content;
declare const call: FunctionCall;
call.arguments;
declare const r: TaskResult;
r.stop_reason;
`,
    );
    expect(diagnostics).toEqual([]);
    expect(docOf("m.source")).toBe("The name of the agent that sent the message.");
    expect(docOf("m.content")).toBe("The text of the message.");
    expect(docOf("m.created_at")).toMatch(/^When the message was created, as pydantic writes it/);
    expect(docOf("text.type")).toBe('Always `"TextMessage"` (filled in when missing).');
    expect(docOf("m.target")).toBe("The name of the agent to hand the conversation to.");
    expect(docOf("e.content")).toBe("The tool calls the model requested.");
    expect(docOf("call.arguments")).toBe("The arguments as JSON text, as the model wrote them (not parsed).");
    expect(docOf("r.stop_reason")).toBe("Why the run stopped (`null` when no termination condition stopped it).");
  });
});

describe("types that match the runtime", () => {
  it("createMessage takes a Date and what the wire fields accept, and refuses the rest at compile time", () => {
    const { diagnostics } = consumer(
      "inputs",
      `import { createMessage } from "agentchat-messages";
createMessage("TextMessage", { source: "a", content: "x", created_at: new Date() });
createMessage("TextMessage", { source: "a", content: "x", created_at: 1_700_000_000 });
createMessage("TextMessage", { source: "a", content: "x", created_at: "2025-04-06 21:56:09" });
createMessage("CodeExecutionEvent", { source: "a", retry_attempt: "1", result: { exit_code: 0, output: "" } });
createMessage("TextMessage", { source: "a", content: "x", created_at: {} });
createMessage("TextMessage", { source: "a", content: "x", metadata: { n: 1 } });
createMessage("MultiModalMessage", { source: "a", content: [{ url: "https://x/y.png" }] });
createMessage("Textmessage", { source: "a", content: "x" });
`,
    );
    // Lines 2-5 compile; each of lines 6-9 is an error.
    expect([...new Set(diagnostics.map((d) => d.line))]).toEqual([6, 7, 8, 9]);
  });

  it("toJSONSchema takes the known names", () => {
    const { diagnostics } = consumer(
      "names",
      `import { toJSONSchema, type JsonSchemaName } from "agentchat-messages/json-schema";
toJSONSchema("TextMessage");
toJSONSchema("LLMMessage");
const name: JsonSchemaName = "FunctionCall";
toJSONSchema(name);
toJSONSchema("TextMesage");
`,
    );
    expect(diagnostics.map((d) => d.line)).toEqual([6]);
    // JavaScript callers still get a RangeError naming the known ones.
    expect(() => toJSONSchema("TextMesage" as JsonSchemaName)).toThrow(/^No JSON Schema for "TextMesage"; known: TextMessage, /);
    expect(jsonSchemaNames()).toContain("TextMessage");
  });
});
