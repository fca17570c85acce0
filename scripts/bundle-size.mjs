// The one bundle measure of the size scripts (check-size.mjs, compare-peers.mjs), so their figures compare:
// esbuild bundles an ES module the way an app bundler would (bundle, minify, ESM, platform "neutral",
// target es2022) with every dependency included (zod, ulid: an app ships them too); the figure is the gzip
// (level 9) size of the output.
import { gzipSync } from "node:zlib";
import * as esbuild from "esbuild";

/**
 * Bundles `contents` (an ES module resolved from `resolveDir`) and returns its minified and min+gzip sizes
 * and exported names. `alias` maps import names to files (the package's own dist/); `conditions` adds
 * package.json "exports" conditions (e.g. "browser", for a peer whose default build imports Node built-ins);
 * `external` leaves imports out (optional peers an app brings itself, e.g. the AG-UI packages).
 */
export async function bundleSize(contents, { resolveDir, alias = {}, conditions = [], external = [] }) {
  const result = await esbuild.build({
    stdin: { contents, resolveDir, sourcefile: "budget-entry.js", loader: "js" },
    alias,
    conditions,
    external,
    bundle: true,
    minify: true,
    format: "esm",
    platform: "neutral",
    target: "es2022",
    write: false,
    metafile: true,
    logLevel: "silent",
  });
  const [out] = result.outputFiles;
  const exports = Object.values(result.metafile.outputs)[0].exports;
  return { min: out.contents.length, gzip: gzipSync(out.contents, { level: 9 }).length, exports };
}
