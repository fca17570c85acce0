import fc from "fast-check";
import { appendFileSync, writeFileSync } from "node:fs";
import { it } from "vitest";
import { freezeAll, isLibraryError, show, pollution, aliasIn } from "./contract.js";
import { AG_UI_LOADERS } from "./ag-ui-entry-points.js";
import { hostileInsertion, insertHostile, mutate, mutation } from "./mutations.js";
const N = Number(process.env.PROBE_N ?? 2000);
const LOG = "/tmp/probe-fb.log";
it("probe", () => {
  writeFileSync(LOG, "");
  for (const entry of AG_UI_LOADERS()) {
    if (process.env.PROBE_ONLY && !entry.name.includes(process.env.PROBE_ONLY)) continue;
    const seeds = entry.seeds();
    const sigs = new Map<string, { n: number; ex: string }>();
    let slow = 0;
    const samples = fc.sample(fc.tuple(fc.nat(), fc.array(mutation, { maxLength: 3 }), fc.array(hostileInsertion, { maxLength: 2 })), { numRuns: N, seed: Number(process.env.PROBE_SEED ?? 1) });
    for (const [k, [i, ms, hs]] of samples.entries()) {
      let v: unknown = structuredClone(seeds[i % seeds.length]);
      for (const m of ms) v = mutate(v, m);
      for (const h of hs) v = insertHostile(v, h);
      const { objects } = freezeAll(v);
      const t0 = performance.now();
      let sig: string | null = null;
      let desc = "";
      try {
        appendFileSync(LOG, `${entry.name} #${k}\n`);
        const out = entry.load(v);
        if (!out.ok && !isLibraryError(out.error)) { sig = "non-library error " + show(out.error).split("\n")[0]; }
        if (out.ok) { const a = aliasIn(out.value, objects); if (a) sig = "alias " + a.replace(/\d+/g, "N"); }
      } catch (e) {
        const s = show(e);
        const lines = s.split("\n");
        sig = lines[0]!.replace(/\d+/g, "N").slice(0, 160) + " @ " + (lines.find((l) => l.includes("src/")) ?? "").trim().replace(/:\d+:\d+\)?$/, "");
        try { appendFileSync("/tmp/breach.jsonl", JSON.stringify(v) + "\n"); } catch {}
        desc = s.slice(0, 2500) + "\nINPUT " + (() => { try { return JSON.stringify(v)?.slice(0, 500); } catch { return "?"; } })() + " ms=" + JSON.stringify(ms).slice(0,300) + " hs=" + JSON.stringify(hs);
      }
      const p = pollution(); if (p) sig = "pollution " + p;
      const dt = performance.now() - t0;
      if (dt > 1000) { slow++; appendFileSync(LOG, `SLOW ${entry.name} ${dt.toFixed(0)}ms ms=${JSON.stringify(ms).slice(0,200)} hs=${JSON.stringify(hs)}\n`); }
      if (sig) { const r = sigs.get(sig) ?? { n: 0, ex: desc }; r.n++; sigs.set(sig, r); }
    }
    console.log(`== ${entry.name}: ${N} inputs, slow ${slow}, ${[...sigs.values()].reduce((s, r) => s + r.n, 0)} breaches`);
    for (const [s, r] of [...sigs].sort((a, b) => b[1].n - a[1].n)) console.log(`  ${r.n}× ${s}\n     ${r.ex.split("\n").slice(0, process.env.PROBE_LINES ? 4 : 1).join(" ")} | ${r.ex.slice(r.ex.indexOf("INPUT"), r.ex.indexOf("INPUT") + 400)}`);
  }
}, 600_000);
