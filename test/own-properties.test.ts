/**
 * Issue 18.3: `load` of a value that is not a plain object or array (a class instance, an
 * `Object.create` chain) reads only its own properties, as `JSON.stringify` would send them;
 * a payload whose fields are all inherited is a missing-field error. `dump`, the renderers and
 * the Console read own properties too. The expectation is independent of the implementation:
 * what the same value gives once it has been through `JSON.stringify` / `JSON.parse`.
 */
import { describe, expect, it } from "vitest";
import { ConsoleRenderer } from "../src/console/index.js";
import { DECLINE, compileParser } from "../src/fast/compile.js";
import { MessageValidationError, TextMessage, ToolCallRequestEvent, dump, load, parseWith, safeLoad, toModelMessage, toModelText, toText } from "../src/index.js";
import { TaskResult } from "../src/contracts/schemas.js";
import { ownView } from "../src/own-properties.js";
import { isOwnView, originOf } from "../src/wire/own-view.js";

/** The value as it would arrive over the wire: own enumerable properties only. */
const wire = (value: unknown): unknown => JSON.parse(JSON.stringify(value));
const fixed = { id: "m1", created_at: "2025-03-14T09:26:53Z" };

function rejection(payload: unknown): MessageValidationError {
  const r = safeLoad(payload);
  if (r.success) throw new Error(`accepted: ${JSON.stringify(r.data)}`);
  expect(r.error).toBeInstanceOf(MessageValidationError);
  return r.error;
}

class Note {
  type = "TextMessage";
  source = "writer";
  id = fixed.id;
  created_at = fixed.created_at;
  /** On the prototype: not an own property, so not read. */
  get content(): string {
    return "from the prototype";
  }
}

class FullNote extends Note {
  // An own field shadowing nothing; the getter above stays on Note.prototype.
  metadata = { lang: "en" };
  constructor(readonly text: string) {
    super();
    Object.defineProperty(this, "content", { value: text, enumerable: true });
  }
}

describe("load reads own properties only", () => {
  it("a class instance loads exactly as its JSON does", () => {
    const note = new FullNote("hello");
    expect(load(note)).toStrictEqual(load(wire(note)));
    expect(load(note)).toMatchObject({ type: "TextMessage", source: "writer", content: "hello", metadata: { lang: "en" } });
  });

  it("a field only on the prototype (a getter) is missing", () => {
    const e = rejection(new Note());
    expect(e.type).toBe("TextMessage");
    expect(e.issues).toEqual([{ path: ["content"], code: "missing", message: "Field required" }]);
    // …as it is once sent as JSON.
    expect(rejection(wire(new Note())).issues).toEqual(e.issues);
  });

  it("a payload whose fields are all inherited is rejected as a missing field", () => {
    const e = rejection(Object.create({ type: "TextMessage", source: "u", content: "hi" }));
    expect(e.issues).toHaveLength(1);
    expect(e.issues[0]).toMatchObject({ path: ["type"], code: "missing" });
    expect(() => load(Object.create({ type: "TextMessage", source: "u", content: "hi" }))).toThrow(MessageValidationError);
  });

  it("an own type with inherited fields: each required field is missing", () => {
    const payload = Object.assign(Object.create({ source: "u", content: "hi" }) as object, { type: "TextMessage" });
    expect(rejection(payload).issues.map((i) => [i.path.join("."), i.code])).toEqual([
      ["source", "missing"],
      ["content", "missing"],
    ]);
  });

  it("inherited optional fields are not read: the defaults apply", () => {
    const payload = Object.assign(Object.create({ metadata: { k: "v" }, models_usage: { prompt_tokens: 1, completion_tokens: 2 } }) as object, {
      type: "TextMessage",
      source: "u",
      content: "hi",
      ...fixed,
    });
    const m = load(payload);
    expect(m.metadata).toStrictEqual({});
    expect(m.models_usage).toBeNull();
  });

  it("nested objects the schema models (a FunctionCall) are read by their own properties too", () => {
    const call = Object.assign(Object.create({ name: "lookup" }) as object, { id: "c1", arguments: "{}" });
    const e = rejection({ type: "ToolCallRequestEvent", source: "a", content: [call] });
    expect(e.issues).toEqual([{ path: ["content", 0, "name"], code: "missing", message: "Field required" }]);
    class Call {
      constructor(
        readonly id: string,
        readonly arguments_: string,
      ) {}
    }
    // Own fields under other names do not stand in for the wire names.
    expect(rejection({ type: "ToolCallRequestEvent", source: "a", content: [new Call("c1", "{}")] }).issues.map((i) => formatted(i.path))).toEqual([
      "content.0.arguments",
      "content.0.name",
    ]);
  });

  it("own getters and own enumerable fields are read; non-enumerable own fields are not (as JSON.stringify)", () => {
    const payload = { type: "TextMessage", source: "u", ...fixed } as Record<string, unknown>;
    Object.defineProperty(payload, "content", { get: () => "from a getter", enumerable: true });
    const viaClass = Object.assign(Object.create(null) as object, payload);
    expect((load(payload) as { content?: unknown }).content).toBe("from a getter");
    expect((load(viaClass) as { content?: unknown }).content).toBe("from a getter");
    const hidden = new FullNote("x");
    Object.defineProperty(hidden, "source", { value: "hidden", enumerable: false });
    expect(rejection(hidden).issues).toEqual(rejection(wire(hidden)).issues);
  });

  it("never changes the input and returns plain objects", () => {
    const note = new FullNote("hello");
    const before = JSON.stringify(note);
    const m = load(note);
    expect(JSON.stringify(note)).toBe(before);
    expect(Object.getPrototypeOf(note)).toBe(FullNote.prototype);
    expect(Object.getPrototypeOf(m)).toBe(Object.prototype);
    expect(Object.getPrototypeOf(m.metadata)).toBe(Object.prototype);
    expect(m.metadata).not.toBe(note.metadata);
  });

  it("free-form JSON still rejects class instances, naming the class", () => {
    class City {
      constructor(readonly name: string) {}
    }
    const structured = rejection({ type: "StructuredMessage[Trip]", source: "a", content: { city: new City("Oslo") } });
    expect(structured.issues[0]).toMatchObject({ path: ["content", "city"], message: "expected JSON data, got an instance of City" });
    const whole = rejection({ type: "StructuredMessage[Trip]", source: "a", content: new City("Oslo") });
    expect(whole.issues[0]).toMatchObject({ path: ["content"], code: "dict_type" });
  });

  it("hostile objects: a throwing getter, a revoked proxy, a cycle are MessageValidationErrors", () => {
    const throwing = new FullNote("x");
    Object.defineProperty(throwing, "source", { get: () => { throw new Error("no"); }, enumerable: true });
    expect(rejection(throwing).issues[0]).toMatchObject({ path: ["source"], code: "value_error", message: "could not read the value: Error: no" });
    const { proxy, revoke } = Proxy.revocable({}, {});
    revoke();
    expect(rejection(proxy).issues[0]).toMatchObject({ code: "value_error" });
    const cyclic = new FullNote("x") as FullNote & { self?: unknown };
    cyclic.self = cyclic; // read as JSON.stringify would send it, which refuses a cycle: the view does too
    expect(rejection(cyclic).issues[0]).toMatchObject({ path: ["self"], code: "recursion_loop" });
  });

  it("the other loaders (parseWith over a schema) read own properties too", () => {
    expect(() => parseWith(TaskResult, Object.create({ messages: [], stop_reason: null }), "TaskResult")).toThrow(
      /messages: Field required/,
    );
    const result = Object.assign(Object.create({ stop_reason: "inherited" }) as object, { messages: [new FullNote("a")] });
    expect(parseWith(TaskResult, result, "TaskResult")).toStrictEqual(parseWith(TaskResult, wire(result), "TaskResult"));
  });

  it("the fast path (generated and closures) declines a class instance, so zod decides", () => {
    const note = new FullNote("hello");
    for (const jit of [true, false]) {
      for (const schema of [TextMessage, ToolCallRequestEvent]) {
        const parse = compileParser(schema, new WeakMap(), jit);
        expect(parse).not.toBeNull();
        expect(parse!(note)).toBe(DECLINE);
        expect(parse!(Object.create(wire(note) as object))).toBe(DECLINE);
        expect(parse!(ownView(note))).toBe(DECLINE);
      }
      const plainOuter = { type: "ToolCallRequestEvent", source: "a", content: [Object.assign(Object.create({ name: "f" }) as object, { id: "1", arguments: "{}" })] };
      expect(compileParser(ToolCallRequestEvent, new WeakMap(), jit)!(plainOuter)).toBe(DECLINE);
    }
  });
});

describe("dump, the renderers and the Console read own properties too", () => {
  const loaded = load({ type: "TextMessage", source: "writer", content: "hello", ...fixed });

  it("dump of a class instance writes its own fields in Python's order, nothing inherited", () => {
    const note = new FullNote("hello");
    expect(JSON.stringify(dump(note))).toBe(JSON.stringify(dump(wire(note))));
    expect(Object.keys(dump(note) as object)).toEqual(["id", "source", "metadata", "created_at", "content", "type"]);
    // Without a content of its own, content is absent (dump does not validate).
    expect(dump(new Note())).toStrictEqual({ id: "m1", source: "writer", created_at: fixed.created_at, type: "TextMessage" });
    // A nested FunctionCall instance inside a plain message: own fields only.
    const call = Object.assign(Object.create({ name: "inherited" }) as object, { id: "c1", arguments: "{}" });
    expect((dump({ type: "ToolCallRequestEvent", source: "a", content: [call] }) as { content: unknown[] }).content).toStrictEqual([{ id: "c1", arguments: "{}" }]);
    // An object that only inherits a message has no type of its own: not dumped as that message.
    expect(() => dump(Object.create(loaded))).toThrow(/cannot dump: expected JSON data/);
  });

  it("toText / toModelText / toModelMessage: a prototype's fields are not the message's", () => {
    const note = new FullNote("hello");
    expect(toText(note)).toBe("hello");
    expect(toModelText(note as never)).toBe("hello");
    expect(toModelMessage(note as never)).toStrictEqual({ content: "hello", source: "writer", type: "UserMessage" });
    expect(() => toText(Object.create(loaded))).toThrow(MessageValidationError);
    expect(() => toText(Object.create(loaded))).toThrow(/not a known message type/);
  });

  it("the Console renders a class instance as its JSON, and ignores inherited fields", () => {
    const note = new FullNote("hello");
    const withUsage = Object.assign(Object.create({ models_usage: { prompt_tokens: 5, completion_tokens: 7 } }) as object, wire(note));
    const a = new ConsoleRenderer({ outputStats: true });
    const b = new ConsoleRenderer({ outputStats: true });
    expect(a.write(withUsage as never)).toBe(b.write(wire(note) as never));
    expect(a.write(withUsage as never)).toBe("---------- TextMessage (writer) ----------\nhello\n");
  });
});

describe("ownView", () => {
  it("returns plain JSON data itself, with no copy", () => {
    const data = wire({ a: [1, { b: "c" }], d: null });
    expect(ownView(data)).toBe(data);
  });

  it("views class instances at any depth, copying only the containers on the way", () => {
    class P {
      constructor(readonly x: number) {}
    }
    const inner = { keep: { same: true } };
    const data = { list: [1, new P(2)], inner };
    const v = ownView(data) as { list: unknown[]; inner: unknown };
    expect(v).not.toBe(data);
    expect(v.inner).toBe(inner);
    expect(isOwnView(v.list[1])).toBe(true);
    expect(originOf(v.list[1] as object)).toBe(data.list[1]);
    expect({ ...(v.list[1] as object) }).toStrictEqual({ x: 2 });
    expect(data.list[1]).toBeInstanceOf(P);
  });

  it("leaves built-ins (Date, Map) to the schemas, turns Array subclasses into arrays, keeps __proto__ keys as data", () => {
    const date = new Date(0);
    const map = new Map();
    expect(ownView(date)).toBe(date);
    expect(ownView(map)).toBe(map);
    class List extends Array<number> {}
    const list = List.from([1, 2]);
    const v = ownView(list) as unknown[];
    expect(Object.getPrototypeOf(v)).toBe(Array.prototype);
    expect(v).toEqual([1, 2]);
    const chain = Object.create({ inherited: 1 }) as Record<string, unknown>;
    Object.defineProperty(chain, "__proto__", { value: "data", enumerable: true });
    const viewed = ownView(chain) as Record<string, unknown>;
    expect(Object.keys(viewed)).toEqual(["__proto__"]);
    expect(viewed.inherited).toBeUndefined();
  });
});

function formatted(path: ReadonlyArray<string | number>): string {
  return path.join(".");
}
