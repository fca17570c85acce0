/** The sources bundled as an app's bundler would: esbuild, minified (identifiers renamed), zod included. */
import { build } from "esbuild";

/**
 * `code` (TypeScript importing the sources, relative to `resolveDir`) bundled into one minified
 * ES module for no particular platform, as an app's bundler would write it: the module's text.
 */
export async function bundleAsApp(code: string, resolveDir: string): Promise<string> {
  const r = await build({
    stdin: { contents: code, resolveDir, loader: "ts" },
    bundle: true,
    minify: true,
    format: "esm",
    platform: "neutral",
    mainFields: ["module", "main"],
    write: false,
    logLevel: "silent",
  });
  return r.outputFiles[0]!.text;
}
