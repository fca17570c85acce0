/**
 * What the AG-UI translator is handed besides the items, checked and copied before a run starts:
 * its options (thread and run ids, input ids, user sources, registry) and the interrupts a paused
 * run ends with; and the ids it repeats, kept short.
 */
import type { Interrupt } from "@ag-ui/core";
import { InterruptSchema } from "@ag-ui/core/schemas";
import { MessageValidationError } from "../errors.js";
import { defaultRegistry, type MessageRegistry } from "../registry.js";
import { guarded } from "../run/guard.js";

/** Ids longer than this are shortened where events repeat them (a prefix and a hash stay unique enough for one run). */
const MAX_ID = 64;

/**
 * An id as the events carry it where they repeat it: itself up to {@link MAX_ID} characters
 * (every AutoGen id, a UUID), else its first 32 characters, its length and a 32-bit hash.
 */
export function compactId(id: string): string {
  if (id.length <= MAX_ID) return id;
  // FNV-1a, 32 bits: with the prefix and the length, unique enough within one run.
  let h = 0x811c9dc5;
  for (let i = 0; i < id.length; i++) h = Math.imul(h ^ id.charCodeAt(i), 16777619);
  const hash = (h >>> 0).toString(36);
  return `${id.slice(0, 32)}…${id.length}.${hash}`;
}

/** The JSON type of a value (never the value: it may hold a secret); a revoked proxy is "a object" too. */
export function typeName(v: unknown): string {
  if (v === null) return "null";
  try {
    if (Array.isArray(v)) return "an array";
  } catch {
    // a revoked proxy
  }
  return `a ${typeof v}`;
}

export function optionError(path: (string | number)[], message: string, code = "value_error"): MessageValidationError {
  return new MessageValidationError(undefined, [{ path, code, message }], "AG-UI options");
}

/** Strings of an optional iterable option, each read once (a bounded copy, so a getter cannot change it later). */
function stringsOf(value: unknown, key: string): Set<string> {
  const out = new Set<string>();
  if (value === undefined) return out;
  if (typeof value === "string" || value === null || typeof value !== "object" || typeof (value as { [Symbol.iterator]?: unknown })[Symbol.iterator] !== "function") {
    throw optionError([key], `expected an iterable of strings (an array or a Set), got ${typeName(value)}`, "list_type");
  }
  let i = 0;
  for (const v of value as Iterable<unknown>) {
    if (typeof v !== "string") throw optionError([key, i], `expected a string, got ${typeName(v)}`, "string_type");
    out.add(v);
    i++;
  }
  return out;
}

/** The options, checked and copied: thread and run ids strings, the iterables of strings, a registry that loads and renders. */
export function optionsOf(options: unknown): { threadId: string; runId: string; registry: MessageRegistry; userSources: Set<string>; inputMessageIds: Set<string> } {
  return guarded(
    ["options"],
    () => {
      if (options === null || typeof options !== "object" || Array.isArray(options)) throw optionError([], `expected an options object with threadId and runId, got ${typeName(options)}`, "model_type");
      const o = options as Record<string, unknown>;
      const threadId = o.threadId;
      const runId = o.runId;
      const registry = o.registry;
      if (typeof threadId !== "string") throw optionError(["threadId"], `expected a string (the AG-UI thread id), got ${typeName(threadId)}`, "string_type");
      if (typeof runId !== "string") throw optionError(["runId"], `expected a string (the AG-UI run id), got ${typeName(runId)}`, "string_type");
      if (registry !== undefined && (registry === null || typeof registry !== "object" || typeof (registry as MessageRegistry).safeLoad !== "function" || typeof (registry as MessageRegistry).renderersOf !== "function")) {
        throw optionError(["registry"], `expected a MessageRegistry (createRegistry()), got ${typeName(registry)}`, "model_type");
      }
      return { threadId, runId, registry: (registry as MessageRegistry | undefined) ?? defaultRegistry, userSources: stringsOf(o.userSources, "userSources"), inputMessageIds: stringsOf(o.inputMessageIds, "inputMessageIds") };
    },
    "AG-UI options",
  );
}

/** A non-empty list of AG-UI interrupts, each checked by @ag-ui/core's `InterruptSchema` and copied. */
export function interruptsOf(interrupts: unknown): Interrupt[] {
  return guarded(
    [],
    () => {
      if (!Array.isArray(interrupts) || interrupts.length === 0) {
        throw new MessageValidationError(undefined, [{ path: [], code: "too_small", message: "an interrupt outcome needs at least one interrupt" }], "interrupts");
      }
      const n = interrupts.length;
      const out: Interrupt[] = [];
      for (let i = 0; i < n; i++) {
        // Checked as JSON, as it is sent: a `Date` or a class instance zod lets through is not what the client gets.
        const r = InterruptSchema.safeParse(JSON.parse(JSON.stringify(interrupts[i]) ?? "null"));
        if (!r.success) {
          const issue = r.error.issues[0];
          throw new MessageValidationError(undefined, [{ path: [i, ...(issue?.path ?? []).filter((k): k is string | number => typeof k !== "symbol")], code: issue?.code ?? "invalid", message: issue?.message ?? "not an AG-UI interrupt" }], "interrupts");
        }
        out.push(r.data as Interrupt);
      }
      return out;
    },
    "interrupts",
  );
}

