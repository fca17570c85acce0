/** Shared pieces of the Anthropic golden-table tests. */
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { readJsonl, type FixtureRecord } from "../../helpers/fixtures.js";
import type { ModelInfo } from "../../../src/schemas/model-info.js";

export interface ClientSettings {
  model: string;
  model_info: ModelInfo | null;
}

export interface PythonError {
  stage?: string;
  type: string;
  message: string;
}

export const read = <T extends FixtureRecord>(file: string): T[] => readJsonl(`autogen-providers/${file}`) as T[];

/** The raw JSONL line of a record (for values JSON.parse cannot hold, such as big integers). */
export function rawLine(file: string, name: string): string {
  const path = fileURLToPath(new URL(`../../fixtures/autogen-providers/${file}`, import.meta.url));
  const line = readFileSync(path, "utf8").split("\n").find((l) => l.includes(`"name": ${JSON.stringify(name)}`));
  if (!line) throw new Error(`no record ${name} in ${file}`);
  return line;
}

export const options = (client: ClientSettings) => ({
  model: client.model,
  ...(client.model_info ? { modelInfo: client.model_info } : {}),
});

/** Leading bytes of base64 image data, decoded independently of the library. */
export function sniff(base64: string): string {
  const b = Buffer.from(base64, "base64");
  if (b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return "image/jpeg";
  if (b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return "image/png";
  if (/^GIF8[79]a/.test(b.subarray(0, 6).toString("latin1"))) return "image/gif";
  if (b.subarray(0, 4).toString("latin1") === "RIFF" && b.subarray(8, 12).toString("latin1") === "WEBP") return "image/webp";
  return "image/jpeg";
}

/**
 * AutoGen re-encodes images to PNG (fixtures README, "Images"); the library sends the input
 * bytes with their own media type. Where ours carries exactly an input image's base64 and the
 * expected block holds another encoding, put the expected block in place of ours, after checking
 * that our media type is the input's.
 */
export function adoptReencodedImages(actual: unknown, expected: unknown, inputs: Set<string>): unknown {
  if (Array.isArray(actual) && Array.isArray(expected)) return actual.map((x, i) => adoptReencodedImages(x, expected[i], inputs));
  if (actual && expected && typeof actual === "object" && typeof expected === "object" && !Array.isArray(actual)) {
    const a = actual as Record<string, unknown>;
    const e = expected as Record<string, unknown>;
    if (a.type === "base64" && typeof a.data === "string" && a.data !== e.data && inputs.has(a.data)) {
      if (a.media_type !== sniff(a.data)) throw new Error(`media_type ${String(a.media_type)} is not the input's ${sniff(a.data)}`);
      return expected;
    }
    return Object.fromEntries(Object.entries(a).map(([k, v]) => [k, adoptReencodedImages(v, e[k], inputs)]));
  }
  return actual;
}

/** The base64 strings of the images in `LLMMessage` inputs. */
export function inputImages(input: unknown[]): Set<string> {
  const out = new Set<string>();
  for (const m of input as { content?: unknown }[]) {
    if (Array.isArray(m.content)) for (const p of m.content) if (p && typeof p === "object" && "data" in p) out.add((p as { data: string }).data);
  }
  return out;
}
