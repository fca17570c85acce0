/**
 * Error classes keep their names through bundling (issue 19.2): tsup writes a class that refers
 * to itself as `class _OpenAIConversionError`, a minifier renames every class, and Node prints
 * the constructor's name. Every error class of every entry names itself explicitly.
 */
import { inspect } from "node:util";
import { describe, expect, it } from "vitest";
import { bundleAsApp } from "./helpers/bundle.js";
import { PACKAGE } from "./helpers/dist.js";

/** The source entry of each library subpath (tsup.config.ts's entries mirror the exports map). */
function sourceEntries(): string[] {
  return Object.entries(PACKAGE.exports)
    .filter(([subpath]) => subpath !== "./package.json" && !subpath.includes("*"))
    .map(([, entry]) => (entry as { import: { default: string } }).import.default.replace(/^\.\/dist\//, "../src/").replace(/\.js$/, ".ts"));
}

/** The entry bundled and minified (identifiers renamed) as an app's bundler would, then imported. */
async function minified(entry: string): Promise<Record<string, unknown>> {
  const text = await bundleAsApp(`export * from ${JSON.stringify(entry)};`, new URL(".", import.meta.url).pathname);
  return (await import(`data:text/javascript;base64,${Buffer.from(text).toString("base64")}`)) as Record<string, unknown>;
}

const isErrorClass = (v: unknown): v is new (...args: never[]) => Error => typeof v === "function" && v.prototype instanceof Error;

describe("error class names", () => {
  it.each(sourceEntries())("%s: every exported error class is called by its export name, minified too", async (entry) => {
    const source = (await import(entry)) as Record<string, unknown>;
    const bundled = await minified(entry);
    const classes = Object.keys(source).filter((k) => isErrorClass(source[k]));
    for (const name of classes) {
      expect((source[name] as { name: string }).name).toBe(name);
      expect((bundled[name] as { name: string }).name, `${entry} ${name}`).toBe(name);
    }
  }, 60_000);

  it("Node prints the class's name, not the bundler's", async () => {
    const { OpenAIConversionError } = (await minified("../src/providers/openai/index.ts")) as { OpenAIConversionError: new (m: string) => Error };
    expect(inspect(new OpenAIConversionError("bad")).split("\n")[0]).toBe("OpenAIConversionError: bad");
    const { MessageValidationError } = (await minified("../src/index.ts")) as {
      MessageValidationError: new (t: string, i: { path: string[]; code: string; message: string }[]) => Error;
    };
    expect(inspect(new MessageValidationError("TextMessage", [{ path: ["source"], code: "missing", message: "Field required" }])).split("\n")[0]).toBe(
      "MessageValidationError: Invalid TextMessage: source: Field required",
    );
  });
});
