/**
 * Vitest global set-up: says once per run that the browser tests are skipped when Chromium is
 * missing on a developer's machine (test/helpers/chromium.ts decides; in CI they fail instead).
 */
import { CHROMIUM_NOTICE, RUN_CHROMIUM_TESTS } from "./chromium.js";

export default function setup(): void {
  if (!RUN_CHROMIUM_TESTS) process.stderr.write(`\n${CHROMIUM_NOTICE}\n\n`);
}
