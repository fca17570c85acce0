/**
 * The builders: one function per common component class, returning exactly what Python's
 * `dump_component()` writes for the same object.
 */
export { type CamelOptions, type OptionsOf, type SnakeToCamel } from "./build.js";
export * from "./conditions.js";
export * from "./models.js";
export * from "./agents.js";
export * from "./teams.js";
export * from "./tools.js";
