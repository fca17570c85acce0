/**
 * The component example of the README and docs/components.md is true: the team its TypeScript
 * builds dumps to exactly the JSON docs/components.md shows (and which Python's dump_component()
 * writes for the same team).
 */
import { readFileSync } from "node:fs";
import { expect, it } from "vitest";
import { assistantAgent, dumpComponent, maxMessages, openAIClient, roundRobinGroupChat, textMention } from "../../src/components/index.js";

it("docs/components.md: the team built in TypeScript dumps to the JSON shown", () => {
  const doc = readFileSync(new URL("../../docs/components.md", import.meta.url), "utf8");
  const section = doc.slice(doc.indexOf("## The document a team dumps to"));
  const shown = /```json\n([\s\S]*?)\n```/.exec(section)![1]!;
  const writer = assistantAgent({
    name: "writer",
    modelClient: openAIClient({ model: "gpt-4o", temperature: 0.3 }),
    systemMessage: "Write short poems. Reply TERMINATE when done.",
  });
  const team = roundRobinGroupChat({ participants: [writer], terminationCondition: maxMessages(10).or(textMention("TERMINATE")) });
  expect(JSON.stringify(dumpComponent(team), null, 2)).toBe(shown);
});
