/**
 * renderConsole / ConsoleRenderer / the CLI's `render` against the exact stdout of AutoGen's
 * Console for every recorded team run (test/fixtures/autogen-teams/console.jsonl), with
 * output_stats off and on (`Duration:` masked, as in the fixtures).
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { ConsoleRenderer, renderConsole, type ConsoleItem, type ConsoleOptions } from "../../src/console/index.js";
import { main } from "../../src/cli/run.js";
import { Response, TaskResult } from "../../src/contracts/index.js";
import { load } from "../../src/load.js";
import { toText } from "../../src/render/renderers.js";
import { pythonJson } from "../../examples/live-run/encode.js";
import { readJson } from "../helpers/fixtures.js";
import { consoles, maskDuration, runs, wireOf, type StreamElement } from "../helpers/team-runs.js";

const deviations = readJson<Record<string, Record<string, string>>>("deviations.json")["autogen-teams/console.jsonl"] ?? {};

const loadItem = (el: StreamElement): ConsoleItem =>
  el.item === "chat" || el.item === "event" ? load(el.dump) : el.item === "TaskResult" ? TaskResult.parse(wireOf(el)) : Response.parse(wireOf(el));

// The recorded app filled its ListMemory with MemoryMimeType.TEXT / .JSON members and the plain
// string "text/markdown" (Console prints `mime_type='text/markdown'`); JSON cannot show which
// (README of the fixtures: Console renders live objects). The app tells the renderer so:
const APP_KNOWLEDGE: Record<string, ConsoleOptions> = {
  "assistant/memory": { live: { memoryMimeTypes: ["text/plain", "application/json"] } },
};
// Without that knowledge, the default takes every MemoryMimeType value as its member.
const asDefault = (text: string) => text.replaceAll("mime_type='text/markdown'", "mime_type=<MemoryMimeType.MARKDOWN: 'text/markdown'>");

const cases = runs.flatMap((run) =>
  run.steps
    .filter((s) => s.stream)
    .flatMap((step) => {
      const recorded = consoles.get(run.name)!.find((c) => c.label === step.label)!;
      return [false, true].map((stats) => ({
        name: `${run.name}/${step.label} stats=${stats}`,
        run: run.name,
        declared: Boolean(deviations[`${run.name}/${step.label}`]),
        stream: step.stream!,
        stats,
        want: stats ? recorded.output_stats_true : recorded.output_stats_false,
      }));
    }),
);

describe("Console text of the recorded runs", () => {
  it("covers all 124 recorded outputs", () => {
    expect(cases).toHaveLength(124);
  });

  it.each(cases)("$name", ({ run, stream, stats, want, declared }) => {
    const items = stream.map(loadItem);
    const options = { outputStats: stats, elapsedSeconds: () => 0, ...APP_KNOWLEDGE[run] };
    expect(maskDuration(renderConsole(items, options))).toBe(want);
    // The default (no knowledge of the app) and item-by-item rendering: it differs from the
    // recording exactly where test/fixtures/deviations.json says so.
    const renderer = new ConsoleRenderer({ outputStats: stats, elapsedSeconds: () => 0 });
    const byDefault = maskDuration(items.map((i) => renderer.write(i)).join(""));
    expect(byDefault).toBe(asDefault(want));
    expect(byDefault === want).toBe(!declared);
  });
});

describe("the CLI's render on the recorded runs", () => {
  const dir = mkdtempSync(join(tmpdir(), "console-fixtures-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it.each(cases)("$name", async ({ stream, stats, want }) => {
    const file = join(dir, "run.jsonl");
    writeFileSync(file, stream.map((el) => pythonJson(wireOf(el)) + "\n").join("")); // -0.0 kept, as Python writes it
    let out = "";
    let err = "";
    const code = await main(["render", ...(stats ? ["--stats"] : []), file], {
      out: async (t) => void (out += t),
      err: async (t) => void (err += t),
      stderrIsTTY: false,
    });
    expect([code, err]).toEqual([0, ""]);
    expect(maskDuration(out)).toBe(asDefault(want));
  });
});

describe("live rendering of MemoryQueryEvent", () => {
  const event = load({
    type: "MemoryQueryEvent",
    source: "a",
    content: [
      { content: "hi", mime_type: "text/plain" },
      { content: "# h", mime_type: "text/markdown" },
      { content: "x", mime_type: "image/*" },
      { content: "y", mime_type: "application/octet-stream" },
      { content: "z", mime_type: "text/csv" },
    ],
  });
  // Python: repr(MemoryMimeType.IMAGE) == "<MemoryMimeType.IMAGE: 'image/*'>"; a str that is not a value stays a str.
  const live =
    "[MemoryContent(content='hi', mime_type=<MemoryMimeType.TEXT: 'text/plain'>, metadata=None), " +
    "MemoryContent(content='# h', mime_type=<MemoryMimeType.MARKDOWN: 'text/markdown'>, metadata=None), " +
    "MemoryContent(content='x', mime_type=<MemoryMimeType.IMAGE: 'image/*'>, metadata=None), " +
    "MemoryContent(content='y', mime_type=<MemoryMimeType.BINARY: 'application/octet-stream'>, metadata=None), " +
    "MemoryContent(content='z', mime_type='text/csv', metadata=None)]";
  const loaded = live.replace(/<MemoryMimeType\.\w+: ('[^']*')>/g, "$1");

  it("toText is the loaded form; live: true the enum members", () => {
    expect(toText(event)).toBe(loaded);
    expect(toText(event, { live: true })).toBe(live);
  });

  it("Console prints the live form by default, the loaded form with live: false, and only the named members", () => {
    const header = "---------- MemoryQueryEvent (a) ----------\n";
    expect(renderConsole([event])).toBe(header + live + "\n");
    expect(renderConsole([event], { live: false })).toBe(header + loaded + "\n");
    expect(renderConsole([event], { live: { memoryMimeTypes: ["image/*"] } })).toBe(
      header + loaded.replace("mime_type='image/*'", "mime_type=<MemoryMimeType.IMAGE: 'image/*'>") + "\n",
    );
  });
});
