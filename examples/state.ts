/**
 * `npx tsx examples/state.ts`: a saved AutoGen team state (`await team.save_state()` of a
 * RoundRobinGroupChat, examples/data/team_state.json) loaded and validated, its threads shown,
 * its token usage summed, trimmed to the last 2 messages per thread, and written back as the
 * JSON Python's `team.load_state()` takes. Ends with a deliberate error and its path.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { toText } from "../src/index.js";
import { dumpState, isState, loadState, safeLoadState, stateThreads, stateTokenUsage, truncateThreads } from "../src/state/index.js";

// 1. Store: what Python wrote with json.dump(await team.save_state(), f)
const text = readFileSync(new URL("./data/team_state.json", import.meta.url), "utf8");
const state = loadState(JSON.parse(text)); // validated: every message, every nested state
if (!isState(state, "TeamState")) throw new Error("not a team state");
console.log("participants and manager:", Object.keys(state.agent_states).join(", "));

// 2. Show the threads: the manager's conversation, each participant's model context and pending messages
for (const t of stateThreads(state)) console.log(`  ${t.agent} ${t.kind}: ${t.messages.length} messages`);
const thread = stateThreads(state).find((t) => t.kind === "message_thread");
if (thread?.kind === "message_thread") for (const m of thread.messages) console.log(`    [${m.source}] ${toText(m).slice(0, 60)}`);
console.log("tokens:", stateTokenUsage(state));

// 3. Trim every thread to its last 2 messages (counters kept; see the README's rule)
const trimmed = truncateThreads(state, 2);

// 4. Give it back to Python: json.load(f) then await team.load_state(state)
const out = join(tmpdir(), "team_state.trimmed.json");
writeFileSync(out, JSON.stringify(dumpState(trimmed)));
console.log(`wrote ${out}`);

// A broken message anywhere is reported with its path from the top of the document.
const broken = JSON.parse(text);
broken.agent_states.RoundRobinGroupChatManager.message_thread[1].source = 42;
const r = safeLoadState(broken);
if (!r.success) console.log(r.error.message);
