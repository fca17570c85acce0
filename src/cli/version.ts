/// <reference types="node" />
/**
 * The package version `--version` prints, and the homepage the help points at for the docs. The
 * build writes both into the bundle (tsup `define`, from package.json; see process-wide.ts), so the
 * bin says what it is wherever it is copied; run from source (tsx), they are read from the
 * package.json two folders up.
 */
import { readFileSync } from "node:fs";
import { LIBRARY_VERSION } from "../process-wide.js";

// Replaced by the CLI's build (tsup `define`) with package.json's homepage, like the version.
declare const __AGENTCHAT_MESSAGES_HOMEPAGE__: string | undefined;

/** package.json, read from the checkout when the CLI runs from source (tsx). */
const packageJson = (): { version: string; homepage: string } =>
  JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8")) as { version: string; homepage: string };

/**
 * The version of this package, e.g. `0.1.0`.
 *
 * @example process.stdout.write(`${packageVersion()}\n`)
 */
export function packageVersion(): string {
  if (LIBRARY_VERSION !== "dev") return LIBRARY_VERSION;
  return packageJson().version;
}

/**
 * The repository's web page, from package.json's `homepage` without its `#readme`: where the
 * help points for the docs (docs/ is not in the package).
 *
 * @example `${packageHomepage()}/blob/main/docs/cli.md` // "https://github.com/agentchat-messages/agentchat-messages/blob/main/docs/cli.md"
 */
export function packageHomepage(): string {
  const homepage = typeof __AGENTCHAT_MESSAGES_HOMEPAGE__ === "string" ? __AGENTCHAT_MESSAGES_HOMEPAGE__ : packageJson().homepage;
  return homepage.replace(/#.*$/, "").replace(/\/$/, "");
}
