// The demo's run (examples/data/weather-run.*): the recorded AutoGen 0.7.5 run
// `round-robin/text-mention-tools` (test/fixtures/autogen-teams/), with the seeded random words of
// its replay model replaced by a short scripted conversation, so that a reader can follow what the
// agents did. Everything else is as recorded: kinds, order, ids, times, token usage, tool call ids,
// key order, the Console text around the words. The replacements are plain ASCII without quotes or
// backslashes, so Python's repr of them (in the Console's event lines) is the text itself.
//
//   node scripts/demo-data.mjs           writes examples/data/weather-run.*
//   node scripts/demo-data.mjs --check   exits 1 when the files differ from what it would write
import { readFileSync, writeFileSync } from "node:fs";

const SCENARIO = "round-robin/text-mention-tools";
/** [recorded text, demo text]: content strings whole, names wherever they occur. */
export const REPLACEMENTS = [
  ["Json json budget draft!", "What is the weather in Paris today, and do I need a jacket?"],
  ['{"city": "message"}', '{"city": "Paris"}'],
  ["message: 18 degrees celsius", "Paris: 18 degrees celsius"],
  ["Json system model weather retry error user?", "It is 18 degrees Celsius in Paris. A light jacket is enough for the evening."],
  ["Retry agent memory python? TERMINATE", "Checked: the answer comes from the weather tool and covers the jacket. TERMINATE"],
  ["vector_tool_team", "weather_agent"],
  ["query_handoff_call", "reviewer"],
  ["get_weather_memory", "get_weather"],
];

const root = new URL("../", import.meta.url);
const record = (file) =>
  readFileSync(new URL(`test/fixtures/autogen-teams/${file}`, root), "utf8")
    .trimEnd()
    .split("\n")
    .map((line) => JSON.parse(line))
    .find((r) => r.name === SCENARIO);

for (const [, to] of REPLACEMENTS) if (/['\\]|[^ -~]/.test(to)) throw new Error(`not plain text: ${to}`);
const seen = new Set();
const replace = (text) => {
  let out = text;
  for (const [from, to] of REPLACEMENTS) {
    if (out.includes(from)) seen.add(from);
    out = out.split(from).join(to);
  }
  return out;
};
/** Every string value replaced; keys and their order untouched. */
const walk = (value) =>
  typeof value === "string" ? replace(value)
  : Array.isArray(value) ? value.map(walk)
  : value !== null && typeof value === "object" ? Object.fromEntries(Object.entries(value).map(([k, v]) => [k, walk(v)]))
  : value;

const [step] = record("streams.jsonl").steps;
const items = step.stream.map((it) => (it.dump !== undefined ? it.dump : { messages: it.messages, stop_reason: it.stop_reason }));
const agent = record("state.jsonl").states.find((s) => s.name === "vector_tool_team");
export const FILES = {
  "weather-run.jsonl": items.map((item) => JSON.stringify(walk(item))).join("\n") + "\n",
  "weather-run.console.txt": replace(record("console.jsonl").steps[0].output_stats_false),
  "weather-run.weather_agent.json": JSON.stringify(walk(agent.state)) + "\n",
};
for (const [from] of REPLACEMENTS) if (!seen.has(from)) throw new Error(`"${from}" is not in the recorded run`);

if (process.argv.includes("--check")) {
  const stale = Object.entries(FILES).filter(([name, text]) => readFileSync(new URL(`examples/data/${name}`, root), "utf8") !== text);
  for (const [name] of stale) console.error(`examples/data/${name} differs from scripts/demo-data.mjs's output`);
  process.exit(stale.length ? 1 : 0);
} else if (process.argv[1] && import.meta.url.endsWith(process.argv[1].split("/").pop())) {
  for (const [name, text] of Object.entries(FILES)) writeFileSync(new URL(`examples/data/${name}`, root), text);
}
