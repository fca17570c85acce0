/**
 * In-process hostile values: what a TypeScript caller can hand a loader that JSON text cannot
 * hold. Each is generated as a small descriptor (shown when a property fails) and built fresh
 * by {@link buildHostile}, so no input is shared between runs.
 */
import fc from "fast-check";

/** A thrown value of an odd kind: what a getter or proxy trap throws. */
export type OddThrown = "error" | "null-proto" | "throwing-toString" | "throwing-message" | "symbol" | "undefined" | "string" | "huge-string" | "number" | "proxy";

/** A hostile value's recipe. */
export type Hostile =
  | { kind: "cycle"; shape: "self-array" | "double-array" | "self-object" | "chain"; length: number }
  | { kind: "getter"; key: string; thrown: OddThrown }
  | { kind: "proxy"; trap: "get" | "ownKeys" | "getPrototypeOf" | "has" | "getOwnPropertyDescriptor" | "revoked"; thrown: OddThrown }
  | { kind: "class"; which: "own" | "inherited" | "toStringTag" | "accessor" | "array-subclass" | "null-proto-chain" }
  | { kind: "builtin"; which: "Map" | "Set" | "Date" | "invalid-Date" | "RegExp" | "Uint8Array" | "ArrayBuffer" | "boxed-string" | "boxed-number" | "Error" | "Promise" | "WeakMap" }
  | { kind: "primitive"; which: "bigint" | "symbol" | "function" | "undefined" | "NaN" | "-0" | "Infinity" | "max-bigint" }
  | { kind: "symbol-key"; value: "string" | "object" }
  | { kind: "huge-string"; char: "A" | "é" | "\ud800" | "{" | "\u0000" }
  | { kind: "deep"; depth: number; array: boolean }
  | { kind: "sparse"; length: number }
  | { kind: "array-extras" }
  | { kind: "proto-key"; key: "__proto__" | "constructor" | "prototype" };

export const oddThrown: fc.Arbitrary<OddThrown> = fc.constantFrom(
  "error",
  "null-proto",
  "throwing-toString",
  "throwing-message",
  "symbol",
  "undefined",
  "string",
  "huge-string",
  "number",
  "proxy",
);

/** The keys a getter is put on: dispatch keys, the fields most schemas read, and any key. */
const GETTER_KEYS = ["type", "provider", "config", "content", "source", "messages", "data", "agent_states", "llm_context", "models_usage", "metadata", "chat_message", "task_result"];

/** Cheap kinds are common; the costly ones (10 MB strings, 10,000 levels, 20,000 holes) rare. */
const often = <T>(arbitrary: fc.Arbitrary<T>) => ({ arbitrary, weight: 100 });
const rarely = <T>(arbitrary: fc.Arbitrary<T>) => ({ arbitrary, weight: 1 });

export const hostile: fc.Arbitrary<Hostile> = fc.oneof(
  often(fc.record({ kind: fc.constant("cycle" as const), shape: fc.constantFrom("self-array" as const, "double-array" as const, "self-object" as const, "chain" as const), length: fc.integer({ min: 1, max: 40 }) })),
  often(fc.record({ kind: fc.constant("getter" as const), key: fc.oneof(fc.constantFrom(...GETTER_KEYS), fc.string({ maxLength: 6 })), thrown: oddThrown })),
  often(
    fc.record({
      kind: fc.constant("proxy" as const),
      trap: fc.constantFrom("get" as const, "ownKeys" as const, "getPrototypeOf" as const, "has" as const, "getOwnPropertyDescriptor" as const, "revoked" as const),
      thrown: oddThrown,
    }),
  ),
  often(fc.record({ kind: fc.constant("class" as const), which: fc.constantFrom("own" as const, "inherited" as const, "toStringTag" as const, "accessor" as const, "array-subclass" as const, "null-proto-chain" as const) })),
  often(
    fc.record({
      kind: fc.constant("builtin" as const),
      which: fc.constantFrom("Map" as const, "Set" as const, "Date" as const, "invalid-Date" as const, "RegExp" as const, "Uint8Array" as const, "ArrayBuffer" as const, "boxed-string" as const, "boxed-number" as const, "Error" as const, "Promise" as const, "WeakMap" as const),
    }),
  ),
  often(fc.record({ kind: fc.constant("primitive" as const), which: fc.constantFrom("bigint" as const, "symbol" as const, "function" as const, "undefined" as const, "NaN" as const, "-0" as const, "Infinity" as const, "max-bigint" as const) })),
  often(fc.record({ kind: fc.constant("symbol-key" as const), value: fc.constantFrom("string" as const, "object" as const) })),
  often(fc.record({ kind: fc.constant("deep" as const), depth: fc.integer({ min: 200, max: 600 }), array: fc.boolean() })),
  often(fc.record({ kind: fc.constant("sparse" as const), length: fc.integer({ min: 1, max: 1000 }) })),
  often(fc.record({ kind: fc.constant("array-extras" as const) })),
  often(fc.record({ kind: fc.constant("proto-key" as const), key: fc.constantFrom("__proto__" as const, "constructor" as const, "prototype" as const) })),
  rarely(fc.record({ kind: fc.constant("huge-string" as const), char: fc.constantFrom("A" as const, "é" as const, "\ud800" as const, "{" as const, "\u0000" as const) })),
  rarely(fc.record({ kind: fc.constant("deep" as const), depth: fc.constant(10_000), array: fc.boolean() })),
  rarely(fc.record({ kind: fc.constant("sparse" as const), length: fc.constant(20_000) })),
);

/** One 10 MB string per character (strings are values: sharing them shares nothing mutable). */
const HUGE = new Map<string, string>();
function huge(char: string): string {
  let s = HUGE.get(char);
  if (s === undefined) HUGE.set(char, (s = char.repeat(10 * 1024 * 1024)));
  return s;
}

/** The value a getter or trap throws. */
export function thrownValue(kind: OddThrown): unknown {
  switch (kind) {
    case "error":
      return new RangeError("thrown by a getter");
    case "null-proto":
      return Object.create(null) as object;
    case "throwing-toString":
      return {
        toString() {
          throw new Error("toString");
        },
      };
    case "throwing-message":
      return Object.defineProperty(new Error(), "message", {
        get() {
          throw new Error("message");
        },
      });
    case "symbol":
      return Symbol("thrown");
    case "undefined":
      return undefined;
    case "string":
      return "a thrown string";
    case "huge-string":
      return huge("A");
    case "number":
      return 42;
    case "proxy":
      return new Proxy(
        {},
        {
          get() {
            throw new Error("a thrown proxy's trap");
          },
        },
      );
  }
}

class Note {
  type = "TextMessage";
  source = "me";
  content = "own";
}
class Inherits {
  own = 1;
}
Object.defineProperty(Inherits.prototype, "content", { get: () => "inherited", enumerable: true });
class Tagged {
  a = 1;
  get [Symbol.toStringTag]() {
    return "Tagged";
  }
}
class Accessor {
  #v = "x";
  get value() {
    return this.#v;
  }
}
class List extends Array<unknown> {}

/** Every hostile value built: the mutators leave them alone (reading one may throw). */
export const BUILT = new WeakSet<object>();

/** Builds the value a descriptor describes. */
export function buildHostile(h: Hostile): unknown {
  const v = build(h);
  if ((typeof v === "object" && v !== null) || typeof v === "function") BUILT.add(v);
  return v;
}

function build(h: Hostile): unknown {
  switch (h.kind) {
    case "cycle": {
      if (h.shape === "self-array") {
        const a: unknown[] = [];
        a.push(a);
        return a;
      }
      if (h.shape === "double-array") {
        const a: unknown[] = [];
        a.push(a, a);
        return a;
      }
      if (h.shape === "self-object") {
        const o: Record<string, unknown> = { type: "TextMessage", source: "s" };
        o.content = o;
        o.config = o;
        return o;
      }
      // A ring of `length` objects, each holding the next twice (2^length paths without a visited set).
      const first: Record<string, unknown> = {};
      let cur = first;
      for (let i = 1; i < h.length; i++) {
        const next: Record<string, unknown> = {};
        cur.a = next;
        cur.b = next;
        cur = next;
      }
      cur.a = first;
      cur.b = [first];
      return first;
    }
    case "getter": {
      const o: Record<string, unknown> = { type: "TextMessage", source: "s", content: "c" };
      Object.defineProperty(o, h.key, {
        enumerable: true,
        get() {
          throw thrownValue(h.thrown);
        },
      });
      return o;
    }
    case "proxy": {
      const fail = () => {
        throw thrownValue(h.thrown);
      };
      const target = { type: "TextMessage", source: "s", content: "c", provider: "x", config: {} };
      if (h.trap === "revoked") {
        const { proxy, revoke } = Proxy.revocable(target, {});
        revoke();
        return proxy;
      }
      return new Proxy(target, { [h.trap]: fail });
    }
    case "class":
      switch (h.which) {
        case "own":
          return new Note();
        case "inherited":
          return new Inherits();
        case "toStringTag":
          return new Tagged();
        case "accessor":
          return new Accessor();
        case "array-subclass":
          return List.from([1, "a", { b: null }]);
        case "null-proto-chain":
          return Object.create(Object.create(null, { type: { value: "TextMessage", enumerable: true } }) as object) as object;
      }
      break;
    case "builtin":
      switch (h.which) {
        case "Map":
          return new Map([["type", "TextMessage"]]);
        case "Set":
          return new Set([1]);
        case "Date":
          return new Date(0);
        case "invalid-Date":
          return new Date(NaN);
        case "RegExp":
          return /x/g;
        case "Uint8Array":
          return new Uint8Array([0x89, 0x50, 0x4e, 0x47]);
        case "ArrayBuffer":
          return new ArrayBuffer(4);
        case "boxed-string":
          return new String("TextMessage");
        case "boxed-number":
          return new Number(3);
        case "Error":
          return new TypeError("an error as data");
        case "Promise":
          return Promise.resolve(1);
        case "WeakMap":
          return new WeakMap();
      }
      break;
    case "primitive":
      switch (h.which) {
        case "bigint":
          return 10n;
        case "max-bigint":
          return 2n ** 70n;
        case "symbol":
          return Symbol("value");
        case "function":
          return function named() {};
        case "undefined":
          return undefined;
        case "NaN":
          return NaN;
        case "-0":
          return -0;
        case "Infinity":
          return -Infinity;
      }
      break;
    case "symbol-key":
      return { type: "TextMessage", source: "s", content: "c", [Symbol("k")]: h.value === "string" ? "v" : { a: 1 } };
    case "huge-string":
      return huge(h.char);
    case "deep": {
      let v: unknown = "leaf";
      for (let i = 0; i < h.depth; i++) v = h.array ? [v] : { a: v };
      return v;
    }
    case "sparse": {
      const a = new Array<unknown>(h.length);
      a[h.length - 1] = "last";
      return a;
    }
    case "array-extras": {
      const a: unknown[] & { extra?: unknown } = ["x"];
      a.extra = { y: 1 };
      return a;
    }
    case "proto-key": {
      const o: Record<string, unknown> = {};
      Object.defineProperty(o, h.key, { value: { polluted: true }, enumerable: true, writable: true, configurable: true });
      return o;
    }
  }
  return undefined;
}
