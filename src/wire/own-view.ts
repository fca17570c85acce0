/**
 * What the library reads of an object handed to it: its own enumerable properties, as
 * `JSON.stringify` would send them, never what it inherits. A class instance or an
 * `Object.create(proto)` chain is read through a *view*: a copy of its own enumerable
 * string-keyed properties on a prototype that holds nothing, so a field that exists only on
 * the prototype is absent (a missing-field error), not silently used.
 *
 * A view is still not plain data: free-form JSON (metadata, structured content) rejects it as
 * it rejects the class instance it stands for, and the fast load path declines it, so zod
 * decides and explains. Built-in objects with internal slots (Date, Map, typed arrays, …) are
 * not viewed: the schemas judge them as they are (a `created_at` Date, a rejected Map).
 *
 * Where a value cannot be read (it contains itself, a getter throws) the walk stops and says
 * where; like every wire rule it returns its failure instead of throwing the library's error
 * (`src/own-properties.ts` throws it), so the base layer's order stays strict: wire ← errors.
 */

/**
 * A stack guard: deeper than any JSON the library accepts (free-form data stops at
 * `MAX_JSON_DEPTH`, 256); below it nothing is viewed, and the schemas reject what is there.
 */
const MAX_VIEW_DEPTH = 512;
/** The prototype of every view: nothing to inherit, and not `Object.prototype` or null (not plain data). */
const VIEW_PROTO: object = Object.freeze(Object.create(null) as object);

/** Each view's original object, for error messages that name its class. */
const origins = new WeakMap<object, object>();

/**
 * The object a view was made from (itself for any other object), so an error can name its
 * class: `expected JSON data, got an instance of City`.
 *
 * @example originOf(viewOwn(new City("Oslo"), () => null) as object) instanceof City // true
 */
export function originOf(value: object): object {
  return origins.get(value) ?? value;
}

/** True for a view made by {@link viewOwn}. */
function isView(value: object): boolean {
  return Object.getPrototypeOf(value) === VIEW_PROTO;
}

/**
 * Where and why a walk could not read a value: a cycle (the value contains itself), or a getter
 * or proxy trap that threw (`thrown`). `path` leads from the root to the place.
 */
export interface ViewStop {
  readonly path: readonly (string | number)[];
  readonly cycle: boolean;
  readonly thrown?: unknown;
}

/**
 * `value` as the library reads it: every object that is neither plain data (`{}` literals,
 * `JSON.parse` output, null-prototype objects) nor a built-in with internal slots is replaced
 * by a view of its own enumerable properties, at any depth (up to 512 levels);
 * array subclasses become plain arrays. Returns `value` itself when nothing needed a view
 * (no copy), and copies only the containers on the way to a replaced object; never changes
 * `value`. Getters of `value` run (own ones only).
 *
 * This is the one walk of a whole input before zod (or another walker that reports every
 * problem) sees it, so it is also where a value that contains itself is found: a cycle, or a
 * getter that throws, stops the walk, and the result is `onStop` of where and why (the wire
 * rules return their failures; `src/own-properties.ts` turns this one into the library's error).
 * It remembers the objects on the path (a cycle) and the objects it has finished (a shared
 * object is walked once), so it is linear in the number of distinct objects, whatever their sharing.
 *
 * @example
 * class Note { type = "TextMessage"; source = "me"; get content() { return "inherited" } }
 * Object.keys(viewOwn(new Note(), () => null) as object) // ["type", "source"]: the getter lives on the prototype
 */
export function viewOwn(value: unknown, onStop: (stop: ViewStop) => unknown): unknown {
  if (value === null || typeof value !== "object") return value;
  const walk: Walk = { ancestors: new Set(), done: new Map() };
  const out = view(value, 0, walk);
  return out === STOP ? onStop(walk.stop!) : out;
}

/** The state of one walk: the objects on the current path, and the views of finished objects. */
interface Walk {
  readonly ancestors: Set<object>;
  readonly done: Map<object, unknown>;
  /** Why the walk stopped, and where (keys prepended as it unwinds). */
  stop?: { readonly path: (string | number)[]; readonly thrown?: unknown; readonly cycle: boolean };
}

/** Returned up the walk once it has stopped (a cycle, a throwing getter). */
const STOP: unique symbol = Symbol("stop");

function stopAt(walk: Walk, key: string | number): typeof STOP {
  walk.stop!.path.unshift(key);
  return STOP;
}

function view(value: unknown, depth: number, walk: Walk): unknown {
  if (value === null || typeof value !== "object" || depth > MAX_VIEW_DEPTH) return value;
  const seen = walk.done.get(value);
  if (seen !== undefined) return seen;
  if (walk.ancestors.has(value)) {
    walk.stop = { path: [], cycle: true };
    return STOP;
  }
  walk.ancestors.add(value);
  let out: unknown;
  try {
    out = Array.isArray(value) ? viewArray(value, depth, walk) : viewObject(value, depth, walk);
  } catch (e) {
    // A proxy's trap (ownKeys, getPrototypeOf, a revoked proxy): the object cannot be read.
    walk.stop = { path: [], thrown: e, cycle: false };
    out = STOP;
  }
  walk.ancestors.delete(value);
  if (out !== STOP) walk.done.set(value, out);
  return out;
}

function viewObject(value: object, depth: number, walk: Walk): unknown {
  const proto = Object.getPrototypeOf(value);
  const plain = proto === Object.prototype || proto === null || proto === VIEW_PROTO;
  // Built-ins (Date, Map, RegExp, boxed primitives, …) are left to the schemas; a class with
  // its own Symbol.toStringTag is too (it says it is something else than an object).
  if (!plain && Object.prototype.toString.call(value) !== "[object Object]") return value;
  const source = value as Record<string, unknown>;
  let out: Record<string, unknown> | undefined;
  if (!plain) {
    out = Object.create(VIEW_PROTO) as Record<string, unknown>;
    origins.set(out, value);
  }
  const keys = Object.keys(source);
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i]!;
    let x: unknown;
    try {
      x = source[key];
    } catch (e) {
      walk.stop = { path: [key], thrown: e, cycle: false };
      return STOP;
    }
    const y = view(x, depth + 1, walk);
    if (y === STOP) return stopAt(walk, key);
    if (out === undefined && y !== x) {
      // A plain object holding a replaced value: copy it (same prototype), keys so far included.
      out = Object.create(proto) as Record<string, unknown>;
      for (let j = 0; j < i; j++) define(out, keys[j]!, source[keys[j]!]);
    }
    if (out !== undefined) define(out, key, y);
  }
  return out ?? value;
}

function viewArray(value: unknown[], depth: number, walk: Walk): unknown {
  // An Array subclass becomes a plain array; holes read as undefined.
  let out: unknown[] | undefined = Object.getPrototypeOf(value) === Array.prototype ? undefined : new Array<unknown>(value.length);
  for (let i = 0; i < value.length; i++) {
    let x: unknown;
    try {
      x = value[i];
    } catch (e) {
      walk.stop = { path: [i], thrown: e, cycle: false };
      return STOP;
    }
    const y = view(x, depth + 1, walk);
    if (y === STOP) return stopAt(walk, i);
    if (out === undefined && y !== x) out = value.slice(0, i);
    if (out !== undefined) out[i] = y;
  }
  return out ?? value;
}

/** An own, enumerable data property, whatever the key (`__proto__` included). */
function define(target: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

/**
 * Whether `value` is a view made by {@link viewOwn}.
 *
 * @example isOwnView(viewOwn(Object.create({ a: 1 }), () => null)) // true
 */
export function isOwnView(value: unknown): boolean {
  return value !== null && typeof value === "object" && isView(value);
}
