/**
 * The README's component example is true: the team its TypeScript builds dumps to exactly the JSON
 * it shows (and which Python's dump_component() writes for the same team).
 */
import { readFileSync } from "node:fs";
import { expect, it } from "vitest";
import { assistantAgent, dumpComponent, maxMessages, openAIClient, roundRobinGroupChat, textMention } from "../../src/components/index.js";

it("README: the team built in TypeScript dumps to the JSON shown", () => {
  const readme = readFileSync(new URL("../../README.md", import.meta.url), "utf8");
  const section = readme.slice(readme.indexOf("## Component configs"));
  const shown = /```json\n([\s\S]*?)\n```/.exec(section)![1]!;
  const writer = assistantAgent({
    name: "writer",
    modelClient: openAIClient({ model: "gpt-4o", temperature: 0.3 }),
    systemMessage: "Write short poems. Reply TERMINATE when done.",
  });
  const team = roundRobinGroupChat({ participants: [writer], terminationCondition: maxMessages(10).or(textMention("TERMINATE")) });
  expect(JSON.stringify(dumpComponent(team), null, 2)).toBe(shown);
});
