/**
 * The two spellings issue 35's differential found (test/maf/differential.test.ts), each expected
 * text printed by the real MAF 1.13.0 core (`json.dumps(<Class>.from_dict(json.loads(input)).to_dict())`).
 */
import { describe, expect, it } from "vitest";
import { dumpMafJson, loadMaf, type MafClass } from "../../src/maf/index.js";

const maf = (cls: MafClass, input: string): string => dumpMafJson(loadMaf(JSON.parse(input), cls));

describe("pair-list additional_properties keys, as MAF spells them", () => {
  it("a -0.0 key is the float -0.0, equal to False (the first spelling stays, the last value wins)", () => {
    expect(maf("Content", '{"type": "text", "text": "x", "additional_properties": [[-0.0, 1], [false, 2]]}')).toBe(
      '{"type": "text", "text": "x", "additional_properties": {"-0.0": 2}}',
    );
    expect(maf("Message", '{"role": "user", "contents": [], "additional_properties": [[-0.0, 1]]}')).toBe(
      '{"type": "message", "role": "user", "contents": [], "additional_properties": {"-0.0": 1}}',
    );
  });
  it("a session's contents spell True / None / False with str(), a message's with json.dumps", () => {
    expect(
      maf(
        "AgentSession",
        '{"session_id": "s", "state": {"in_memory": {"messages": [{"type": "message", "role": "user", "contents": [{"type": "text", "text": "hi", "additional_properties": [[true, 1], [null, 2], [false, 3], [-0.0, 4]]}]}]}}}',
      ),
    ).toBe(
      '{"type": "session", "session_id": "s", "service_session_id": null, "state": {"in_memory": {"messages": [{"role": "user", "contents": [{"type": "text", "text": "hi", "additional_properties": {"True": 1, "None": 2, "False": 4}}], "additional_properties": {}, "type": "message"}]}}}',
    );
    expect(maf("Message", '{"role": "user", "contents": [{"type": "text", "text": "hi", "additional_properties": [[true, 1], [null, 2]]}]}')).toBe(
      '{"type": "message", "role": "user", "contents": [{"type": "text", "text": "hi", "additional_properties": {"true": 1, "null": 2}}], "additional_properties": {}}',
    );
  });
});
