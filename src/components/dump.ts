/**
 * `dumpComponent`, `dumpComponentJson` and `redactSecrets`.
 */
import { MessageValidationError } from "../errors.js";
import { pydanticJson } from "../python/pydantic.js";
import { describeThrown } from "../wire/check.js";
import type { AnyComponent as Component } from "./roles.js";
import { writeComponent, type WriteMode } from "./write.js";

/** Options of {@link dumpComponent}. */
export interface DumpComponentOptions {
  /**
   * Write `SecretStr` fields (`api_key`, the Bedrock keys) in clear instead of `"**********"`, for
   * an app that deliberately hands its keys to a trusted backend. Default `false`, as AutoGen.
   */
  readonly revealSecrets?: boolean;
}

function checked(component: unknown): object {
  if (component === null || typeof component !== "object" || Array.isArray(component) || typeof (component as { provider?: unknown }).provider !== "string") {
    throw new MessageValidationError(undefined, [{ path: [], code: "model_type", message: "expected a component model (from loadComponent or a builder)" }], "component");
  }
  return component;
}

/**
 * Runs a writer, reporting a hand-built model it cannot write (nested too deep for the stack, a
 * component that contains itself) as the library's error: what `loadComponent` returns always writes.
 */
function writing<T>(write: () => T): T {
  try {
    return write();
  } catch (e) {
    if (MessageValidationError.isInstance(e)) throw e;
    throw new MessageValidationError(undefined, [{ path: [], code: "value_error", message: `cannot dump: ${describeThrown(e)}` }], "component");
  }
}

const modeFor = (o: DumpComponentOptions | undefined, floats: boolean): WriteMode => ({
  dropNone: true,
  floats,
  secrets: o?.revealSecrets ? "keep" : "mask",
  redactSensitive: false,
});

/**
 * The JSON form of a component model, exactly as `dump_component().model_dump(mode="json")`
 * writes it: envelope keys in order (`null` ones written at the top level only), the config's
 * fields in the config class's order, `None` fields left out (`exclude_none`), secrets as
 * `"**********"`. Returns new objects; never changes its input. Pass values from
 * `loadComponent` or the builders.
 *
 * @example JSON.stringify(dumpComponent(loadComponent(json))) // what Python's dump_component() wrote (floats aside: see dumpComponentJson)
 */
export function dumpComponent(component: Component, options?: DumpComponentOptions): Record<string, unknown> {
  return writing(() => writeComponent(checked(component), modeFor(options, false), true));
}

/**
 * `dump_component().model_dump_json()`: the text AutoGen writes, byte for byte: compact, non-ASCII
 * as is, and float fields written as floats (`300.0`, `1e-07` as pydantic: `1e-7`).
 *
 * @example dumpComponentJson(timeout(300)) // '{"provider":"autogen_agentchat.conditions.TimeoutTermination",…,"config":{"timeout_seconds":300.0}}'
 */
export function dumpComponentJson(component: Component, options?: DumpComponentOptions): string {
  return writing(() => pydanticJson(writeComponent(checked(component), modeFor(options, true), true)));
}

/**
 * A copy of a component with every credential replaced by `"**********"`: the `SecretStr` fields
 * and also those AutoGen writes in clear (Azure `azure_ad_token`, Redis and Jupyter passwords and
 * tokens, MCP `env` and HTTP `headers` values, Mem0 `api_key`). For logs and stored configs.
 *
 * @example logger.info(JSON.stringify(redactSecrets(component)))
 */
export function redactSecrets<C extends Component>(component: C): C {
  return writing(() => writeComponent(checked(component), { dropNone: false, floats: false, secrets: "mask", redactSensitive: true }, false) as C);
}
