#!/usr/bin/env node
// `npm run build`: dist/ from scratch (tsup: ESM, CJS, declarations, the bin), json-schema/, then
// dist/.build-stamp.json recording the inputs it was built from (scripts/build-state.mjs), hashed
// before the build starts. Any failure stops it with that step's status and leaves no stamp.
import { spawnSync } from "node:child_process";
import { rmSync } from "node:fs";
import { inputsHash, ROOT, toolEnv, writeStamp } from "./build-state.mjs";

const inputs = inputsHash();
rmSync(`${ROOT}/dist`, { recursive: true, force: true });
for (const [command, ...args] of [["tsup"], ["tsx", "scripts/build-json-schema.ts"]]) {
  const r = spawnSync(command, args, { cwd: ROOT, env: toolEnv(), stdio: "inherit", shell: process.platform === "win32" });
  if (r.error) {
    console.error(`build: ${command}: ${r.error.message}`);
    process.exit(2);
  }
  if (r.status !== 0) process.exit(r.status ?? 1);
}
writeStamp(inputs);
