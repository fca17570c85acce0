/**
 * Writes `json-schema/<Name>.json` for every kind, generated from the zod schemas by
 * `toJSONSchema` (run by `npm run build`; the files ship in the package).
 */
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { jsonSchemaNames, toJSONSchema } from "../src/json-schema/to-json-schema.js";

const out = fileURLToPath(new URL("../json-schema/", import.meta.url));
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
const names = jsonSchemaNames();
for (const name of names) writeFileSync(`${out}${name}.json`, `${JSON.stringify(toJSONSchema(name), null, 2)}\n`);
console.log(`json-schema/: ${names.length} schemas`);
