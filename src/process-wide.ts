/**
 * One instance per JavaScript realm of the library's registries, whichever copy of the library
 * asks for it. An app can load the same version twice: its ESM code imports `dist/*.js`
 * while a CommonJS dependency requires `dist/*.cjs` (the dual-package hazard), or two bundles
 * each inline the library. Without this, a kind registered through one copy would be unknown
 * to the other. The instance lives on `globalThis` under a `Symbol.for` key naming the
 * version: copies of the same version share it, another version (other schemas) keeps its own.
 */

// Replaced by the build (tsup `define`) with package.json's version.
declare const __AGENTCHAT_MESSAGES_VERSION__: string | undefined;

/** The version this copy was built as; `"dev"` when run from the sources. */
export const LIBRARY_VERSION: string =
  typeof __AGENTCHAT_MESSAGES_VERSION__ === "string" ? __AGENTCHAT_MESSAGES_VERSION__ : "dev";

/**
 * The `Symbol.for` key of a process-wide instance.
 *
 * @example processWideKey("defaultRegistry") // Symbol(agentchat-messages@0.1.0/defaultRegistry)
 */
export function processWideKey(name: string): symbol {
  return Symbol.for(`agentchat-messages@${LIBRARY_VERSION}/${name}`);
}

/**
 * The realm's instance called `name`, created by the first copy of the library that asks.
 * Where `globalThis` cannot take it (a frozen global), this copy keeps its own.
 *
 * @example export const defaultRegistry = processWide("defaultRegistry", () => new MessageRegistry());
 */
export function processWide<T>(name: string, create: () => T): T {
  const key = processWideKey(name);
  const global = globalThis as unknown as Record<symbol, T>;
  if (Object.hasOwn(global, key)) return global[key] as T;
  const value = create();
  try {
    // Not writable, not configurable: no later copy (or app code) can swap it for another.
    Object.defineProperty(global, key, { value });
  } catch {
    // A frozen global: nothing to share through.
  }
  return value;
}
