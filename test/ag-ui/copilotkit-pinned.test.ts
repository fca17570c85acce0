/**
 * The setup docs/copilotkit.md installs: `@ag-ui/client` at the version `@copilotkit/runtime` pins
 * (0.0.59 for 1.75), so AutoGenAgent extends CopilotKit's own AbstractAgent. Here the module
 * `@ag-ui/client` of this test file's graph (src/ag-ui/agent.ts included) is CopilotKit's nested
 * copy, the same file its runtime loads; the suite of test/ag-ui/copilotkit.test.ts then runs on it.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { describe, expect, it, vi } from "vitest";
import { AbstractAgent } from "@ag-ui/client";
import { AutoGenAgent, jsonLinesTransport } from "../../src/ag-ui/index.js";
import { describeCopilotKit } from "../helpers/copilotkit.js";

vi.mock("@ag-ui/client", async () => await import("../../node_modules/@copilotkit/runtime/node_modules/@ag-ui/client/dist/index.mjs"));

describe("the pinned client under AutoGenAgent", () => {
  it("is the @ag-ui/client that @copilotkit/runtime resolves, 0.0.59, and AutoGenAgent extends its AbstractAgent", () => {
    const require = createRequire(import.meta.url);
    const runtimeDir = dirname(require.resolve("@copilotkit/runtime/package.json"));
    const clientDir = join(runtimeDir, "node_modules/@ag-ui/client");
    expect(require.resolve("@ag-ui/client", { paths: [runtimeDir] }).startsWith(clientDir)).toBe(true);
    expect((JSON.parse(readFileSync(join(clientDir, "package.json"), "utf8")) as { version: string }).version).toBe("0.0.59");
    const agent = new AutoGenAgent({ transport: jsonLinesTransport("http://127.0.0.1:9/run") });
    expect(agent).toBeInstanceOf(AbstractAgent);
    // 1.0's AbstractAgent has a `maxProtocolVersion` getter; 0.0.59's has none.
    expect(Object.getOwnPropertyDescriptor(AbstractAgent.prototype, "maxProtocolVersion")).toBeUndefined();
  });
});

describeCopilotKit("AutoGenAgent (on CopilotKit's pinned @ag-ui/client 0.0.59) in CopilotKit's runtime");
