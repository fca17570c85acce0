import { readFileSync } from "node:fs";
import { defineConfig } from "tsup";

// The version names the process-wide registries' keys (src/process-wide.ts).
const pkg = JSON.parse(readFileSync("package.json", "utf8")) as { version: string; homepage: string };
const define = { __AGENTCHAT_MESSAGES_VERSION__: JSON.stringify(pkg.version) };

export default defineConfig([
  {
    entry: {
      index: "src/index.ts",
      "structured/index": "src/structured/index.ts",
      "json-schema/index": "src/json-schema/index.ts",
      "contracts/index": "src/contracts/index.ts",
      "stream/index": "src/stream/index.ts",
      "console/index": "src/console/index.ts",
      "agentscope/index": "src/agentscope/index.ts",
      "state/index": "src/state/index.ts",
      "context/index": "src/context/index.ts",
      "providers/openai/index": "src/providers/openai/index.ts",
      "providers/anthropic/index": "src/providers/anthropic/index.ts",
      "providers/gemini/index": "src/providers/gemini/index.ts",
      "providers/ai-sdk/index": "src/providers/ai-sdk/index.ts",
      "components/index": "src/components/index.ts",
      "html/index": "src/html/index.ts",
      "ag-ui/index": "src/ag-ui/index.ts",
      "maf/index": "src/maf/index.ts",
      "otel/index": "src/otel/index.ts",
    },
    format: ["esm", "cjs"],
    // Shared chunks for CommonJS too (tsup's own CJS splitting): without it every `dist/*/index.cjs`
    // bundles a private copy of the core, and a kind registered through `require("agentchat-messages")`
    // is unknown to `require("agentchat-messages/contracts")`. One registry per process, either module system.
    splitting: true,
    // TSUP_DTS=0: a JavaScript-only build for a quick local check (the declaration build is most of the time).
    dts: process.env.TSUP_DTS !== "0",
    // No source maps: dist/ is unminified, commented JavaScript, so a stack trace already points at
    // readable lines of files the package ships; maps doubled the package (BENCHMARKS.md, "Package size").
    sourcemap: false,
    clean: false, // `npm run build` empties dist/ first: the two builds run in parallel
    target: "es2022",
    platform: "neutral",
    treeshake: true,
    // The AG-UI packages are optional peers, imported by ./ag-ui only.
    external: ["zod", "ulid", /^@ag-ui\//, "rxjs"],
    define,
  },
  {
    // The `agentchat-messages` command (Node only).
    entry: { "cli/main": "src/cli/main.ts" },
    format: ["esm"],
    platform: "node",
    target: "node20",
    dts: false,
    sourcemap: false,
    clean: false,
    external: ["zod", "ulid"],
    // The help points at the docs on the repository's page (src/cli/version.ts).
    define: { ...define, __AGENTCHAT_MESSAGES_HOMEPAGE__: JSON.stringify(pkg.homepage) },
  },
]);
