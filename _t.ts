import { readFileSync } from "node:fs";
import { loadState, dumpState, stateThreads, stateTokenUsage, TeamState } from "./src/state/index.js";
let ok = 0, bad = 0;
for (const line of readFileSync("test/fixtures/autogen-teams/state.jsonl", "utf8").trim().split("\n")) {
  const rec = JSON.parse(line);
  for (const s of rec.states) {
    try {
      const v = loadState(s.state);
      const back = dumpState(v);
      if (JSON.stringify(back) === JSON.stringify(s.state)) ok++; else { bad++; if (bad < 3) console.log(rec.name, s.name, JSON.stringify(back).slice(0, 300), "\n", JSON.stringify(s.state).slice(0, 300)); }
      if (s.kind === "team") { const z = TeamState.parse(s.state); if (JSON.stringify(dumpState(z)) !== JSON.stringify(s.state)) console.log("zod differs", rec.name); }
    } catch (e) { bad++; console.log(rec.name, s.name, e.message); }
  }
}
console.log(ok, bad);
const rec = JSON.parse(readFileSync("test/fixtures/autogen-teams/state.jsonl", "utf8").split("\n")[20]);
const st = loadState(rec.states[0].state);
console.log(rec.name, stateThreads(st).map(t => [t.agent, t.state, t.kind, t.path.join("."), t.messages.length]), stateTokenUsage(st));
const broken = JSON.parse(JSON.stringify(rec.states[0].state));
broken.agent_states[Object.keys(broken.agent_states)[0]].message_buffer[0].source = 42;
try { loadState(broken) } catch (e) { console.log(e.message) }
try { TeamState.parse(broken) } catch (e) { console.log(e.message.slice(0,300)) }
