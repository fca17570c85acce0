/**
 * `validate --format json` (issue 18.3): JSON Lines on stdout, one object per invalid item
 * (`report: "invalid"`, its `line` or `index`, `type`, and `issues` with `path`, `loc`, `code`,
 * `message`), then one summary object; nothing on stderr; the exit status as in text mode.
 * The schema documented in the README ("Command line") is checked field by field.
 */
import { describe, expect, it } from "vitest";
import { jsonl, runCli, text, toolCalls } from "./helpers.js";

const lines = (out: string): Array<Record<string, unknown>> => {
  expect(out.endsWith("\n")).toBe(true);
  return out.trimEnd().split("\n").map((l) => JSON.parse(l) as Record<string, unknown>);
};

describe("validate --format json", () => {
  it("JSON Lines input: one object per invalid item with its line, then the summary", async () => {
    const input = jsonl([text("user", "hi"), text(42 as never, "x"), "{oops", toolCalls("bot", ["ok", 3]), text("bot", "bye")]);
    const r = await runCli(["validate", "--format", "json"], { stdin: input });
    expect(r.code).toBe(1);
    expect(r.err).toBe("");
    const [first, second, third, summary, ...rest] = lines(r.out);
    expect(rest).toEqual([]);
    expect(first).toStrictEqual({
      report: "invalid",
      line: 2,
      type: "TextMessage",
      issues: [{ path: "source", loc: ["source"], code: "string_type", message: "expected string, got number 42" }],
    });
    expect(Object.keys(first!)).toEqual(["report", "line", "type", "issues"]);
    expect(second).toMatchObject({ report: "invalid", line: 3, type: null, issues: [{ path: "(root)", loc: [], code: "json_invalid" }] });
    expect(((second!.issues as Array<{ message: string }>)[0]!.message).length).toBeGreaterThan(0);
    expect(third).toStrictEqual({
      report: "invalid",
      line: 4,
      type: "ToolCallRequestEvent",
      issues: [{ path: "content[1].name", loc: ["content", 1, "name"], code: "string_type", message: "expected string, got number 3" }],
    });
    expect(summary).toStrictEqual({
      report: "summary",
      items: 5,
      valid: 2,
      invalid: 3,
      reported: 3,
      valid_by_kind: { TextMessage: 2 },
      errors: [
        { type: "TextMessage", path: "source", code: "string_type", count: 1 },
        { type: null, path: null, code: "json_invalid", count: 1 },
        { type: "ToolCallRequestEvent", path: "content[*].name", code: "string_type", count: 1 },
      ],
    });
  });

  it("array input: items located by index; an unknown type has type null and the issue at path type", async () => {
    const r = await runCli(["validate", "--format=json"], { stdin: JSON.stringify([text("a", "x"), { type: "TextMesage", source: "a", content: "x" }, [1]]) });
    expect(r.code).toBe(1);
    const [a, b, summary] = lines(r.out);
    expect(a).toMatchObject({ report: "invalid", index: 1, type: null, issues: [{ path: "type", loc: ["type"], code: "unknown_type" }] });
    expect(a).not.toHaveProperty("line");
    expect(b).toMatchObject({ report: "invalid", index: 2, type: null, issues: [{ path: "(root)", loc: [], code: "model_type" }] });
    expect(summary).toMatchObject({ report: "summary", items: 3, valid: 1, invalid: 2, reported: 2 });
  });

  it("an issue carries the library's hint when there is one (text: in parentheses)", async () => {
    const stdin = jsonl([{ type: "textmessage", source: "a", content: "x" }]);
    const [record] = lines((await runCli(["validate", "--format", "json"], { stdin })).out);
    expect(record).toMatchObject({ report: "invalid", line: 1, type: null, issues: [{ path: "type", code: "unknown_type", hint: 'did you mean "TextMessage"?' }] });
    const ok = lines((await runCli(["validate", "--format", "json"], { stdin: jsonl([text(1 as never, "x")]) })).out)[0]!;
    expect((ok.issues as object[])[0]).not.toHaveProperty("hint");
    expect((await runCli(["validate"], { stdin })).err).toBe('line 1: message: type: unknown message type "textmessage" (did you mean "TextMessage"?) [unknown_type]\n');
  });

  it("a valid input: only the summary, exit 0; --max-errors limits the item objects, not the counts", async () => {
    const ok = await runCli(["validate", "--format", "json"], { stdin: jsonl([text("a", "x"), toolCalls("b", ["f"])]) });
    expect(ok.code).toBe(0);
    expect(lines(ok.out)).toStrictEqual([
      { report: "summary", items: 2, valid: 2, invalid: 0, reported: 0, valid_by_kind: { TextMessage: 1, ToolCallRequestEvent: 1 }, errors: [] },
    ]);
    const many = jsonl(Array.from({ length: 6 }, (_, i) => text(i as never, "x")));
    const capped = await runCli(["validate", "--format", "json", "--max-errors", "2"], { stdin: many });
    const records = lines(capped.out);
    expect(records.map((x) => [x.report, x.line])).toEqual([
      ["invalid", 1],
      ["invalid", 2],
      ["summary", undefined],
    ]);
    expect(records[2]).toMatchObject({ invalid: 6, reported: 2, errors: [{ type: "TextMessage", path: "source", code: "string_type", count: 6 }] });
    expect(capped.err).toBe("");
  });

  it("text stays the default; input errors are still exit 2 on stderr (no report)", async () => {
    expect((await runCli(["validate"], { stdin: jsonl([text("a", "x")]) })).out).toMatch(/^1 item: 1 valid, 0 invalid\n/);
    const r = await runCli(["validate", "--format", "json"], { stdin: "hello" });
    expect([r.code, r.out]).toEqual([2, ""]);
    expect(r.err).toContain("neither a JSON array nor JSON Lines");
  });
});
