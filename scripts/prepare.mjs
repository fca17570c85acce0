#!/usr/bin/env node
// `npm run prepare`: npm runs it after `npm install` / `npm ci` in a checkout, when it installs this
// repository as a git dependency (`npm install git+https://…`, `git+file://…`), and on `npm pack`.
// It builds dist/ (and json-schema/) only when it is stale (scripts/build-state.mjs: a shipped file
// missing, or the sources changed since the last build), quietly: one line before, one after, the
// build's whole log only if it fails (then with its exit status). An install in a current checkout,
// or the second `prepare` of a git install, costs nothing. `prepack` always rebuilds (a tarball never
// carries a stale build). AGENTCHAT_MESSAGES_SKIP_PREPARE=1 skips it (.ci/run builds in its own step).
import { buildQuietly, buildState } from "./build-state.mjs";

if (process.env.AGENTCHAT_MESSAGES_SKIP_PREPARE === "1") {
  console.log("prepare: skipped (AGENTCHAT_MESSAGES_SKIP_PREPARE=1)");
  process.exit(0);
}
const state = buildState();
if (state.current) {
  console.log("prepare: dist/ is current (npm run build rebuilds it)");
  process.exit(0);
}
console.log(`prepare: building dist/ (${state.reason}); the log is shown only if the build fails`);
const r = buildQuietly();
if (!r.ok) {
  process.stdout.write(r.stdout);
  process.stderr.write(r.stderr);
  console.error(`prepare: the build failed (exit ${r.status}); its log is above`);
  process.exit(r.status);
}
console.log(`prepare: built dist/ in ${r.seconds} s`);
