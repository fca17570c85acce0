/** Hand-written formatter checks: the browser-side choices (no temp files, no downloads) and input safety. */
import { describe, expect, it } from "vitest";
import * as as from "../../src/agentscope/index.js";

const png = "iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGM8KnhtrignY2aw/k7tdwAjiQUnbk9pgQAAAABJRU5ErkJggg==";
const toolMsgs = () => [
  as.createMsg({ name: "bot", role: "assistant", content: [{ type: "tool_use", id: "c1", name: "shot", input: {} }] }),
  as.createMsg({
    name: "system",
    role: "system",
    content: [{ type: "tool_result", id: "c1", name: "shot", output: [{ type: "image", source: { type: "base64", media_type: "image/png", data: png } }] }],
  }),
];

describe("tool-result media without a file system", () => {
  it("defaults to a data URI where AgentScope writes a temp file", () => {
    const out = as.formatOpenAI(toolMsgs());
    expect(out[1]).toEqual({ role: "tool", tool_call_id: "c1", content: `The returned image can be found at: data:image/png;base64,${png}`, name: "shot" });
  });
  it("uses the saveMedia hook when given", () => {
    const out = as.formatGemini(toolMsgs(), { saveMedia: (t) => `blob:${t}` });
    expect(JSON.stringify(out)).toContain("can be found at: blob:image/png");
  });
  it("promotes tool images with their original bytes and never touches the caller's list", () => {
    const msgs = toolMsgs();
    const before = JSON.stringify(msgs);
    const out = as.formatOpenAI(msgs, { promoteToolResultImages: true });
    expect(JSON.stringify(msgs)).toBe(before);
    expect(out).toHaveLength(3);
    expect(JSON.stringify(out[2])).toContain(`data:image/png;base64,${png}`);
  });
});

describe("downloads", () => {
  const audio = () => [as.createMsg({ name: "u", role: "user", content: [{ type: "audio", source: { type: "url", url: "https://x/a.mp3" } }] })];
  it("asks for a downloadMedia hook", () => {
    expect(() => as.formatOpenAI(audio())).toThrow(expect.objectContaining({ type: "DownloadRequired" }));
  });
  it("uses the downloadMedia hook", () => {
    expect(as.formatOpenAI(audio(), { downloadMedia: () => "SUQz" })[0]).toEqual({
      role: "user",
      name: "u",
      content: [{ type: "input_audio", input_audio: { data: "SUQz", format: "mp3" } }],
    });
    expect(as.formatGemini(audio(), { downloadMedia: () => "SUQz" })[0]).toEqual({ role: "user", parts: [{ inline_data: { data: "SUQz", mime_type: "audio/mp3" } }] });
  });
  it("Gemini rejects .jpg like AgentScope", () => {
    const m = [as.createMsg({ name: "u", role: "user", content: [{ type: "image", source: { type: "url", url: "https://x/a.jpg" } }] })];
    expect(() => as.formatGemini(m, { downloadMedia: () => "x" })).toThrow(expect.objectContaining({ type: "TypeError" }));
  });
  it("local paths are not readable here (ValueError, as a missing file in Python)", () => {
    const m = [as.createMsg({ name: "u", role: "user", content: [{ type: "image", source: { type: "url", url: "/tmp/a.png" } }] })];
    expect(() => as.formatOpenAI(m)).toThrow('Invalid image URL: "/tmp/a.png". It should be a local file or a web URL.');
    expect(() => as.formatAnthropic(m)).toThrow(expect.objectContaining({ type: "ValueError" }));
  });
});

describe("Gemini thought_signature", () => {
  it("is sent as base64 (the JSON form of the bytes AgentScope decodes)", () => {
    const m = [as.createMsg({ name: "b", role: "assistant", content: [{ type: "text", text: "x", thought_signature: "adGh\n1LSh3naPpATW" }] })];
    expect(as.formatGemini(m)[0]).toEqual({ role: "model", parts: [{ text: "x", thought_signature: "adGh1LSh3naPpATW" }] });
  });
});
