/**
 * The view's only stylesheet and the page's Content-Security-Policy that admits it by hash. The
 * page loads nothing: `default-src 'none'` refuses every fetch, frame and font; images come only
 * from `data:` URIs; the style element applies because its SHA-256 is listed, as does the one
 * inline script (test/html/render-html.test.ts recomputes the hashes, so editing the CSS or a
 * script without updating its constant fails the tests).
 */
import { HTML_VIEW_SCRIPT, HTML_VIEW_SCRIPT_SHA256 } from "./script.js";

/**
 * The view's stylesheet (ASCII only, so its hash does not depend on an encoding). Every rule is
 * scoped under `.acm-view` (the page's `<body>`, or a fragment's outer `<div>`), so a fragment
 * can sit in another page without restyling it. A fragment carries it in a `<style>` element
 * unless rendered with `style: false`, for an app that serves it as a file instead.
 *
 * @example writeFileSync("public/agentchat-view.css", HTML_VIEW_CSS)
 */
export const HTML_VIEW_CSS = `.acm-view{color-scheme:light dark;--bg:#f5f6f8;--card:#fff;--fg:#1c232d;--muted:#5b6573;--line:#d5dbe3;--code:#eef1f5;--link:#1d5fd6;--err:#b3261e;--errbg:#fdeceb;--ok:#17693a;--th:#f5f0ff;--thl:#7c4ddb;--stop:#fff3e0;--c0:#2563eb;--c1:#c2410c;--c2:#15803d;--c3:#9333ea;--c4:#0e7490;--c5:#be185d;--c6:#a16207;--c7:#4d5b6e}
@media (prefers-color-scheme:dark){.acm-view{--bg:#0e1217;--card:#161b22;--fg:#e2e7ee;--muted:#98a3b3;--line:#2b333e;--code:#0f141a;--link:#82aaff;--err:#ff8f85;--errbg:#3b1e1c;--ok:#6fd59b;--th:#1e1a2c;--thl:#b197fc;--stop:#2f2515;--c0:#7aa2ff;--c1:#fb923c;--c2:#4ade80;--c3:#c084fc;--c4:#22d3ee;--c5:#f472b6;--c6:#facc15;--c7:#a3b1c2}}
.acm-view,.acm-view *{box-sizing:border-box}
.acm-view{-webkit-text-size-adjust:100%;text-size-adjust:100%;margin:0;background:var(--bg);color:var(--fg);font:15px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;overflow-wrap:anywhere}
.acm-view [hidden]{display:none!important}
.acm-view .run,.acm-view main,.acm-view .foot,.acm-view .tools>div{max-width:52rem;margin:0 auto;padding:0 .75rem}
.acm-view a{color:var(--link)}
.acm-view h1{font-size:1.35rem;margin:0;padding:1rem 0 .5rem}
.acm-view .totals{display:flex;flex-wrap:wrap;gap:.4rem 1.5rem;margin:0 0 .5rem}
.acm-view .totals div{min-width:0}
.acm-view .totals dt{font-size:.78rem;color:var(--muted);text-transform:uppercase;letter-spacing:.04em}
.acm-view .totals dd{margin:0;font-weight:600}
.acm-view .totals small{font-weight:400;color:var(--muted)}
.acm-view .chips{display:flex;flex-wrap:wrap;gap:.3rem;list-style:none;margin:.25rem 0;padding:0}
.acm-view .chips button{font:inherit;font-size:.85rem;color:var(--fg);border:1px solid var(--line);background:var(--card);border-radius:999px;padding:0 .55rem;cursor:default}
.acm-view .chips b{margin-left:.3rem}
.acm-view .chips button[class]::before{content:"";display:inline-block;width:.6em;height:.6em;border-radius:50%;background:var(--sc);margin-right:.35em}
.acm-live .chips button{cursor:pointer}
.acm-view .row{display:flex;flex-wrap:wrap;align-items:baseline;gap:0 .6rem;margin-top:.3rem}
.acm-view .row>*{margin:0;min-width:0}
.acm-view .hint,.acm-view .chips .all{display:none}
.acm-live .hint{display:inline}.acm-live .chips .all{display:block}
.acm-live .chips [aria-pressed=true]{border-color:var(--sc,var(--fg));box-shadow:inset 0 0 0 1px var(--sc,var(--fg));font-weight:600}
.acm-view .on [aria-pressed=false]{opacity:.55}
.acm-view :focus-visible{outline:2px solid var(--link);outline-offset:1px}
.acm-view .reasons{margin:0;padding:0;list-style-position:inside}
.acm-view .tools{position:sticky;top:0;z-index:2;background:var(--bg);border-bottom:1px solid var(--line);padding:.4rem 0}
.acm-view .tools>div{display:flex;flex-wrap:wrap;gap:.35rem .5rem;align-items:center}
.acm-view .tools input{font:inherit;flex:1 1 12rem;min-width:0;padding:.2rem .5rem;border:1px solid var(--line);border-radius:6px;background:var(--card);color:var(--fg)}
.acm-view .tools button{font:inherit;font-size:.85rem;padding:.15rem .55rem;border:1px solid var(--line);border-radius:6px;background:var(--card);color:var(--fg);cursor:pointer}
.acm-view .tools output{font-size:.85rem;color:var(--muted)}
.acm-view .tools button.on{border-color:var(--link);color:var(--link);font-weight:600}
.acm-view .msg{background:var(--card);border:1px solid var(--line);border-left:4px solid var(--sc,var(--c7));border-radius:8px;margin:.6rem 0;padding:.45rem .75rem .55rem;min-width:0}
.acm-view.lazy .msg,.acm-view .lazy .msg{content-visibility:auto;contain-intrinsic-size:auto 8rem}
.acm-view .s0{--sc:var(--c0)}.acm-view .s1{--sc:var(--c1)}.acm-view .s2{--sc:var(--c2)}.acm-view .s3{--sc:var(--c3)}.acm-view .s4{--sc:var(--c4)}.acm-view .s5{--sc:var(--c5)}.acm-view .s6{--sc:var(--c6)}.acm-view .s7{--sc:var(--c7)}
.acm-view .head{display:flex;flex-wrap:wrap;align-items:baseline;gap:.1rem .7rem;font-size:.82rem;color:var(--muted);margin-bottom:.25rem;cursor:pointer;list-style:none}
.acm-view .head::-webkit-details-marker{display:none}
.acm-view .head::before{content:"\\25BE";width:.7rem;color:var(--muted)}
.acm-view .msg>details:not([open])>.head::before{content:"\\25B8"}
.acm-view .msg>details:not([open])>.head{margin-bottom:0}
.acm-view .head .src{font-weight:700;font-size:.95rem;color:var(--sc,var(--fg))}
.acm-view .head .kind{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace}
.acm-view .head .n{text-decoration:none;color:var(--muted)}
.acm-view .text{white-space:pre-wrap}
.acm-view .text>div{white-space:pre-wrap}
.acm-view .mk{color:var(--muted);font-weight:400;font-style:normal}
.acm-view .md-h{font-weight:700;font-size:1.08em}
.acm-view .md-h1{font-size:1.25em}
.acm-view .md-q{color:var(--muted)}
.acm-view .text code{font:.9em ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;background:var(--code);border-radius:4px;padding:0 .15rem}
.acm-view .md-a{color:var(--link)}
.acm-view .empty,.acm-view .note{color:var(--muted);font-size:.88rem}
.acm-view .label{color:var(--muted);font-size:.78rem;margin-top:.35rem}
.acm-view pre{margin:.35rem 0;padding:.45rem .6rem;background:var(--code);border-radius:6px;overflow-x:auto;font:13px/1.45 ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;white-space:pre;overflow-wrap:normal}
.acm-view pre.wrap{white-space:pre-wrap;overflow-wrap:anywhere}
.acm-view .fence{color:var(--muted)}
.acm-view .thought{background:var(--th);border-style:dashed;border-left-style:solid;border-left-color:var(--thl)}
.acm-view .thought .text{font-style:italic}
.acm-view .thought .kind{color:var(--thl);font-weight:600}
.acm-view .stop{background:var(--stop)}
.acm-view details details{border:1px solid var(--line);border-radius:6px;margin:.4rem 0;padding:.15rem .6rem;min-width:0}
.acm-view details details>summary{cursor:pointer;padding:.15rem 0}
.acm-view .fn{font-weight:600;font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace}
.acm-view .id{color:var(--muted);font-size:.8rem}
.acm-view .badge{display:inline-block;border-radius:4px;padding:0 .35rem;font-size:.78rem;font-weight:600;border:1px solid currentColor}
.acm-view .ok{color:var(--ok)}
.acm-view .err{color:var(--err)}
.acm-view .failed{background:var(--errbg);border-color:var(--err)}
.acm-view .transfer{display:flex;flex-wrap:wrap;align-items:center;gap:.3rem .6rem;font-weight:600;margin:.1rem 0 .3rem}
.acm-view .arrow{color:var(--muted)}
.acm-view .transfer .src{color:var(--sc,var(--fg))}
.acm-view img{display:block;max-width:100%;min-width:4rem;height:auto;margin:.35rem 0;border-radius:6px;border:1px solid var(--line)}
.acm-live .msg img{cursor:zoom-in}
.acm-view .msg img.zoom{position:fixed;inset:0;z-index:10;width:96vw;height:96vh;max-width:none;margin:auto;object-fit:contain;border:0;box-shadow:0 0 0 100vmax rgba(0,0,0,.8);background:rgba(0,0,0,.8);cursor:zoom-out}
.acm-view .part+.part{margin-top:.35rem}
.acm-view .end{margin:1rem 0;padding:.45rem .75rem;border:1px dashed var(--muted);border-radius:8px;text-align:center;font-size:.9rem}
.acm-view .foot{color:var(--muted);font-size:.8rem;padding-top:.5rem;padding-bottom:1.5rem}
@media (max-width:480px){.acm-view{font-size:14px}.acm-view .run,.acm-view main,.acm-view .foot,.acm-view .tools>div{padding:0 .4rem}.acm-view .msg{padding:.4rem .5rem}.acm-view pre{font-size:12px}
.acm-view h1{font-size:1.05rem;padding:.5rem 0 .2rem}.acm-view .totals{gap:0 .9rem;margin-bottom:.2rem;font-size:.9rem}.acm-view .totals div{display:flex;gap:.3rem;align-items:baseline}.acm-view .totals dt{flex:none;font-size:.68rem}
.acm-view .row{flex-wrap:nowrap;gap:.4rem;margin-top:.15rem}.acm-view .row .label{flex:none;font-size:.72rem}.acm-live .hint{display:none}
.acm-view .row .chips,.acm-view .tools>div{flex-wrap:nowrap;overflow-x:auto;scrollbar-width:none}.acm-view .chips li,.acm-view .tools>div>*,.acm-view .chips button{flex:none;white-space:nowrap}
.acm-view .tools{padding:.3rem 0}.acm-view .tools input{flex:0 0 9rem}}
@media print{.acm-view details{break-inside:avoid}.acm-view .tools{display:none}}`;

/**
 * `sha256-<base64>` of {@link HTML_VIEW_CSS}, as a CSP's `style-src` names it (for a fragment's `<style>`).
 *
 * @example res.setHeader("Content-Security-Policy", `style-src '${HTML_VIEW_CSS_SHA256}'`)
 */
export const HTML_VIEW_CSS_SHA256 = "sha256-/p5jG6vQxVVeto4LmFFOE86KgQ9ZiTdEjFbisWHAFlg=";

/** `sha256-<base64>` of `RESTORE_SCRIPT` (./escape.ts), for static pages that need it. */
export const RESTORE_SCRIPT_SHA256 = "sha256-pjJfPkhmpO1qdEM1F92BON+iiD1qHS6SGhg007iX45c=";

/**
 * The page's Content-Security-Policy: nothing loads, only the page's own style applies, and no
 * script runs but `script` (the view script, or the character-restoring one), admitted by its hash.
 */
export function pageCsp(script: string | null): string {
  const hash = script === null ? null : script === HTML_VIEW_SCRIPT ? HTML_VIEW_SCRIPT_SHA256 : RESTORE_SCRIPT_SHA256;
  return `default-src 'none'; img-src data:; style-src '${HTML_VIEW_CSS_SHA256}'${hash ? `; script-src '${hash}'` : ""}; base-uri 'none'; form-action 'none'`;
}
