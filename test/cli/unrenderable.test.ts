/**
 * The CLI commands called in-process on messages that load but cannot be rendered (a structured
 * message whose own format string fails, as it fails in Python: the item is reported on stderr and
 * skipped, the command exits 1) or that hold non-finite floats (written as valid JSON).
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { runCli } from "./helpers.js";

const dir = mkdtempSync(join(tmpdir(), "agentchat-commands-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const text = { type: "TextMessage", source: "user", content: "hi" };
// `{city:d}` on a string: Python raises ValueError("Unknown format code 'd' for object of type 'str'").
const broken = { type: "StructuredMessage[Weather]", source: "bot", content: { city: "Oslo" }, format_string: "{city:d}" };
// 1e400 in free-form metadata is Python's inf: loaded, written null.
const memory = '{"type": "MemoryQueryEvent", "source": "memory", "content": [{"content": "c", "mime_type": "t", "metadata": {"k": 1e400}}]}';

function file(name: string, lines: string[]): string {
  const path = join(dir, name);
  writeFileSync(path, lines.join("\n") + "\n");
  return path;
}

describe("CLI commands on messages that cannot be rendered", () => {
  const input = file("mixed.jsonl", [JSON.stringify(text), JSON.stringify(broken), memory]);

  it("render reports the structured message's format-string error, renders the rest, exits 1", async () => {
    const { code, out, err } = await runCli(["render", input]);
    expect(code).toBe(1);
    expect(err).toBe("line 2: StructuredMessage[Weather]: cannot render: Unknown format code 'd' for object of type 'str'; skipped\n");
    expect(out).toContain("---------- TextMessage (user) ----------\nhi\n");
    expect(out).toContain("metadata={'k': inf}");
  });

  it("convert --to openai / anthropic send it as its JSON (AutoGen's to_model_message ignores the format string)", async () => {
    for (const to of ["openai", "anthropic"]) {
      const { code, out, err } = await runCli(["convert", "--to", to, input]);
      expect(code).toBe(0);
      expect(err).toBe("");
      expect(JSON.stringify(JSON.parse(out))).toContain('{\\"city\\":\\"Oslo\\"}');
    }
  });

  it("convert --to agentscope writes tool arguments holding 1e400 as valid JSON", async () => {
    const call = '{"type": "ToolCallRequestEvent", "source": "bot", "content": [{"id": "1", "name": "f", "arguments": "{\\"a\\": 1e400}"}]}';
    const { code, out, err } = await runCli(["convert", "--to", "agentscope", file("call.jsonl", [call])]);
    expect(code).toBe(0);
    expect(err).toBe("");
    const written = JSON.parse(out) as { content: { input: unknown; raw_input: string }[] };
    expect(written.content[0]).toMatchObject({ input: { a: null }, raw_input: '{"a": 1e400}' });
  });
});
