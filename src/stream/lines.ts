/**
 * Splitting a stream of text or UTF-8 bytes into lines, as chunks arrive: a fetch body,
 * websocket frames, a file read in pieces. Works on any `AsyncIterable`, uses only
 * `TextDecoder`, and holds at most one partial line in memory.
 */

/** One line of a stream: its 1-based number (blank lines count) and its text without `\n` / `\r\n`. @example for await (const { line, text } of readLines(chunks)) console.log(line, text) */
export interface NumberedLine {
  readonly line: number;
  readonly text: string;
}

/** A chunk of a stream: text, or UTF-8 bytes. @example const chunk: StreamChunk = new TextEncoder().encode("{}\n") */
export type StreamChunk = string | Uint8Array;

/** What {@link readLines} reads: an async or sync iterable of chunks, or a web `ReadableStream`. @example readLines(fs.createReadStream("run.jsonl")) // or response.body, or ["a\n", "b"] */
export type ChunkSource = AsyncIterable<StreamChunk> | Iterable<StreamChunk> | ReadableStream<StreamChunk>;

/** Some browsers' `ReadableStream` is not async-iterable yet: read it through its reader. */
async function* chunksOf(source: ChunkSource): AsyncGenerator<StreamChunk> {
  if (Symbol.asyncIterator in source || Symbol.iterator in source) {
    yield* source as AsyncIterable<StreamChunk>;
    return;
  }
  yield* readerValues(source);
}

/** The values of a WHATWG `ReadableStream`, in order; the reader's lock is released when the loop ends. */
export async function* readerValues<T>(stream: ReadableStream<T>): AsyncGenerator<T> {
  const reader = stream.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      yield value;
    }
  } finally {
    reader.releaseLock();
  }
}

/**
 * The text of a chunked stream, piece by piece: UTF-8 decoded in streaming mode (a character
 * split across chunks is decoded whole), a leading byte-order mark dropped. Bytes left in the
 * decoder when a text chunk arrives belong to a character that chunk interrupted: they are
 * flushed (as U+FFFD) so the stream keeps its order.
 *
 * @example for await (const text of textChunks(response.body!)) buffer += text;
 */
export async function* textChunks(chunks: ChunkSource): AsyncGenerator<string> {
  const decoder = new TextDecoder("utf-8");
  let first = true;
  const emit = (text: string): string => {
    if (first && text.length > 0) {
      first = false;
      // TextDecoder drops a BOM from bytes; strings are handled here the same way.
      if (text.charCodeAt(0) === 0xfeff) return text.slice(1);
    }
    return text;
  };
  for await (const chunk of chunksOf(chunks)) {
    const text = typeof chunk === "string" ? decoder.decode() + chunk : decoder.decode(chunk, { stream: true });
    if (text.length > 0) yield emit(text);
  }
  const rest = decoder.decode();
  if (rest.length > 0) yield emit(rest);
}

/**
 * The lines of a chunked stream. UTF-8 is decoded in streaming mode, so a character split
 * across chunks is decoded whole; a byte-order mark is dropped; `\r\n` and `\n` both end a
 * line; a last line without a newline is still yielded (an empty one is not).
 *
 * @example
 * for await (const { line, text } of readLines(response.body!)) console.log(line, text);
 */
export async function* readLines(chunks: ChunkSource): AsyncGenerator<NumberedLine> {
  // Pieces of the current, unfinished line: joined once when its newline arrives, so a long
  // line delivered in many small chunks costs linear, not quadratic, time.
  let pending: string[] = [];
  let line = 0;
  for await (const text of textChunks(chunks)) {
    let start = 0;
    for (let nl = text.indexOf("\n"); nl !== -1; nl = text.indexOf("\n", start)) {
      pending.push(text.slice(start, nl));
      const full = pending.length === 1 ? pending[0]! : pending.join("");
      pending = [];
      start = nl + 1;
      line++;
      yield { line, text: full.endsWith("\r") ? full.slice(0, -1) : full };
    }
    if (start < text.length) pending.push(text.slice(start));
  }
  const rest = pending.join("");
  if (rest.length > 0) {
    line++;
    yield { line, text: rest.endsWith("\r") ? rest.slice(0, -1) : rest };
  }
}
