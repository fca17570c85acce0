/**
 * AutoGenAgent as an agent of CopilotKit's own runtime (`@copilotkit/runtime` 1.75, which pins
 * `@ag-ui/client` 0.0.59), here on `@ag-ui/client` 1.0 beside CopilotKit's copy (what a plain
 * `npm i @ag-ui/client` gives; copilotkit-pinned.test.ts runs the same on CopilotKit's pin,
 * test/helpers/copilotkit.ts holds the suite): the real `CopilotRuntime` (v2 API)
 * behind its real fetch handler (`createCopilotRuntimeHandler`) and Node listener, requests through its
 * `POST …/agent/:agentId/run` route, the agent reaching a local fake AutoGen back end on
 * 127.0.0.1 that replays recorded AutoGen runs (as test/ag-ui/agent.test.ts does).
 *
 * - a plain run: the SSE body CopilotKit writes is the batch translation of the recorded items;
 * - a `UserProxyAgent` run (AutoGen's FastAPI WebSocket sample protocol, no `onInputRequest`):
 *   each request ends in `RUN_FINISHED` with an interrupt, the next request's `resume` reaches
 *   the back end as the user's `TextMessage` on the same socket, the last one ends the run;
 * - `GET …/info` advertises the agent's interrupt capability.
 * Every request has a deadline (AbortSignal.timeout): a hang fails, never stalls the suite.
 */
import { describeCopilotKit } from "../helpers/copilotkit.js";

describeCopilotKit("AutoGenAgent (on @ag-ui/client 1.0) in CopilotKit's runtime (@copilotkit/runtime)");
