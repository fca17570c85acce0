/**
 * The structured content models of the differential fuzzing fixtures: the pydantic classes of
 * test/fixtures/autogen-difffuzz/README.md (`WeatherReport`, `Ticket` with its `Person`s,
 * `Measurement`), written as the zod schemas an app would register, defaults included.
 */
import * as z from "zod/mini";
import { JsonObjectSchema, LaxBool, LaxFloat, LaxInt, MessageRegistry } from "../../src/index.js";

const Person = z.object({ name: z.string(), email: z._default(z.nullable(z.string()), null) });

/** A registry holding the built-in kinds and `StructuredMessage[WeatherReport]`, `[Ticket]` and `[Measurement]`. */
export function difffuzzRegistry(): MessageRegistry {
  const registry = new MessageRegistry();
  registry.registerStructuredMessage(
    "WeatherReport",
    z.object({ city: z.string(), temperature: LaxFloat, humidity: LaxInt, conditions: z.array(z.string()), alert: z._default(z.nullable(z.string()), null) }),
  );
  registry.registerStructuredMessage(
    "Ticket",
    z.object({
      ticket_id: LaxInt,
      title: z.string(),
      urgent: LaxBool,
      assignee: z._default(z.nullable(Person), null),
      watchers: z._default(z.array(Person), []),
      labels: z._default(z.record(z.string(), z.string()), {}),
      score: z._default(LaxFloat, 0),
    }),
  );
  registry.registerStructuredMessage(
    "Measurement",
    z.object({
      label: z.string(),
      x: LaxFloat,
      y: LaxFloat,
      ok: LaxBool,
      note: z._default(z.nullable(z.string()), null),
      tags: z._default(z.array(z.string()), []),
      extra: z._default(JsonObjectSchema, {}),
    }),
  );
  return registry;
}
