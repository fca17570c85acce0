/** readLines / readMessages: chunk boundaries, encodings, line endings, bad lines. */
import { describe, expect, it } from "vitest";
import { JsonLineSyntaxError, readLines, readMessages, type MessageLine } from "../../src/stream/index.js";
import { MessageValidationError } from "../../src/errors.js";

const enc = new TextEncoder();
async function* from<T>(items: T[]): AsyncGenerator<T> {
  for (const x of items) yield x;
}
const collect = async <T>(it: AsyncIterable<T>): Promise<T[]> => {
  const out: T[] = [];
  for await (const x of it) out.push(x);
  return out;
};
/** Splits bytes into chunks of `size`, cutting through multi-byte characters. */
const bytesIn = (text: string, size: number): Uint8Array[] => {
  const b = enc.encode(text);
  const out: Uint8Array[] = [];
  for (let i = 0; i < b.length; i += size) out.push(b.subarray(i, i + size));
  return out;
};

describe("readLines", () => {
  it("handles \\r\\n, blank lines (counted) and a last line without newline", async () => {
    const lines = await collect(readLines(from(["a\r\n\nb", "c\n", "\r\nlast"])));
    expect(lines).toEqual([
      { line: 1, text: "a" },
      { line: 2, text: "" },
      { line: 3, text: "bc" },
      { line: 4, text: "" },
      { line: 5, text: "last" },
    ]);
  });

  it("decodes multi-byte characters split across byte chunks, at every chunk size", async () => {
    const text = "日本語 é 🙂\r\nzweite Zeile ü\n🙂";
    for (const size of [1, 2, 3, 5, 7]) {
      const lines = await collect(readLines(from(bytesIn(text, size))));
      expect(lines.map((l) => l.text)).toEqual(["日本語 é 🙂", "zweite Zeile ü", "🙂"]);
    }
  });

  it("splits \\r\\n across chunks and drops a BOM (bytes or text)", async () => {
    expect((await collect(readLines(from(["a\r", "\nb"])))).map((l) => l.text)).toEqual(["a", "b"]);
    expect((await collect(readLines(from([new Uint8Array([0xef, 0xbb]), new Uint8Array([0xbf, 0x61])])))).map((l) => l.text)).toEqual(["a"]);
    expect((await collect(readLines(from(["\ufeffa\n"])))).map((l) => l.text)).toEqual(["a"]);
  });

  it("reads sync iterables and web ReadableStreams", async () => {
    expect((await collect(readLines(["x\ny"]))).map((l) => l.text)).toEqual(["x", "y"]);
    const stream = new ReadableStream<Uint8Array>({
      start(c) {
        for (const chunk of bytesIn("p\nq", 1)) c.enqueue(chunk);
        c.close();
      },
    });
    expect((await collect(readLines(stream))).map((l) => l.text)).toEqual(["p", "q"]);
  });

  it("a long line in many chunks is assembled whole", async () => {
    const long = "x".repeat(100_000);
    const lines = await collect(readLines(from([...long].map(String).concat(["\n"]))));
    expect(lines).toEqual([{ line: 1, text: long }]);
  });
});

describe("readMessages", () => {
  const ok = (source: string) => JSON.stringify({ type: "TextMessage", source, content: "é🙂" });

  it("yields loaded messages and typed errors with their line numbers, continuing after bad lines", async () => {
    const body = [ok("a"), "", "{not json", JSON.stringify({ type: "TextMessage", source: 5, content: "x" }), "   ", ok("b")].join("\r\n");
    const items: MessageLine[] = await collect(readMessages(from(bytesIn(body, 3))));
    expect(items.map((i) => [i.line, i.ok])).toEqual([
      [1, true],
      [3, false],
      [4, false],
      [6, true],
    ]);
    const [a, syntax, invalid, b] = items;
    expect(a!.ok && a!.kind === "message" && a!.message.type).toBe("TextMessage");
    expect(b!.ok && b!.kind === "message" && b!.message.source).toBe("b");
    if (syntax!.ok || invalid!.ok) throw new Error("expected errors");
    expect(JsonLineSyntaxError.isInstance(syntax!.error)).toBe(true);
    expect((syntax!.error as JsonLineSyntaxError).line).toBe(3);
    // The documented report, `line ${item.line}: ${item.error.message}`, names the line once.
    expect(`line ${syntax!.line}: ${syntax!.error.message}`).toMatch(/^line 3: not valid JSON: \S/);
    expect(syntax!.error.message).not.toMatch(/line \d/);
    expect(MessageValidationError.isInstance(invalid!.error)).toBe(true);
    expect((invalid!.error as MessageValidationError).issues[0]!.path).toEqual(["source"]);
  });

  it("a JSON value that is no AutoGen item is a foreign frame; a message-like object a validation error", async () => {
    const [array, unknown, typo] = await collect(
      readMessages(from(['[1,2]\n{"type":"weird","data":{}}\n{"type":"TextMesage","source":"a","content":"x"}\n'])),
    );
    expect(array!.ok || array!.error.name).toBe("ForeignFrameError");
    expect(unknown!.ok || unknown!.error.message).toBe('not an AutoGen message, TaskResult, Response or AutoGen Studio frame: an object of type "weird"');
    expect(typo!.ok || typo!.error.name).toBe("MessageValidationError");
  });
});
