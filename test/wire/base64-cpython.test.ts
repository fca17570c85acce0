/**
 * `decodeBase64` (and the image check's base64 step) against a table recorded from CPython 3.11's
 * `base64.b64decode(s)` with `validate=False`, as AutoGen's `Image.from_base64` calls it:
 * test/fixtures/base64/b64decode.jsonl, written by test/fixtures/base64/record.py. The table holds
 * padding edge cases, excess data after padding, whitespace of every kind, other characters
 * outside the alphabet (discarded), non-ASCII text (an error), and random strings built from them.
 */
import { describe, expect, it } from "vitest";
import { checkImageData, decodeBase64, imageDataUri } from "../../src/wire/image-data.js";
import { readJsonl } from "../helpers/fixtures.js";

interface Row {
  input: string;
  ok: boolean;
  hex?: string;
  error?: string;
}

const ROWS = readJsonl("base64/b64decode.jsonl") as unknown as Row[];

/** The library's RangeError text for Python's binascii / ASCII error. */
function libraryError(python: string): string {
  const reason = python.replace(/^Invalid base64-encoded string: /, "");
  return `Invalid base64: ${reason === "Incorrect padding" ? "incorrect padding" : reason}`;
}

describe("decodeBase64 matches CPython's base64.b64decode (validate=False)", () => {
  it(`has a table of ${ROWS.length} recorded cases, decoded and rejected alike`, () => {
    expect(ROWS.length).toBeGreaterThan(1000);
    expect(ROWS.filter((r) => r.ok).length).toBeGreaterThan(300);
    expect(ROWS.filter((r) => !r.ok).length).toBeGreaterThan(300);
  });

  it("decodes every input CPython decodes to the same bytes", () => {
    const wrong: string[] = [];
    for (const r of ROWS.filter((row) => row.ok)) {
      let got: string;
      try {
        got = Buffer.from(decodeBase64(r.input)).toString("hex");
      } catch (e) {
        got = `threw ${(e as Error).message}`;
      }
      if (got !== r.hex) wrong.push(`${JSON.stringify(r.input)}: ${got} !== ${r.hex}`);
    }
    expect(wrong).toEqual([]);
  });

  it("rejects every input CPython rejects, with CPython's reason", () => {
    const wrong: string[] = [];
    for (const r of ROWS.filter((row) => !row.ok)) {
      let got: string;
      try {
        got = `decoded ${Buffer.from(decodeBase64(r.input)).toString("hex")}`;
      } catch (e) {
        got = (e as Error).message;
      }
      if (got !== libraryError(r.error!)) wrong.push(`${JSON.stringify(r.input)}: ${got} !== ${libraryError(r.error!)}`);
    }
    expect(wrong).toEqual([]);
  });

  it("gives the image check the same verdict on the base64 step", () => {
    for (const r of ROWS) {
      const check = checkImageData(r.input);
      if (r.ok) expect(check.ok ? "ok" : check.code, JSON.stringify(r.input)).not.toBe("image_base64");
      else expect(check.ok ? "ok" : check.code, JSON.stringify(r.input)).toBe("image_base64");
    }
  });

  it("re-encodes the bytes CPython decodes for a data URI", () => {
    for (const r of ROWS.filter((row) => row.ok)) {
      const uri = imageDataUri(r.input);
      expect(Buffer.from(uri.slice(uri.indexOf(",") + 1), "base64").toString("hex"), JSON.stringify(r.input)).toBe(r.hex);
    }
  });
});
