import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    environment: "node",
    // One notice per run when the browser tests are skipped for want of Chromium (not in CI).
    globalSetup: ["test/helpers/chromium-notice.ts"],
  },
});
