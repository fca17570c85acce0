/**
 * `agentchat-messages/components`: AutoGen's declarative components (`dump_component()` /
 * `ComponentLoader.load_component`): the `ComponentModel` envelope, a typed config schema for every
 * component class AutoGen 0.7.5 ships (named after its Python config class), `loadComponent` /
 * `safeLoadComponent` / `dumpComponent` / `dumpComponentJson`, `redactSecrets`, and builders.
 *
 * @packageDocumentation
 */
export {
  ComponentModel,
  type ComponentOf,
  type ComponentSpec,
  type Role,
  type UnknownComponent,
} from "./component.js";
export type { AnyComponent, ComponentFor, ComponentsByRole, KnownComponent, KnownProvider } from "./roles.js";
export { Component, loadComponent, safeLoadComponent } from "./load.js";
export { dumpComponent, dumpComponentJson, redactSecrets, type DumpComponentOptions } from "./dump.js";
export { WELL_KNOWN_PROVIDERS, componentSpecs, resolveProvider, specFor as componentSpec } from "./registry.js";
export { isComponent } from "./guards.js";
export { AnyJson, SecretStr, isPythonIdentifier } from "./fields.js";
export * from "./configs.js";
export * from "./builders/index.js";
