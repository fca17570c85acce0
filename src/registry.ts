/**
 * The registry of message kinds: what `load` dispatches to and what the renderers use.
 * It starts with the built-in kinds and can take an app's own chat messages and events
 * (as AutoGen's `MessageFactory.register` does) and the content schemas of its
 * `StructuredMessage[<Name>]` messages.
 */
import * as z from "zod/mini";
import { MessageValidationError } from "./errors.js";
import { BUILTIN_KINDS, type AgentMessage, type KindGroup } from "./kinds.js";
import { invalid, readKey, safeParseWith, unreadable, type SafeLoadResult } from "./parse.js";
import {
  StructuredMessage,
  isStructuredMessageType,
  structuredContentName,
  structuredMessageSchema,
} from "./schemas/chat-messages.js";
import { BUILTIN_RENDERERS, structuredRenderers, type KindRenderers } from "./kind-renderers/builtin.js";
import { jsonTypeName, quoteName, quoteShort } from "./wire/check.js";
import { didYouMean, jsonTextHint, knownNames } from "./wire/hints.js";
import { ownView } from "./own-properties.js";
import { isPlainObject } from "./wire/json-data.js";
import { DECLINE, fastParser, type FastParser } from "./fast/compile.js";
import { preprocess } from "./zod-def.js";
import { processWide } from "./process-wide.js";

/** A kind the registry knows: its schema, group and renderers. */
export interface MessageKind<M = any> extends KindRenderers<M> {
  /** The wire `type` value. */
  readonly type: string;
  /** `chat` (agent-to-agent, needs `toModelText` and `toModelMessage`) or `event`. */
  readonly group: KindGroup;
  /** Validates a payload of this kind and returns the message as the library holds it. */
  readonly schema: z.core.$ZodType<M>;
}

/** A custom kind to register: a chat message (with model renderers) or an event. */
export type CustomKind<M extends { type: string; source: string }> =
  | (MessageKind<M> & { readonly group: "chat"; toModelText: NonNullable<KindRenderers<M>["toModelText"]>; toModelMessage: NonNullable<KindRenderers<M>["toModelMessage"]> })
  | (MessageKind<M> & { readonly group: "event" });

/** Options of {@link MessageRegistry.registerStructuredMessage}. */
export interface StructuredMessageOptions {
  /** Used as `format_string` when a payload has none (AutoGen's `StructuredMessageFactory(format_string=…)`). */
  readonly formatString?: string | null;
}

/** Thrown for a registration the registry refuses (duplicate type, invalid definition). */
export class MessageRegistryError extends Error {
  static override readonly name: string = "MessageRegistryError"; // what Node prints, even when a bundler renames the class
  override readonly name = "MessageRegistryError";
}

/** What registrations a registry holds: an app's kinds and structured content schemas. */
interface Registrations {
  readonly kinds: Map<string, MessageKind>;
  readonly structured: Map<string, MessageKind>;
}

/** Registrations for the next registry constructed (the default one), taken by its constructor. */
let adopting: Registrations | undefined;

/**
 * A set of message kinds. `defaultRegistry` (used by `load`, `toText`, …) holds the built-in
 * kinds; create your own with `new MessageRegistry()` to keep registrations local.
 *
 * @example
 * const registry = new MessageRegistry();
 * registry.registerStructuredMessage("Weather", z.object({ city: z.string(), temperature: z.number() }));
 * registry.load({ type: "StructuredMessage[Weather]", source: "bot", content: { city: "Oslo", temperature: 3 } });
 */
export class MessageRegistry {
  /** The built-in kinds, this copy of the library's own. */
  readonly #builtins = new Map<string, MessageKind>();
  /** What was registered: an app's kinds, and its structured content schemas by name. */
  readonly #kinds: Map<string, MessageKind>;
  readonly #structured: Map<string, MessageKind>;
  /** The compiled parsers of the built-in kinds by type (a built-in type never changes kind): one lookup a message. */
  readonly #fast = new Map<string, FastParser | null>();
  readonly #generic: MessageKind = { type: "StructuredMessage[*]", group: "chat", schema: StructuredMessage, ...structuredRenderers(undefined) };

  /** A registry holding the built-in kinds. */
  constructor() {
    for (const [type, entry] of BUILTIN_KINDS) {
      this.#builtins.set(type, { ...entry, ...(BUILTIN_RENDERERS as unknown as Record<string, KindRenderers<unknown>>)[type]! });
    }
    const shared = adopting;
    adopting = undefined;
    this.#kinds = shared?.kinds ?? new Map();
    this.#structured = shared?.structured ?? new Map();
  }

  /**
   * Registers an app-defined chat message or event. Its `type` must be new (a duplicate is an
   * error, as in AutoGen's `MessageFactory.register`); chat kinds need `toModelText` and
   * `toModelMessage`.
   *
   * @example
   * registry.register({
   *   type: "ProgressEvent", group: "event",
   *   schema: z.object({ ...baseMessageFields, content: z.number(), type: messageType("ProgressEvent") }),
   *   toText: (m) => `${m.content}%`,
   * });
   */
  register<M extends { type: string; source: string }>(kind: CustomKind<M>): this {
    if (typeof kind.type !== "string" || kind.type.length === 0) throw new MessageRegistryError("A message kind needs a non-empty string type.");
    if (this.#builtins.has(kind.type) || this.#kinds.has(kind.type) || isStructuredMessageType(kind.type)) {
      throw new MessageRegistryError(`Message type ${kind.type} is already registered.`);
    }
    const group: unknown = kind.group;
    if (group !== "chat" && group !== "event") throw new MessageRegistryError(`Message type ${kind.type} must be a chat message or an agent event.`);
    if (typeof kind.toText !== "function") throw new MessageRegistryError(`Message type ${kind.type} needs a toText renderer.`);
    if (kind.group === "chat" && (typeof kind.toModelText !== "function" || typeof kind.toModelMessage !== "function")) {
      throw new MessageRegistryError(`Chat message type ${kind.type} needs toModelText and toModelMessage renderers.`);
    }
    this.#kinds.set(kind.type, kind as MessageKind);
    return this;
  }

  /**
   * Registers the content schema of `StructuredMessage[<name>]`: `load` then validates the
   * content with it, and the renderers write its float fields as Python floats (`-11.0`).
   * Returns the message schema.
   *
   * @example
   * registry.registerStructuredMessage("Weather", Weather, { formatString: "{city}: {temperature}°" });
   */
  registerStructuredMessage<const Name extends string, Content extends z.core.$ZodType>(
    name: Name,
    content: Content,
    options: StructuredMessageOptions = {},
  ) {
    if (typeof name !== "string" || !name || name.includes("]")) throw new MessageRegistryError(`Invalid content model name ${JSON.stringify(name)}.`);
    const type = `StructuredMessage[${name}]`;
    if (this.#structured.has(name)) throw new MessageRegistryError(`Message type ${type} is already registered.`);
    const base = structuredMessageSchema(name, content);
    const formatString = options.formatString ?? null;
    // A default format string applies when the payload has none, as when AutoGen's factory builds the message.
    const schema =
      formatString === null
        ? base
        : preprocess(
            (v) => (v !== null && typeof v === "object" && !Array.isArray(v) && (v as { format_string?: unknown }).format_string === undefined ? { ...v, format_string: formatString } : v),
            base,
          );
    this.#structured.set(name, { type, group: "chat", schema, ...structuredRenderers(content) });
    return base;
  }

  /**
   * The kind for a `type` value: a registered kind, a registered structured message, the
   * generic structured message for other `StructuredMessage[<Name>]`, or undefined.
   *
   * @example defaultRegistry.kind("TextMessage")?.group // "chat"
   */
  kind(type: string): MessageKind | undefined {
    const kind = this.#builtins.get(type) ?? this.#kinds.get(type);
    if (kind) return kind;
    const name = structuredContentName(type);
    return name === null ? undefined : (this.#structured.get(name) ?? this.#generic);
  }

  /** Every registered `type` (built-in, custom, and registered structured messages). */
  types(): string[] {
    return [...this.#builtins.keys(), ...this.#kinds.keys(), ...[...this.#structured.keys()].map((n) => `StructuredMessage[${n}]`)];
  }

  /** Like {@link MessageRegistry.load}, returning `{ success, data | error }`. */
  safeLoad(payload: unknown): SafeLoadResult<AgentMessage> {
    let type: unknown;
    let plain = false;
    try {
      if (payload === null || typeof payload !== "object" || Array.isArray(payload)) {
        const issue = { path: [], code: "model_type", message: `expected a message object, got ${jsonTypeName(payload)}` };
        const hint = jsonTextHint(payload);
        return invalid(undefined, hint === undefined ? issue : { ...issue, hint });
      }
      // A class instance or prototype chain is read by its own properties (see own-view.ts);
      // plain objects, the common case, go to the fast path as they are (told so: no second test).
      plain = isPlainObject(payload);
      if (!plain) payload = ownView(payload);
      type = readKey(payload as object, "type");
    } catch (e) {
      // A revoked proxy, a throwing getter, a cycle in a class instance: nothing can be read.
      return unreadable(undefined, e);
    }
    if (type === undefined || type === null) {
      return invalid(undefined, {
        path: ["type"],
        code: "missing",
        message: "Field 'type' is required in the message data to recover the message type",
      });
    }
    if (typeof type !== "string") {
      return invalid(undefined, {
        path: ["type"],
        code: "unknown_type",
        message: `expected a message type name (string), got ${jsonTypeName(type)}`,
      });
    }
    let fast = this.#fast.get(type);
    if (fast === undefined) {
      const kind = this.kind(type);
      if (!kind) return invalid(undefined, { path: ["type"], code: "unknown_type", message: `unknown message type ${quoteShort(type)}`, hint: this.#typeHint(type) });
      fast = fastParser(kind.schema);
      if (this.#builtins.has(type)) this.#fast.set(type, fast);
    }
    // The compiled fast path only accepts; anything it declines (or throws on) goes to zod,
    // which decides and explains the rejection.
    if (fast !== null) {
      try {
        const data = fast(payload, plain);
        if (data !== DECLINE) return { success: true, data: data as AgentMessage };
      } catch {
        // A hostile input (throwing getter, proxy): zod reports it.
      }
    }
    return safeParseWith(this.kind(type)!.schema, payload, type) as SafeLoadResult<AgentMessage>;
  }

  /** Validates a payload against this registry's kinds; see the top-level `load`. */
  load(payload: unknown): AgentMessage {
    // The common case (a plain object of a built-in kind the compiled parser accepts) returns
    // without building safeLoad's result wrapper: at ~0.7 µs a message, that wrapper is garbage
    // worth a few percent. Anything else (declined, thrown on, unknown) takes safeLoad's path,
    // which decides and explains it exactly as before.
    try {
      if (isPlainObject(payload)) {
        const type = payload.type;
        const fast = typeof type === "string" ? this.#fast.get(type) : undefined;
        if (fast) {
          const data = fast(payload, true);
          if (data !== DECLINE) return data as AgentMessage;
        }
      }
    } catch {
      // A proxy's trap or a getter that threw: safeLoad reads it again and reports it.
    }
    const r = this.safeLoad(payload);
    if (r.success) return r.data;
    throw r.error;
  }

  /** The renderers for a message, or a `MessageValidationError` naming its unknown type. */
  renderersOf(message: unknown): MessageKind {
    const type = message !== null && typeof message === "object" ? (message as { type?: unknown }).type : undefined;
    const kind = typeof type === "string" ? this.kind(type) : undefined;
    if (kind) return kind;
    const issue = { path: ["type"], code: "unknown_type", message: `not a known message type: ${quoteName(type)}` };
    throw new MessageValidationError(undefined, [typeof type === "string" ? { ...issue, hint: this.#typeHint(type) } : issue]);
  }

  /**
   * How to fix an unknown `type`: the registered type it is closest to (case ignored, a typo or
   * two), the form of a structured message's type, or the registered types.
   */
  #typeHint(type: string): string {
    const types = this.types();
    const near = didYouMean(type, types);
    if (near !== undefined) return near;
    if (type.slice(0, 17).toLowerCase() === "structuredmessage") return 'a structured message\'s type is "StructuredMessage[<ContentModelName>]"';
    return knownNames("types", [...types, "StructuredMessage[<Name>]"]);
  }
}

/**
 * The registry that `load`, `safeLoad`, `toText`, `toModelText` and `toModelMessage` use, and
 * every subpath (`/contracts`, `/stream`, `/console`, …) by default. Its registrations are one set
 * per process, whatever the module system: the ESM and CommonJS builds of this version share them
 * (kept on `globalThis` under a versioned `Symbol.for` key), while each build keeps its own
 * classes, so its errors are `instanceof` its own `MessageValidationError`. Registering on it
 * affects the whole app; prefer your own `MessageRegistry` in libraries.
 *
 * @example defaultRegistry.registerStructuredMessage("Weather", Weather)
 */
export const defaultRegistry: MessageRegistry = /* @__PURE__ */ withSharedRegistrations();

/** A registry over the process-wide registrations: each copy of the library sees the others'. */
function withSharedRegistrations(): MessageRegistry {
  adopting = processWide<Registrations>("registrations", () => ({ kinds: new Map(), structured: new Map() }));
  return new MessageRegistry();
}
