/**
 * The contents and messages the AutoGen → MAF conversions build, in MAF 1.13's `to_dict()` key
 * order (written out by hand below, as `Content.to_dict()` / `Message.to_dict()` print them),
 * though wire-shape.ts takes the order from fields.ts rather than writing it.
 */
import { describe, expect, it } from "vitest";
import { dataContent, functionCallContent, functionResultContent, messageOf, reasoningContent, textContent, usageContent } from "../../src/maf/convert/wire-shape.js";

const json = (v: unknown) => JSON.stringify(v);

describe("maf/convert/wire-shape", () => {
  it("writes each content's fields in to_dict() order, None fields left out", () => {
    expect(json(textContent("hi"))).toBe('{"type":"text","text":"hi","additional_properties":{}}');
    expect(json(reasoningContent("r"))).toBe('{"type":"text_reasoning","text":"r","additional_properties":{}}');
    expect(json(dataContent("data:image/png;base64,AA==", "image/png"))).toBe('{"type":"data","uri":"data:image/png;base64,AA==","media_type":"image/png","additional_properties":{}}');
    expect(json(functionCallContent("c1", "f", "{}"))).toBe('{"type":"function_call","call_id":"c1","name":"f","arguments":"{}","additional_properties":{}}');
    expect(json(functionResultContent("c1", "ok", null))).toBe(
      '{"type":"function_result","call_id":"c1","result":"ok","items":[{"type":"text","text":"ok","additional_properties":{}}],"additional_properties":{}}',
    );
    expect(json(functionResultContent("c1", "boom", "Error: boom"))).toBe(
      '{"type":"function_result","call_id":"c1","exception":"Error: boom","result":"boom","items":[{"type":"text","text":"boom","additional_properties":{}}],"additional_properties":{}}',
    );
    expect(json(usageContent({ input_token_count: 1, output_token_count: 2, total_token_count: 3 }))).toBe(
      '{"type":"usage","usage_details":{"input_token_count":1,"output_token_count":2,"total_token_count":3},"additional_properties":{}}',
    );
  });

  it("writes a message's fields in to_dict() order, a null author or id left out", () => {
    expect(json(messageOf("assistant", [], "a", "m1"))).toBe('{"type":"message","role":"assistant","contents":[],"author_name":"a","message_id":"m1","additional_properties":{}}');
    expect(json(messageOf("user", [], null, null))).toBe('{"type":"message","role":"user","contents":[],"additional_properties":{}}');
  });
});
