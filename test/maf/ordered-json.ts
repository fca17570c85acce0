/**
 * Test helpers, independent of the library: a JSON reader that keeps key order and number
 * lexemes, and Python's `json.dumps` text of what it read (default separators, ensure_ascii), so a
 * recorded MAF text is the expectation, key order included.
 */
export type Node =
  | { t: "obj"; members: Array<[string, Node]> }
  | { t: "arr"; items: Node[] }
  | { t: "str"; v: string }
  | { t: "lit"; raw: string }
  | { t: "num"; raw: string };

const NUM = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;

export function parseOrdered(text: string): Node {
  let i = 0;
  const ws = (): void => {
    while (i < text.length && " \t\n\r".includes(text[i]!)) i++;
  };
  const str = (): string => {
    let out = "";
    i++;
    for (;;) {
      const c = text[i]!;
      if (c === '"') {
        i++;
        return out;
      }
      if (c === "\\") {
        const e = text[i + 1]!;
        if (e === "u") {
          out += String.fromCharCode(parseInt(text.slice(i + 2, i + 6), 16));
          i += 6;
        } else {
          out += ({ '"': '"', "\\": "\\", "/": "/", b: "\b", f: "\f", n: "\n", r: "\r", t: "\t" } as Record<string, string>)[e]!;
          i += 2;
        }
      } else {
        out += c;
        i++;
      }
    }
  };
  const val = (): Node => {
    ws();
    const c = text[i];
    if (c === "{") {
      i++;
      const members: Array<[string, Node]> = [];
      ws();
      if (text[i] === "}") {
        i++;
        return { t: "obj", members };
      }
      for (;;) {
        ws();
        const k = str();
        ws();
        i++; // ':'
        members.push([k, val()]);
        ws();
        if (text[i++] === "}") return { t: "obj", members };
      }
    }
    if (c === "[") {
      i++;
      const items: Node[] = [];
      ws();
      if (text[i] === "]") {
        i++;
        return { t: "arr", items };
      }
      for (;;) {
        items.push(val());
        ws();
        if (text[i++] === "]") return { t: "arr", items };
      }
    }
    if (c === '"') return { t: "str", v: str() };
    for (const raw of ["true", "false", "null"]) {
      if (text.startsWith(raw, i)) {
        i += raw.length;
        return { t: "lit", raw };
      }
    }
    NUM.lastIndex = i;
    const m = NUM.exec(text)!;
    i += m[0].length;
    return { t: "num", raw: m[0] };
  };
  return val();
}

function pyStr(s: string): string {
  let out = '"';
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    const named: Record<number, string> = { 0x22: '\\"', 0x5c: "\\\\", 0x0a: "\\n", 0x0d: "\\r", 0x09: "\\t", 0x08: "\\b", 0x0c: "\\f" };
    if (named[c]) out += named[c];
    else if (c < 0x20 || c > 0x7e) out += "\\u" + c.toString(16).padStart(4, "0");
    else out += s[i];
  }
  return out + '"';
}

/** Python's `json.dumps` text of a node. */
export function pyText(n: Node): string {
  if (n.t === "obj") return "{" + n.members.map(([k, v]) => `${pyStr(k)}: ${pyText(v)}`).join(", ") + "}";
  if (n.t === "arr") return "[" + n.items.map(pyText).join(", ") + "]";
  if (n.t === "str") return pyStr(n.v);
  return n.raw;
}

const isIndexKey = (k: string): boolean => /^(?:0|[1-9]\d*)$/.test(k) && Number(k) < 4294967295;

/** The node with array-index-like keys first, ascending: the order a JavaScript object gives them. */
export function jsOrdered(n: Node): Node {
  if (n.t === "arr") return { t: "arr", items: n.items.map(jsOrdered) };
  if (n.t !== "obj") return n;
  const members = n.members.map(([k, v]): [string, Node] => [k, jsOrdered(v)]);
  const idx = members.filter(([k]) => isIndexKey(k)).sort((a, b) => Number(a[0]) - Number(b[0]));
  return { t: "obj", members: [...idx, ...members.filter(([k]) => !isIndexKey(k))] };
}

export type Seg = string | number;

export function parsePath(p: string): Seg[] {
  return p
    .split(/\.|(?=\[)/)
    .filter(Boolean)
    .map((s) => (/^\[\d+\]$/.test(s) ? Number(s.slice(1, -1)) : s));
}

export function nodeAt(n: Node | undefined, segs: readonly Seg[]): Node | undefined {
  let x = n;
  for (const s of segs) {
    if (!x) return undefined;
    if (typeof s === "number") x = x.t === "arr" ? x.items[s] : undefined;
    else x = x.t === "obj" ? x.members.find(([k]) => k === s)?.[1] : undefined;
  }
  return x;
}

/** Sorts the keys of the objects at `paths` (hash-ordered fields compare without order). */
export function sortAt(n: Node, paths: readonly Seg[][]): Node {
  for (const p of paths) {
    const o = nodeAt(n, p);
    if (o?.t === "obj") o.members.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  }
  return n;
}
