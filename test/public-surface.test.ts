/**
 * The main entry's public surface is what the documentation documents (issues 19.3, 27.5): every
 * runtime export is named in the README or a page of docs/ (docs/messages.md for most), the internals are not exported (modules import them from their own files), and
 * what the conformance scripts use from "." is there (load, dump, the renderers, the error class
 * and the schema of every Python class the fixtures name).
 */
import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import * as main from "../src/index.js";
import { readJsonl } from "./helpers/fixtures.js";

const DOCS = [
  readFileSync(new URL("../README.md", import.meta.url), "utf8"),
  ...readdirSync(new URL("../docs/", import.meta.url))
    .filter((f) => f.endsWith(".md"))
    .map((f) => readFileSync(new URL(`../docs/${f}`, import.meta.url), "utf8")),
].join("\n");

describe("the main entry", () => {
  it("exports only what the README and docs/ name", () => {
    const undocumented = Object.keys(main).filter((name) => !new RegExp(`\\b${name}\\b`).test(DOCS));
    expect(undocumented).toEqual([]);
  });

  it("keeps the internals in their modules", () => {
    const internals = [
      "pass", "fail", "laxInt", "laxBool", "laxFloat", "wireFields", "kindName", "BUILTIN_KINDS", "pyReprBytes", "pyReprCall",
      "reprFunctionCall", "reprFunctionExecutionResult", "reprMemoryContent", "checkImage", "checkImageData", "imageFormat",
      "IMAGE_FORMATS", "normalizeDatetime", "formatUtcNow", "isStructuredMessageType", "structuredContentName",
    ];
    expect(internals.filter((name) => name in main)).toEqual([]);
  });

  it("has what the conformance scripts call, and a schema for every class the fixtures name", () => {
    for (const name of ["load", "dump", "toText", "toModelText", "toModelMessage", "MessageValidationError"]) expect(main).toHaveProperty(name);
    const classes = new Set<string>();
    for (const r of readJsonl("autogen/messages.jsonl")) if (r.kind === "core") classes.add(r.class as string);
    for (const r of readJsonl("autogen/load-cases.jsonl")) {
      const via = r.via as string;
      if (via.startsWith("class:") && !via.startsWith("class:StructuredMessage[")) classes.add(via.slice("class:".length));
    }
    expect(classes.size).toBeGreaterThan(20);
    for (const name of classes) expect(typeof (main as unknown as Record<string, { parse?: unknown }>)[name]?.parse, name).toBe("function");
  });
});
