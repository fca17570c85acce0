#!/usr/bin/env node
// `npm run demo` runs this first: the build, only when dist/ is stale (scripts/build-state.mjs), so
// that a current checkout goes straight to the demo. Quiet: nothing when dist/ is current, one line
// on stderr while it builds, the build's whole log (and its exit status) only if it fails.
import { buildQuietly, buildState } from "./build-state.mjs";

const state = buildState();
if (!state.current) {
  process.stderr.write(`building dist/ first (${state.reason}) …\n`);
  const r = buildQuietly();
  if (!r.ok) {
    process.stdout.write(r.stdout);
    process.stderr.write(r.stderr);
    console.error(`npm run build failed (exit ${r.status}); its log is above`);
    process.exit(r.status);
  }
}
