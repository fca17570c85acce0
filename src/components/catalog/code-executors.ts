/**
 * Code executors (`autogen_ext.code_executors.*`).
 */
import * as z from "zod/mini";
import { LaxBool, LaxInt } from "../../wire/fields.js";
import { define } from "../../define.js";
import { componentClass, type ComponentOf } from "../component.js";
import { SensitiveStr, dict, isPythonIdentifier, model, nul, opt } from "../fields.js";

const executor = { component_type: "code_executor", component_version: 1, roles: ["code_executor"] } as const;

/** The executors' constructors refuse a timeout below one second. */
const timeoutAtLeastOne = /* @__PURE__ */ define(() =>
  z.refine<{ timeout?: number }>((c) => c.timeout === undefined || c.timeout >= 1, { message: "Timeout must be greater than or equal to 1.", path: ["timeout"] }),
);
/** … and a `functions_module` that is not a Python identifier. */
const moduleIdentifier = /* @__PURE__ */ define(() =>
  z.refine<{ functions_module?: string }>((c) => c.functions_module === undefined || isPythonIdentifier(c.functions_module), {
    message: "Module name must be a valid Python identifier",
    path: ["functions_module"],
  }),
);

/**
 * `LocalCommandLineCodeExecutorConfig`. Without `work_dir`, AutoGen dumps the temporary directory it created.
 *
 * @example LocalCommandLineCodeExecutorConfig.parse({ work_dir: "coding", timeout: 120 })
 */
export const LocalCommandLineCodeExecutorConfig = /* @__PURE__ */ define(() => model("LocalCommandLineCodeExecutorConfig", {
  timeout: opt(LaxInt, 60),
  work_dir: nul(z.string()),
  functions_module: opt(z.string(), "functions"),
  cleanup_temp_files: opt(LaxBool, true),
}, timeoutAtLeastOne, moduleIdentifier));
/** `LocalCommandLineCodeExecutorConfig`. */
export interface LocalCommandLineCodeExecutorConfig extends z.output<typeof LocalCommandLineCodeExecutorConfig> {}
/** A `LocalCommandLineCodeExecutor` component. */
export interface LocalCommandLineCodeExecutorComponent extends ComponentOf<"autogen_ext.code_executors.local.LocalCommandLineCodeExecutor", LocalCommandLineCodeExecutorConfig> {}
/** The `LocalCommandLineCodeExecutor` class. */
export const LocalCommandLineCodeExecutor = /* @__PURE__ */ componentClass<LocalCommandLineCodeExecutorComponent>("autogen_ext.code_executors.local.LocalCommandLineCodeExecutor", "autogen_ext.code_executors.local", {
  ...executor,
  description: "A code executor class that executes code through a local command line\n    environment.",
  config: LocalCommandLineCodeExecutorConfig,
});

/**
 * `DockerCommandLineCodeExecutorConfig`.
 *
 * @example DockerCommandLineCodeExecutorConfig.parse({ image: "python:3-slim", work_dir: "coding" })
 */
export const DockerCommandLineCodeExecutorConfig = /* @__PURE__ */ define(() => model("DockerCommandLineCodeExecutorConfig", {
  image: opt(z.string(), "python:3-slim"),
  container_name: nul(z.string()),
  timeout: opt(LaxInt, 60),
  work_dir: nul(z.string()),
  bind_dir: nul(z.string()),
  auto_remove: opt(LaxBool, true),
  stop_container: opt(LaxBool, true),
  functions_module: opt(z.string(), "functions"),
  extra_volumes: opt(dict(dict(z.string())), {}),
  extra_hosts: opt(dict(z.string()), {}),
  init_command: nul(z.string()),
  delete_tmp_files: opt(LaxBool, false),
}, timeoutAtLeastOne, moduleIdentifier));
/** `DockerCommandLineCodeExecutorConfig`. */
export interface DockerCommandLineCodeExecutorConfig extends z.output<typeof DockerCommandLineCodeExecutorConfig> {}
/** A `DockerCommandLineCodeExecutor` component. */
export interface DockerCommandLineCodeExecutorComponent extends ComponentOf<"autogen_ext.code_executors.docker.DockerCommandLineCodeExecutor", DockerCommandLineCodeExecutorConfig> {}
/** The `DockerCommandLineCodeExecutor` class. */
export const DockerCommandLineCodeExecutor = /* @__PURE__ */ componentClass<DockerCommandLineCodeExecutorComponent>("autogen_ext.code_executors.docker.DockerCommandLineCodeExecutor", "autogen_ext.code_executors.docker._docker_code_executor", {
  ...executor,
  description: "Executes code through a command line environment in a Docker container.",
  config: DockerCommandLineCodeExecutorConfig,
});

/**
 * `JupyterCodeExecutorConfig`.
 *
 * @example JupyterCodeExecutorConfig.parse({ kernel_name: "python3", timeout: 60 })
 */
export const JupyterCodeExecutorConfig = /* @__PURE__ */ define(() => model("JupyterCodeExecutorConfig", {
  kernel_name: opt(z.string(), "python3"),
  timeout: opt(LaxInt, 60),
  output_dir: nul(z.string()),
}, timeoutAtLeastOne));
/** `JupyterCodeExecutorConfig`. */
export interface JupyterCodeExecutorConfig extends z.output<typeof JupyterCodeExecutorConfig> {}
/** A `JupyterCodeExecutor` component. */
export interface JupyterCodeExecutorComponent extends ComponentOf<"autogen_ext.code_executors.jupyter.JupyterCodeExecutor", JupyterCodeExecutorConfig> {}
/** The `JupyterCodeExecutor` class. */
export const JupyterCodeExecutor = /* @__PURE__ */ componentClass<JupyterCodeExecutorComponent>("autogen_ext.code_executors.jupyter.JupyterCodeExecutor", "autogen_ext.code_executors.jupyter._jupyter_code_executor", {
  ...executor,
  description: "A code executor class that executes code statefully using [nbclient](https://github.com/jupyter/nbclient).",
  config: JupyterCodeExecutorConfig,
});

/**
 * `JupyterConnectionInfo`: how to reach a Jupyter server. Its `token` is dumped in clear;
 * `redactSecrets` masks it.
 *
 * @example JupyterConnectionInfo.parse({ host: "127.0.0.1", use_https: false, port: 8888, token: "…" })
 */
export const JupyterConnectionInfo = /* @__PURE__ */ define(() => model("JupyterConnectionInfo", {
  host: z.string(),
  use_https: LaxBool,
  port: nul(LaxInt),
  token: nul(SensitiveStr),
}));

/**
 * `DockerJupyterCodeExecutorConfig` (loadable by AutoGen, though the executor cannot dump itself).
 *
 * @example DockerJupyterCodeExecutorConfig.parse({ jupyter_server: { host: "127.0.0.1", use_https: false, port: 8888 } })
 */
export const DockerJupyterCodeExecutorConfig = /* @__PURE__ */ define(() => model("DockerJupyterCodeExecutorConfig", {
  jupyter_server: JupyterConnectionInfo,
  kernel_name: opt(z.string(), "python3"),
  timeout: opt(LaxInt, 60),
  output_dir: nul(z.string()),
}, timeoutAtLeastOne));
/** `DockerJupyterCodeExecutorConfig`. */
export interface DockerJupyterCodeExecutorConfig extends z.output<typeof DockerJupyterCodeExecutorConfig> {}
/** A `DockerJupyterCodeExecutor` component. */
export interface DockerJupyterCodeExecutorComponent extends ComponentOf<"autogen_ext.code_executors.docker_jupyter.DockerJupyterCodeExecutor", DockerJupyterCodeExecutorConfig> {}
/** The `DockerJupyterCodeExecutor` class. */
export const DockerJupyterCodeExecutor = /* @__PURE__ */ componentClass<DockerJupyterCodeExecutorComponent>("autogen_ext.code_executors.docker_jupyter.DockerJupyterCodeExecutor", "autogen_ext.code_executors.docker_jupyter._docker_jupyter", {
  ...executor,
  description: "(Experimental) A code executor class that executes code statefully using\n    a Jupyter server supplied to this class.",
  config: DockerJupyterCodeExecutorConfig,
});
