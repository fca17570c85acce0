/**
 * `define(() => value)` is `value`, computed once at module load. Call sites are marked
 * `/* @__PURE__ *\/`, so bundlers drop the schemas (and their dependencies) an app never imports.
 */
export function define<T>(build: () => T): T {
  return build();
}
