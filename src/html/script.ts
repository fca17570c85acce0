/**
 * The view's behaviour, one fixed script (a constant string, so the page's Content-Security-Policy
 * can admit it by a precomputed hash; test/html/render-html.test.ts recomputes the hash). It
 * works on every `.acm-view` in the document (a page, or fragments placed in an app's page):
 * - shows the toolbar and makes the per-agent and per-kind chips "show only" filters: picking chips
 *   shows only the cards of the agents (kinds) picked, rows combined; a row's "all" chip, or the
 *   toolbar's "Show all", clears them; with a search box over each card's text;
 * - collapses or expands the event cards, the tool-call blocks, or everything;
 * - enlarges an image on click (click or Escape to close);
 * - puts back the characters HTML text cannot carry (NUL, unpaired surrogates; see ./escape.ts).
 * It sends nothing anywhere and reads nothing but the page. Running it again attaches it to
 * views added since (fragments); its listeners are registered once per document.
 */

/**
 * The view's script (plain ES2019, no imports): what makes a fragment's filters, search and
 * image zoom work in an app's page. Run it once after putting fragments in the page (again
 * after adding more); a page from `renderHtml` already carries it.
 *
 * @example
 * const s = document.createElement("script"); // CSP: script-src 'HTML_VIEW_SCRIPT_SHA256'
 * s.textContent = HTML_VIEW_SCRIPT;
 * document.body.append(s);
 */
export const HTML_VIEW_SCRIPT = `(()=>{const d=document,r=d.documentElement;
const attach=v=>{if(v.hasAttribute("data-acm-live"))return;v.setAttribute("data-acm-live","");v.classList.add("acm-live");
for(const e of v.querySelectorAll("b[data-u]"))e.replaceWith(String.fromCharCode(parseInt(e.getAttribute("data-u"),16)));
for(const t of v.querySelectorAll(".tools"))t.hidden=false};
const view=e=>e&&e.closest?e.closest("[data-acm-live]"):null;
const texts=new WeakMap();
const apply=v=>{const on={s:new Set(),k:new Set()};
for(const b of v.querySelectorAll(".filter button[data-v][aria-pressed=true]"))on[b.closest(".filter").getAttribute("data-f")].add(b.getAttribute("data-v"));
for(const u of v.querySelectorAll(".filter")){const p=on[u.getAttribute("data-f")].size>0,a=u.querySelector(".all button");u.classList.toggle("on",p);if(a)a.setAttribute("aria-pressed",p?"false":"true")}
const i=v.querySelector(".tools input"),q=i?i.value.trim().toLowerCase():"";let n=0,all=0;
for(const c of v.querySelectorAll("article.msg")){all++;let show=(!on.s.size||on.s.has(c.getAttribute("data-s")))&&(!on.k.size||on.k.has(c.getAttribute("data-k")));
if(show&&q){let t=texts.get(c);if(t===undefined){t=c.textContent.toLowerCase();texts.set(c,t)}show=t.includes(q)}
c.hidden=!show;if(show)n++}
const o=v.querySelector(".tools output");if(o)o.textContent=(n===all?"all ":n+" of ")+all+(all===1?" card":" cards");
const r=v.querySelector('.tools [data-act="reset"]');if(r)r.classList.toggle("on",n!==all)};
const act=(v,a)=>{if(a==="reset"){for(const b of v.querySelectorAll(".filter button[data-v]"))b.setAttribute("aria-pressed","false");const i=v.querySelector(".tools input");if(i)i.value="";apply(v);return}
const sel=a==="events"?"article.ev>details":a==="calls"?"details.call":"details";for(const e of v.querySelectorAll(sel))e.open=a==="expand"};
if(!r.hasAttribute("data-acm-view")){r.setAttribute("data-acm-view","");let timer=0;
d.addEventListener("click",e=>{const v=view(e.target);if(!v)return;const z=v.querySelector("img.zoom");if(z){z.classList.remove("zoom");e.preventDefault();return}
const b=e.target.closest("button");if(b&&v.contains(b)){const u=b.closest(".filter");if(u){if(b.hasAttribute("data-v"))b.setAttribute("aria-pressed",b.getAttribute("aria-pressed")==="true"?"false":"true");else for(const x of u.querySelectorAll("button[data-v]"))x.setAttribute("aria-pressed","false");apply(v)}else if(b.hasAttribute("data-act"))act(v,b.getAttribute("data-act"));return}
if(e.target.tagName==="IMG"&&e.target.closest("article.msg"))e.target.classList.add("zoom")});
d.addEventListener("input",e=>{const v=view(e.target);if(!v||!e.target.closest(".tools"))return;clearTimeout(timer);timer=setTimeout(()=>apply(v),120)});
d.addEventListener("keydown",e=>{if(e.key==="Escape")for(const z of d.querySelectorAll("[data-acm-live] img.zoom"))z.classList.remove("zoom");
else if(e.key==="/"&&!(e.target.closest&&e.target.closest("input,textarea,select,[contenteditable]"))){const i=d.querySelector("[data-acm-live] .tools input");if(i){e.preventDefault();i.focus()}}})}
for(const v of d.querySelectorAll(".acm-view"))attach(v)})()`;

/**
 * `sha256-<base64>` of {@link HTML_VIEW_SCRIPT}, as a CSP's `script-src` names it.
 *
 * @example res.setHeader("Content-Security-Policy", `script-src '${HTML_VIEW_SCRIPT_SHA256}'`)
 */
export const HTML_VIEW_SCRIPT_SHA256 = "sha256-fBX62g5uGLwL0XotL/J4piZ2X+PYv+Db8DhpJLxyjI4=";
