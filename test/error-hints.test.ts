/**
 * Errors that say what to fix (issue 19.2): hints for the mistakes people make (a misspelt or
 * mis-cased `type`, JSON text instead of an object, a data URI or URL as an image, a `created_at`
 * that is not a date), nothing unbounded echoed back, and `Date`s accepted as datetimes.
 */
import * as z from "zod/mini";
import { describe, expect, it } from "vitest";
import {
  Datetime,
  Image,
  MessageRegistry,
  MessageValidationError,
  TextMessage,
  baseMessageFields,
  createMessage,
  load,
  messageType,
  safeLoad,
  type MessageIssue,
} from "../src/index.js";
import { TaskResult } from "../src/contracts/index.js";
import { describeInvalid } from "../src/cli/commands.js";
import { didYouMean, jsonTextHint, knownNames, nearestName } from "../src/wire/hints.js";

const PNG = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGP4z8AAAAMBAQDJ/pLvAAAAAElFTkSuQmCC";
const DATETIME_FORMS = 'accepted: ISO 8601 text ("2025-04-06T21:56:09.134Z", "2025-04-06 21:56+02:00", "2025-04-06"), unix seconds or milliseconds, a Date';
const DATA_URI = 'an image is {"data": "<base64>"}: the base64 text of a data URI, without its "data:…;base64," prefix';
const URL_HINT = 'an image is {"data": "<base64>"}, not a URL: download the image and pass its bytes base64-encoded';

function firstIssue(payload: unknown): MessageIssue & { error: MessageValidationError } {
  const r = safeLoad(payload);
  if (r.success) throw new Error("expected a rejection");
  return { ...r.error.issues[0]!, error: r.error };
}

describe("nearestName", () => {
  it("ignores case and allows a typo or two in longer names", () => {
    const kinds = ["TextMessage", "StopMessage", "ThoughtEvent", "HandoffMessage"];
    expect(nearestName("textmessage", kinds)).toBe("TextMessage");
    expect(nearestName("TEXTMESSAGE", kinds)).toBe("TextMessage");
    expect(nearestName("TextMesage", kinds)).toBe("TextMessage"); // one deletion
    expect(nearestName("TxetMessage", kinds)).toBe("TextMessage"); // one swap
    expect(nearestName("Text_Message", kinds)).toBe("TextMessage");
    expect(nearestName("HandOffMesage", kinds)).toBe("HandoffMessage");
    expect(nearestName("ThoughtEvents!", kinds)).toBe("ThoughtEvent"); // two insertions
    expect(nearestName("FooMessage", kinds)).toBeUndefined(); // four edits from TextMessage
    expect(nearestName("Thought", kinds)).toBeUndefined();
  });

  it("short names allow one edit; the closest wins, the first on a tie; long input is not compared", () => {
    expect(nearestName("ab", ["abc"])).toBe("abc");
    expect(nearestName("a", ["abc"])).toBeUndefined();
    expect(nearestName("StopMesage", ["StepMessage", "StopMessage"])).toBe("StopMessage");
    expect(nearestName("TopMessage", ["StopMessage", "TextMessage"])).toBe("StopMessage");
    expect(nearestName("x".repeat(101), ["x".repeat(100)])).toBeUndefined();
    expect(didYouMean(3, ["TextMessage"])).toBeUndefined();
    expect(knownNames("types", Array.from({ length: 23 }, (_, i) => `K${i}`))).toBe(
      `known types: ${Array.from({ length: 20 }, (_, i) => `K${i}`).join(", ")}, … (3 more)`,
    );
  });
});

describe("a misspelt or mis-cased type", () => {
  it("load suggests the nearest kind", () => {
    for (const type of ["textmessage", "TextMesage", "Text_Message", "textMessage"]) {
      const issue = firstIssue({ type, source: "a", content: "x" });
      expect(issue.path).toEqual(["type"]);
      expect(issue.message).toBe(`unknown message type ${JSON.stringify(type)}`);
      expect(issue.hint).toBe('did you mean "TextMessage"?');
      expect(issue.error.message).toBe(`Invalid message: type: unknown message type ${JSON.stringify(type)} (did you mean "TextMessage"?)`);
    }
    expect(firstIssue({ type: "toolcallrequestevent" }).hint).toBe('did you mean "ToolCallRequestEvent"?');
  });

  it("the registry's own kinds count, custom ones included", () => {
    const registry = new MessageRegistry().register({
      type: "ProgressEvent",
      group: "event",
      schema: z.object({ ...baseMessageFields, percent: z.number(), type: messageType("ProgressEvent") }),
      toText: (e) => `${e.percent}%`,
    });
    const r = registry.safeLoad({ type: "progressevent", source: "a", percent: 1 });
    expect(!r.success && r.error.issues[0]!.hint).toBe('did you mean "ProgressEvent"?');
    const far = registry.safeLoad({ type: "Nope" });
    expect(!far.success && far.error.issues[0]!.hint).toMatch(/^known types: TextMessage, .*, SelectorEvent, ProgressEvent, StructuredMessage\[<Name>\]$/);
  });

  it("a malformed structured type gets its form", () => {
    expect(firstIssue({ type: "StructuredMessage<Weather>" }).hint).toBe('a structured message\'s type is "StructuredMessage[<ContentModelName>]"');
  });

  it("the class schemas, the unions, createMessage and the contracts suggest too", () => {
    const e = (f: () => unknown) => {
      try {
        f();
      } catch (err) {
        return (err as MessageValidationError).message;
      }
      return "";
    };
    expect(e(() => TextMessage.parse({ type: "Textmessage", source: "a", content: "x" }))).toBe(
      'Invalid TextMessage: type: expected "TextMessage", got string "Textmessage" (did you mean "TextMessage"?)',
    );
    expect(e(() => createMessage("Textmessage" as "TextMessage", { source: "a", content: "x" }))).toBe(
      'Invalid message: type: unknown message type "Textmessage" (did you mean "TextMessage"?)',
    );
    expect(e(() => TaskResult.parse({ messages: [{ type: "TextMessag", source: "a", content: "x" }] }))).toBe(
      'Invalid TaskResult: messages[0].type: unknown message type "TextMessag" (did you mean "TextMessage"?)',
    );
  });

  it("an unknown type of 1 MB is cut like other echoed values", () => {
    const issue = firstIssue({ type: "y".repeat(1_000_000), source: "a" });
    expect(issue.message).toBe(`unknown message type "${"y".repeat(40)}…"`);
    expect(issue.error.message.length).toBeLessThan(1000);
  });
});

describe("nothing unbounded is echoed", () => {
  it("a long string value, a long key", () => {
    const long = firstIssue({ type: "TextMessage", source: "z".repeat(1_000_000) + 1, content: 5 });
    expect(long.error.message).toBe("Invalid TextMessage: content: expected string, got number 5");
    const value = firstIssue({ type: "TextMessage", source: 5, content: "x".repeat(1_000_000) });
    expect(value.error.message).toBe("Invalid TextMessage: source: expected string, got number 5");
    const stringValue = firstIssue({ type: "TextMessage", source: "a", content: "x", created_at: "q".repeat(1_000_000) });
    expect(stringValue.error.message.length).toBeLessThan(600);
    const key = firstIssue({ type: "TextMessage", source: "a", content: "x", metadata: { ["k".repeat(1_000_000)]: 1 } });
    expect(key.path).toEqual(["metadata", "k".repeat(1_000_000)]); // the issue keeps the real path
    expect(key.error.message).toBe(`Invalid TextMessage: metadata["${"k".repeat(40)}…"]: expected string, got number 1`);
  });
});

describe("JSON text where an object belongs", () => {
  const hint = "this string looks like JSON text: parse it first (JSON.parse)";
  const text = JSON.stringify({ type: "TextMessage", source: "a", content: "x" });

  it("a whole message given as text", () => {
    const issue = firstIssue(text);
    expect(issue).toMatchObject({ path: [], code: "model_type", message: "expected a message object, got string", hint });
    expect(issue.error.message).toBe(`Invalid message: (root): expected a message object, got string (${hint})`);
    expect(TextMessage.safeParse(` ${text}\n`).error?.issues[0]?.hint).toBe(hint);
  });

  it("structured content, metadata, a list", () => {
    expect(firstIssue({ type: "StructuredMessage[W]", source: "a", content: '{"city": "Oslo"}' })).toMatchObject({ path: ["content"], hint });
    expect(firstIssue({ type: "TextMessage", source: "a", content: "x", metadata: '{"k": "v"}' })).toMatchObject({ path: ["metadata"], hint });
    expect(firstIssue({ type: "ToolCallRequestEvent", source: "a", content: "[]" })).toMatchObject({ path: ["content"], hint });
  });

  it("other strings get no such hint", () => {
    expect(jsonTextHint("hello")).toBeUndefined();
    expect(jsonTextHint("{unclosed")).toBeUndefined();
    expect(jsonTextHint(42)).toBeUndefined();
    expect(firstIssue("TextMessage").hint).toBeUndefined();
  });
});

describe("an image given as a data URI or a URL", () => {
  const mm = (part: unknown) => ({ type: "MultiModalMessage", source: "a", content: ["look", part] });

  it("{ url } and { image_url: { url } } say that an image is its base64 bytes", () => {
    expect(firstIssue(mm({ url: "https://example.com/cat.png" }))).toMatchObject({ path: ["content", 1, "data"], hint: URL_HINT });
    expect(firstIssue(mm({ type: "image_url", image_url: { url: "https://example.com/cat.png" } })).hint).toBe(URL_HINT);
    expect(firstIssue(mm({ type: "image_url", image_url: { url: `data:image/png;base64,${PNG}` } })).hint).toBe(DATA_URI);
  });

  it("a data URI in data says to drop the prefix", () => {
    const issue = firstIssue(mm({ data: `data:image/png;base64,${PNG}` }));
    expect(issue.path).toEqual(["content", 1, "data"]);
    expect(issue.hint).toBe(DATA_URI);
    expect(load(mm({ data: PNG })).type).toBe("MultiModalMessage"); // what the hint leads to
  });

  it("Image.parse of a data URI or a URL", () => {
    expect(Image.safeParse(`data:image/png;base64,${PNG}`).error?.message).toBe(
      `Invalid Image: (root): expected an image object {"data": "<base64>"}, got string (${DATA_URI})`,
    );
    expect(Image.safeParse("https://example.com/a.png").error?.issues[0]?.hint).toBe(URL_HINT);
    expect(Image.safeParse('{"data": "x"}').error?.issues[0]?.hint).toBe("this string looks like JSON text: parse it first (JSON.parse)");
    expect(firstIssue(mm({ data: "!!not base64" })).hint).toBeUndefined(); // nothing to suggest
  });
});

describe("created_at", () => {
  it("that is not a date lists the accepted forms", () => {
    const issue = firstIssue({ type: "TextMessage", source: "a", content: "x", created_at: "yesterday" });
    expect(issue).toMatchObject({ path: ["created_at"], code: "datetime_from_date_parsing", hint: DATETIME_FORMS });
    expect(firstIssue({ type: "TextMessage", source: "a", content: "x", created_at: {} }).hint).toBe(DATETIME_FORMS);
  });

  it("a Date is the instant, written as pydantic writes a UTC datetime", () => {
    const at = new Date(Date.UTC(2025, 3, 6, 21, 56, 9, 134));
    expect(createMessage("TextMessage", { source: "a", content: "x", created_at: at }).created_at).toBe("2025-04-06T21:56:09.134000Z");
    expect(load({ type: "TextMessage", source: "a", content: "x", created_at: at }).created_at).toBe("2025-04-06T21:56:09.134000Z");
    expect(Datetime.parse(new Date(Date.UTC(2025, 0, 1)))).toBe("2025-01-01T00:00:00Z");
    expect(Datetime.parse(new Date(Date.UTC(1969, 11, 31, 23, 59, 59, 999)))).toBe("1969-12-31T23:59:59.999000Z");
    // Same instant as its ISO text (offsets are normalised to UTC the same way).
    expect(Datetime.parse(new Date("2025-04-06T23:56:09.134+02:00"))).toBe(Datetime.parse("2025-04-06T21:56:09.134Z"));
  });

  it("an Invalid Date or one outside years 1-9999 is rejected with the forms", () => {
    const invalid = firstIssue({ type: "TextMessage", source: "a", content: "x", created_at: new Date(NaN) });
    expect(invalid).toMatchObject({ code: "datetime_parsing", message: "invalid datetime: an Invalid Date", hint: DATETIME_FORMS });
    const late = new Date(0);
    late.setUTCFullYear(10000);
    expect(firstIssue({ type: "TextMessage", source: "a", content: "x", created_at: late }).message).toBe(
      "invalid Date +010000-01-01T00:00:00.000Z: dates after 9999 are not supported as unix timestamps",
    );
    const yearZero = new Date(0);
    yearZero.setUTCFullYear(0);
    expect(firstIssue({ type: "TextMessage", source: "a", content: "x", created_at: yearZero }).message).toMatch(/year 0 is out of range$/);
  });

  it("a Date subclass cannot run code through getTime", () => {
    class Sneaky extends Date {
      override getTime(): number {
        throw new Error("called");
      }
    }
    expect(Datetime.parse(new Sneaky(Date.UTC(2025, 0, 1)))).toBe("2025-01-01T00:00:00Z");
  });
});

describe("the command line shows the hint", () => {
  it("after the message, before the code", () => {
    const error = firstIssue({ type: "textmessage" }).error;
    expect(describeInvalid({ ok: false, at: { line: 3 }, error, payload: { type: "textmessage" } })).toEqual([
      'line 3: message: type: unknown message type "textmessage" (did you mean "TextMessage"?) [unknown_type]',
    ]);
  });
});
