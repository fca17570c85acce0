/**
 * A transcript as a self-contained HTML page: `renderHtml`. No Node API; works in browsers
 * and edge workers.
 *
 * Import from `agentchat-messages/html`.
 *
 * @packageDocumentation
 */
export { renderHtml, type HtmlItem, type HtmlOptions } from "./page.js";
