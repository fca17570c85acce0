/**
 * The page's only stylesheet and the Content-Security-Policy that admits it by hash. The page
 * loads nothing: `default-src 'none'` refuses every fetch, script, frame and font; images come
 * only from `data:` URIs; the style element applies because its SHA-256 is listed, as is the
 * one inline script's when a page needs it (test/html/page.test.ts recomputes both hashes, so
 * editing the CSS or the script without updating the constants fails the tests).
 */

/** The stylesheet (ASCII only, so its hash does not depend on an encoding). */
export const PAGE_CSS = `:root{color-scheme:light dark;--bg:#f5f6f8;--card:#fff;--fg:#1c232d;--muted:#5b6573;--line:#d5dbe3;--code:#eef1f5;--link:#1d5fd6;--err:#b3261e;--errbg:#fdeceb;--ok:#17693a;--th:#f5f0ff;--thl:#7c4ddb;--stop:#fff3e0;--c0:#2563eb;--c1:#c2410c;--c2:#15803d;--c3:#9333ea;--c4:#0e7490;--c5:#be185d;--c6:#a16207;--c7:#4d5b6e}
@media (prefers-color-scheme:dark){:root{--bg:#0e1217;--card:#161b22;--fg:#e2e7ee;--muted:#98a3b3;--line:#2b333e;--code:#0f141a;--link:#82aaff;--err:#ff8f85;--errbg:#3b1e1c;--ok:#6fd59b;--th:#1e1a2c;--thl:#b197fc;--stop:#2f2515;--c0:#7aa2ff;--c1:#fb923c;--c2:#4ade80;--c3:#c084fc;--c4:#22d3ee;--c5:#f472b6;--c6:#facc15;--c7:#a3b1c2}}
*{box-sizing:border-box}
html{-webkit-text-size-adjust:100%;text-size-adjust:100%}
body{margin:0;background:var(--bg);color:var(--fg);font:15px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;overflow-wrap:anywhere}
.run,main,footer{max-width:52rem;margin:0 auto;padding:0 .75rem}
a{color:var(--link)}
h1{font-size:1.35rem;margin:1rem 0 .5rem}
.totals{display:flex;flex-wrap:wrap;gap:.4rem 1.5rem;margin:0 0 .5rem}
.totals div{min-width:0}
.totals dt{font-size:.78rem;color:var(--muted);text-transform:uppercase;letter-spacing:.04em}
.totals dd{margin:0;font-weight:600}
.chips{display:flex;flex-wrap:wrap;gap:.3rem;list-style:none;margin:.25rem 0;padding:0}
.chips li{border:1px solid var(--line);background:var(--card);border-radius:999px;padding:0 .55rem;font-size:.85rem}
.chips b{margin-left:.3rem}
.reasons{margin:0;padding:0;list-style-position:inside}
.msg{background:var(--card);border:1px solid var(--line);border-left:4px solid var(--sc,var(--c7));border-radius:8px;margin:.6rem 0;padding:.45rem .75rem .55rem;min-width:0}
.lazy .msg{content-visibility:auto;contain-intrinsic-size:auto 8rem}
.s0{--sc:var(--c0)}.s1{--sc:var(--c1)}.s2{--sc:var(--c2)}.s3{--sc:var(--c3)}.s4{--sc:var(--c4)}.s5{--sc:var(--c5)}.s6{--sc:var(--c6)}.s7{--sc:var(--c7)}
.head{display:flex;flex-wrap:wrap;align-items:baseline;gap:.1rem .7rem;font-size:.82rem;color:var(--muted);margin-bottom:.25rem}
.head .src{font-weight:700;font-size:.95rem;color:var(--sc,var(--fg))}
.head .kind{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace}
.head .n{text-decoration:none;color:var(--muted)}
.text{white-space:pre-wrap}
.text>div{white-space:pre-wrap}
.empty,.note{color:var(--muted);font-size:.88rem}
.label{color:var(--muted);font-size:.78rem;margin-top:.35rem}
pre{margin:.35rem 0;padding:.45rem .6rem;background:var(--code);border-radius:6px;overflow-x:auto;font:13px/1.45 ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;white-space:pre;overflow-wrap:normal}
pre.wrap{white-space:pre-wrap;overflow-wrap:anywhere}
.fence{color:var(--muted)}
.thought{background:var(--th);border-style:dashed;border-left-style:solid;border-left-color:var(--thl)}
.thought .text{font-style:italic}
.thought .kind{color:var(--thl);font-weight:600}
.stop{background:var(--stop)}
details{border:1px solid var(--line);border-radius:6px;margin:.4rem 0;padding:.15rem .6rem;min-width:0}
summary{cursor:pointer;padding:.15rem 0}
.fn{font-weight:600;font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace}
.id{color:var(--muted);font-size:.8rem}
.badge{display:inline-block;border-radius:4px;padding:0 .35rem;font-size:.78rem;font-weight:600;border:1px solid currentColor}
.ok{color:var(--ok)}
.err{color:var(--err)}
.failed{background:var(--errbg);border-color:var(--err)}
.transfer{display:flex;flex-wrap:wrap;align-items:center;gap:.3rem .6rem;font-weight:600;margin:.1rem 0 .3rem}
.arrow{color:var(--muted)}
.transfer .src{color:var(--sc,var(--fg))}
img{display:block;max-width:100%;min-width:4rem;height:auto;margin:.35rem 0;border-radius:6px;border:1px solid var(--line)}
.part+.part{margin-top:.35rem}
.end{margin:1rem 0;padding:.45rem .75rem;border:1px dashed var(--muted);border-radius:8px;text-align:center;font-size:.9rem}
footer{color:var(--muted);font-size:.8rem;padding-top:.5rem;padding-bottom:1.5rem}
@media (max-width:480px){body{font-size:14px}.run,main,footer{padding:0 .4rem}.msg{padding:.4rem .5rem}pre{font-size:12px}}
@media print{details{break-inside:avoid}}`;

/** `sha256-<base64>` of {@link PAGE_CSS}, as the CSP's `style-src` names it. */
export const PAGE_CSS_SHA256 = "sha256-bfF0yubUVCJUEAmSd4M9rMh16PoqtfRXkC9hd6XA5vo=";

/** `sha256-<base64>` of `RESTORE_SCRIPT` (./escape.ts), for pages that need it. */
export const RESTORE_SCRIPT_SHA256 = "sha256-pjJfPkhmpO1qdEM1F92BON+iiD1qHS6SGhg007iX45c=";

/**
 * The page's Content-Security-Policy: nothing loads, nothing runs but the character-restoring
 * script when the page has placeholders (`withScript`), only the page's own style applies.
 */
export function pageCsp(withScript: boolean): string {
  const script = withScript ? `; script-src '${RESTORE_SCRIPT_SHA256}'` : "";
  return `default-src 'none'; img-src data:; style-src '${PAGE_CSS_SHA256}'${script}; base-uri 'none'; form-action 'none'`;
}
