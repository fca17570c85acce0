/// <reference types="node" />
/**
 * The package version `--version` prints. The build writes it into the bin (tsup `define`,
 * from package.json), so the bin says what it is wherever it is copied; run from source
 * (tsx), it is read from the package.json two folders up.
 */
import { readFileSync } from "node:fs";

declare const __AGENTCHAT_MESSAGES_VERSION__: string | undefined;

/**
 * The version of this package, e.g. `0.1.0`.
 *
 * @example process.stdout.write(`${packageVersion()}\n`)
 */
export function packageVersion(): string {
  if (typeof __AGENTCHAT_MESSAGES_VERSION__ === "string") return __AGENTCHAT_MESSAGES_VERSION__;
  const pkg = JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8")) as { version: string };
  return pkg.version;
}
