// An app whose ESM code imports the package while a CommonJS dependency requires it (the
// dual-package hazard): both copies must share the registries. Run by test/package/registry.test.ts
// in a child `node`; resolves "agentchat-messages" through package.json's own `exports`.
import { createRequire } from "node:module";
import * as z from "zod/mini";
import * as esm from "agentchat-messages";
import * as esmContracts from "agentchat-messages/contracts";

const require = createRequire(import.meta.url);
const cjs = require("agentchat-messages");
const cjsContracts = require("agentchat-messages/contracts");
const cjsStream = require("agentchat-messages/stream");

const report = { cjsIsNotEsm: esm.load !== cjs.load && esm.defaultRegistry !== cjs.defaultRegistry };

// A CommonJS dependency registers a kind; the ESM app loads it, and the other way round.
cjs.defaultRegistry.register({
  type: "ProgressEvent",
  group: "event",
  schema: z.object({ ...cjs.baseMessageFields, percent: z.number(), type: cjs.messageType("ProgressEvent") }),
  toText: (e) => `${e.percent}%`,
});
esm.defaultRegistry.register({
  type: "NoteMessage",
  group: "chat",
  schema: z.object({ ...esm.baseMessageFields, content: z.string(), type: esm.messageType("NoteMessage") }),
  toText: (m) => m.content,
  toModelText: (m) => m.content,
  toModelMessage: (m) => ({ type: "UserMessage", source: m.source, content: m.content }),
});
const progress = { type: "ProgressEvent", source: "w", percent: 5 };
const note = { type: "NoteMessage", source: "p", content: "hi" };
report.esmLoadsCjsKind = esm.toText(esm.load(progress));
report.sameTypes = JSON.stringify(esm.defaultRegistry.types()) === JSON.stringify(cjs.defaultRegistry.types());
// Each copy's errors are its own class: instanceof works in either module system.
const errorOf = (lib) => { try { lib.load({ ...progress, percent: "x" }); } catch (e) { return e; } };
report.esmErrorIsEsm = errorOf(esm) instanceof esm.MessageValidationError;
report.cjsErrorIsCjs = errorOf(cjs) instanceof cjs.MessageValidationError;
report.errorMessage = errorOf(esm).message;
report.cjsLoadsEsmKind = cjs.toText(cjs.load(note));
const lines = [];
for await (const item of cjsStream.readMessages([`${JSON.stringify(progress)}\n${JSON.stringify(note)}\n`])) lines.push(item.ok ? item.message.type : item.error.message);
report.cjsStream = lines;

// A content model built with one copy's LaxFloat, registered through the other: the renderers
// recognise the float field (the wire field registry is shared), so -11 renders as Python's -11.0.
const Weather = z.object({ city: z.string(), temperature: cjs.LaxFloat });
esm.defaultRegistry.registerStructuredMessage("Weather", Weather, { formatString: "{city}: {temperature}" });
report.floatAcrossCopies = esm.toText(esm.load({ type: "StructuredMessage[Weather]", source: "b", content: { city: "Oslo", temperature: -11 } }));

// A contract built with the ESM messageField, dumped by the CommonJS dumpContract: the message is
// dumped in Python's key order (the set of message fields is shared).
const Envelope = z.object({ message: esmContracts.messageField() });
const value = Envelope.parse({ message: { content: "x", source: "a", type: "TextMessage", id: "1", created_at: "2025-01-01T00:00:00Z" } });
report.contractKeys = Object.keys(cjsContracts.dumpContract(Envelope, value).message);

// The id generator an ESM app installs is the one a CommonJS dependency's createMessage uses.
esm.setIdGenerator(() => "custom-id");
report.cjsId = cjs.createMessage("TextMessage", { source: "a", content: "x" }).id;
esm.resetIdGenerator();
report.cjsIdAfterReset = cjs.createMessage("TextMessage", { source: "a", content: "x" }).id.length;

report.key = Object.getOwnPropertySymbols(globalThis).map(String).filter((s) => s.includes("agentchat-messages@")).sort();
process.stdout.write(JSON.stringify(report));
