/**
 * `agentchat-messages/structured`: content models of `StructuredMessage[<Name>]` built from a
 * JSON Schema, as AutoGen's `StructuredMessageFactory(json_schema=…)` does. Register the result
 * with `registry.registerStructuredMessage` from the main entry.
 *
 * @packageDocumentation
 */
export {
  contentSchemaFromJsonSchema,
  SchemaConversionError,
  ReferenceNotFoundError,
  FormatNotSupportedError,
  UnsupportedKeywordError,
  MAX_SCHEMA_DEPTH,
  MAX_REFERENCE_DEPTH,
} from "../schemas/from-json-schema.js";
