/// <reference types="node" />
/**
 * The package version `--version` prints. The build writes it into the bundle (tsup `define`,
 * from package.json; see process-wide.ts), so the bin says what it is wherever it is copied; run
 * from source (tsx), it is read from the package.json two folders up.
 */
import { readFileSync } from "node:fs";
import { LIBRARY_VERSION } from "../process-wide.js";

/**
 * The version of this package, e.g. `0.1.0`.
 *
 * @example process.stdout.write(`${packageVersion()}\n`)
 */
export function packageVersion(): string {
  if (LIBRARY_VERSION !== "dev") return LIBRARY_VERSION;
  const pkg = JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8")) as { version: string };
  return pkg.version;
}
