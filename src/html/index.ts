/**
 * A transcript as a self-contained HTML page, or a fragment to put in an app's page:
 * `renderHtml`, and the view's stylesheet and script with their CSP hashes for hosts that
 * embed fragments. No Node API; works in browsers and edge workers.
 *
 * Import from `agentchat-messages/html`.
 *
 * @packageDocumentation
 */
export { renderHtml, type HtmlItem, type HtmlOptions } from "./page.js";
export { HTML_VIEW_SCRIPT, HTML_VIEW_SCRIPT_SHA256 } from "./script.js";
export { HTML_VIEW_CSS, HTML_VIEW_CSS_SHA256 } from "./style.js";
