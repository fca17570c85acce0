/**
 * `agentchat-messages/json-schema`: the JSON Schema (draft 2020-12) of the wire form of every
 * kind, for consumers that do not run TypeScript. Kept out of the main entry: zod's JSON Schema
 * generator is about as large as the rest of zod.
 *
 * @packageDocumentation
 */
export { toJSONSchema, jsonSchemaNames, type JsonSchemaName, type ComponentSchemaName } from "./to-json-schema.js";
export type { JSONSchema } from "./generate.js";
export { generatedDefaults } from "../schemas/base.js";
