/**
 * `describeBrokenJson` (src/cli/broken-json.ts), the reader of a document `JSON.parse` refused
 * (issue 34.2): for every prefix of pretty-printed documents it says "cut off", at the line and
 * column where the text stops, with the path of the value it stops in. The expectation comes from
 * an independent source: a serializer that writes the same text as `JSON.stringify(v, null, 2)`
 * and notes, character by character, which value is open after it. Syntax errors in the middle
 * are located at the offending character (hand-counted).
 */
import { describe, expect, it } from "vitest";
import { describeBrokenJson } from "../../src/cli/broken-json.js";

type Path = (string | number)[];
interface Open {
  readonly path: Path;
  readonly inside: string;
}

/** `JSON.stringify(value, null, 2)`, with what is open after each character (`at[k]`: after `text[k]`). */
function annotate(value: unknown): { text: string; at: Open[] } {
  let text = "";
  const at: Open[] = [];
  const emit = (s: string, open: Open | ((prefix: string) => Open)) => {
    for (let k = 0; k < s.length; k++) {
      text += s[k];
      at.push(typeof open === "function" ? open(s.slice(0, k + 1)) : open);
    }
  };
  const write = (v: unknown, path: Path, indent: string, outer: Open) => {
    if (Array.isArray(v) || (v !== null && typeof v === "object")) {
      const isArray = Array.isArray(v);
      const self: Open = { path, inside: isArray ? "an array" : "an object" };
      const entries: [string | number, unknown][] = isArray ? v.map((x, i) => [i, x]) : Object.entries(v as object);
      if (entries.length === 0) return emit(isArray ? "[]" : "{}", (p) => (p.length === 1 ? self : outer));
      emit(isArray ? "[" : "{", self);
      entries.forEach(([key, x], n) => {
        emit(`${n ? "," : ""}\n${indent}  `, self);
        if (!isArray) {
          const quoted = JSON.stringify(key);
          emit(quoted, (p) => (p.length < quoted.length ? { path, inside: "a key" } : self));
          emit(": ", self);
        }
        write(x, [...path, key], `${indent}  `, self);
      });
      emit(`\n${indent}`, self);
      return emit(isArray ? "]" : "}", outer);
    }
    const s = JSON.stringify(v);
    if (typeof v === "string") return emit(s, (p) => (p.length < s.length ? { path, inside: "a string" } : outer));
    // A number or literal: open while what is written cannot end there (`-`, `1.`, `2e+`, `tru`).
    emit(s, (p) => {
      if (p === s) return outer;
      if (typeof v === "number" && /(?:\.|[eE][+-]?)$/.test(p)) return { path, inside: "a number" };
      if (/^(?:-|[tfn][a-z]*)$/.test(p)) return { path, inside: "a literal or number" };
      return outer;
    });
  };
  write(value, [], "", { path: [], inside: "the document" });
  return { text, at };
}

const DOCUMENTS: unknown[] = [
  {
    type: "TeamState",
    version: "1.0.0",
    agent_states: {
      writer: {
        type: "ChatAgentContainerState",
        agent_state: { type: "AssistantAgentState", llm_context: { messages: [{ content: 'say "hi"\\n', source: "user", type: "UserMessage" }, { content: [], thought: null }] } },
        message_buffer: [],
        is_paused: false,
      },
      "odd key": { n: -12.5, e: 1e21, m: [true, [], {}, [null, 0]] },
    },
  },
  [{ type: "TextMessage", source: "u", content: "é ☃ 🎉", models_usage: { prompt_tokens: 10, completion_tokens: 2 } }, [-0.125, "x"]],
];

describe("describeBrokenJson", () => {
  it("every prefix of a pretty-printed document is cut off, where its text stops, in the value open there", () => {
    let checked = 0;
    for (const doc of DOCUMENTS) {
      const { text, at } = annotate(doc);
      expect(text).toBe(JSON.stringify(doc, null, 2)); // the oracle writes what Python's json.dump(indent=2) writes (ensure_ascii aside)
      for (let k = 1; k < text.length; k++) {
        const prefix = text.slice(0, k);
        expect(() => JSON.parse(prefix)).toThrow();
        const stop = prefix.trimEnd();
        const line = stop.split("\n").length;
        const column = stop.length - (stop.lastIndexOf("\n") + 1) + 1;
        const open = at[k - 1]!;
        // A cut inside a string or key keeps its trailing blanks: they are part of the string.
        const position = open.inside === "a string" || open.inside === "a key" ? { line: prefix.split("\n").length, column: prefix.length - (prefix.lastIndexOf("\n") + 1) + 1 } : { line, column };
        expect(describeBrokenJson(prefix), `${JSON.stringify(prefix.slice(-30))}`).toEqual({ cutOff: true, ...position, path: open.path, inside: open.inside });
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(600);
  });

  it("a syntax error in the middle is not a cut: it is located at the offending character", () => {
    expect(describeBrokenJson('{"a": 1,, "b": 2}')).toEqual({ cutOff: false, line: 1, column: 9, path: [] });
    expect(describeBrokenJson('{\n  "a": {\n    "b": tru e\n  }\n}')).toEqual({ cutOff: false, line: 3, column: 10, path: ["a", "b"] });
    expect(describeBrokenJson('[1, 2]\n[3]')).toEqual({ cutOff: false, line: 2, column: 1, path: [] });
    expect(describeBrokenJson('{\n  "messages": [\n    {"x": 1}\n    {"y": 2}\n  ]\n}')).toEqual({ cutOff: false, line: 4, column: 5, path: ["messages", 0] });
    expect(describeBrokenJson("{'a': 1}")).toEqual({ cutOff: false, line: 1, column: 2, path: [] });
    expect(describeBrokenJson('{"a": "x\ty"}')).toEqual({ cutOff: false, line: 1, column: 9, path: ["a"] }); // a raw tab in a string
    expect(describeBrokenJson('{"a": "x\\qy"}')).toEqual({ cutOff: false, line: 1, column: 10, path: ["a"] }); // not an escape
  });
});
