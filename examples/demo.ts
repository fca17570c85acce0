/**
 * `npm run demo` (after `agentchat-messages validate` on the same file): validates a bundled
 * AutoGen transcript (400 messages recorded from a Python agent team) with the library,
 * prints counts per kind and the first messages, the Console view, dumps one back to the
 * exact JSON Python writes, and shows a deliberate validation error with its path.
 */
import { readFileSync } from "node:fs";
import { dump, isChatMessage, isMessageType, safeLoad, toText } from "../src/index.js";
import { renderConsole } from "../src/console/index.js";

const file = new URL("./data/transcript.json", import.meta.url);
const payloads = JSON.parse(readFileSync(file, "utf8")) as unknown[];

const counts = new Map<string, number>();
const messages = [];
for (const [i, payload] of payloads.entries()) {
  const r = safeLoad(payload);
  if (!r.success) {
    console.error(`message ${i}: ${r.error.message}`);
    continue;
  }
  messages.push(r.data);
  counts.set(r.data.type, (counts.get(r.data.type) ?? 0) + 1);
}

console.log(`Validated ${messages.length} of ${payloads.length} messages from examples/data/transcript.json\n`);
console.log("Messages per kind:");
for (const [type, n] of [...counts].sort((a, b) => b[1] - a[1])) console.log(`  ${type.padEnd(32)} ${n}`);

console.log("\nFirst messages, rendered with toText() as AutoGen's console would:");
for (const m of messages.slice(0, 8)) {
  const text = toText(m).replace(/\n/g, " ");
  console.log(`  [${isChatMessage(m) ? "chat " : "event"}] ${m.type} (${m.source}): ${text.length > 70 ? `${text.slice(0, 70)}…` : text}`);
}
const call = messages.find((m) => isMessageType(m, "ToolCallRequestEvent"));
if (call) console.log(`\nA tool call request renders as Python's str() of the list:\n  ${toText(call).slice(0, 110)}…`);

const first = messages[0]!;
console.log("\nDumped back exactly as Python AutoGen writes it:");
console.log(`  ${JSON.stringify(dump(first))}`);
console.log(`  identical to the input: ${JSON.stringify(dump(first)) === JSON.stringify(payloads[0])}`);

// A deliberate mistake: a tool call whose name is a number.
const broken = structuredClone(payloads.find((p) => (p as { type?: string }).type === "ToolCallRequestEvent")) as {
  content: { name: unknown }[];
};
broken.content[0]!.name = 42;
const bad = safeLoad(broken);
console.log("\nA payload with a bad tool-call name is rejected with the path of the problem:");
console.log(`  ${bad.success ? "accepted?!" : bad.error.message}`);

console.log("\nThe first messages as AutoGen's Console prints them (streamed chunks inline):");
console.log(
  renderConsole(messages.slice(0, 9))
    .split("\n")
    .map((l) => `  ${l.length > 90 ? `${l.slice(0, 90)}…` : l}`)
    .join("\n"),
);
