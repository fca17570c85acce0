"""Differential cases for `loadMaf` / `dumpMafJson` against the real MAF 1.13.0 core (issue 35).

Mutates real MAF dicts (every class `loadMaf` accepts: the Content kinds, Message, AgentResponse,
AgentResponseUpdate, ChatResponse, ChatResponseUpdate, AgentSession) taken from
../shared/fixtures/maf/*.jsonl, and records for each case the input text and MAF's verdict:
`json.dumps(<Class>.from_dict(json.loads(input)).to_dict())`, or the exception class and its
first message line. MAF runs at CPython's default recursion limit (1000), from this top-level
script. Deterministic: case i is drawn from `random.Random("35:<i>")`.

Needs the judge's environment (see ../shared/maf-judge/README.md):
  export MAF_SRC=… ; source ../shared/maf-judge/env.sh
  python3 scripts/maf-differential.py [--cases N] [--fixtures DIR]
Writes test/fixtures/maf/differential.jsonl.gz (one JSON line per case:
{"id", "cls", "mutation", "input": <text>, "ok": true, "json": <text>} or
{"id", "cls", "mutation", "input", "ok": false, "error_class", "error"}).
"""

import argparse
import copy
import gzip
import json
import os
import random
import sys
from collections import Counter

import agent_framework as af

CLASSES = {
    "message": "Message",
    "agent_response": "AgentResponse",
    "agent_response_update": "AgentResponseUpdate",
    "chat_response": "ChatResponse",
    "chat_response_update": "ChatResponseUpdate",
    "session": "AgentSession",
}
CONTENT_KINDS = {
    "text", "text_reasoning", "data", "uri", "error", "function_call", "function_result", "usage", "hosted_file",
    "hosted_vector_store", "code_interpreter_tool_call", "code_interpreter_tool_result", "image_generation_tool_call",
    "image_generation_tool_result", "mcp_server_tool_call", "mcp_server_tool_result", "search_tool_call",
    "search_tool_result", "shell_tool_call", "shell_tool_result", "shell_command_output", "function_approval_request",
    "function_approval_response", "oauth_consent_request",
}
TARGETS = {
    "Content.from_dict": "Content", "Message.from_dict": "Message", "AgentResponse.from_dict": "AgentResponse",
    "AgentResponseUpdate.from_dict": "AgentResponseUpdate", "ChatResponse.from_dict": "ChatResponse",
    "ChatResponseUpdate.from_dict": "ChatResponseUpdate", "AgentSession.from_dict": "AgentSession",
}


def collect(fixtures):
    """Every MAF dict in the fixture files, by class (found by `type`, plus the load cases' inputs)."""
    bases = {c: [] for c in ["Content", *CLASSES.values()]}
    seen = set()

    def add(cls, d):
        key = (cls, json.dumps(d, sort_keys=True))
        if key not in seen:
            seen.add(key)
            bases[cls].append(d)

    def walk(v):
        if isinstance(v, dict):
            t = v.get("type")
            if isinstance(t, str) and t in CLASSES:
                add(CLASSES[t], v)
            elif isinstance(t, str) and t in CONTENT_KINDS:
                add("Content", v)
            for x in v.values():
                walk(x)
        elif isinstance(v, list):
            for x in v:
                walk(x)

    for name in sorted(os.listdir(fixtures)):
        if not name.endswith(".jsonl"):
            continue
        with open(os.path.join(fixtures, name), encoding="utf8") as f:
            for line in f:
                rec = json.loads(line)
                if name == "load-cases.jsonl":
                    cls = TARGETS.get(rec.get("target"))
                    if cls and isinstance(rec.get("input"), dict):
                        add(cls, rec["input"])
                    continue
                walk(rec)
    return bases


STRINGS = ["", " ", "x", "Hello", "caf\u00e9", "\u4f60\u597d", "\U0001f468\u200d\U0001f469\u200d\U0001f467", "\ud800",
           "\udfff", "a\udc00b", "\u2028\u2029", "\x00\x1f", "\ufeff", "\u05e9\u05dc\u05d5\u05dd", "e\u0301", "\\\"'",
           "<b>&amp;</b>", "user", "assistant", "tool", "system", "message", "text", "1", "10", "True", "None", "-0.0"]
FLOATS = [-0.0, 0.0, 1.5, -2.5, 1e308, -1e308, 1.7976931348623157e308, 5e-324, -5e-324, 2.2250738585072014e-308,
          1e-7, 1e16, 1e21, 123456789.125, 0.1, 2.0, -1.0, 1e22, 9007199254740993.0, 3.0e-5]
INTS = [0, 1, -1, 7, 2 ** 31, 2 ** 53, 2 ** 53 + 1, -(2 ** 63), 2 ** 64, 10 ** 20]


def scalar(r):
    k = r.randrange(7)
    if k == 0:
        return r.choice([None, True, False])
    if k == 1:
        return r.choice(INTS)
    if k in (2, 3):
        return r.choice(FLOATS)
    if k == 4:
        return r.choice(STRINGS)
    if k == 5:
        return r.choice([[], {}, [1, "a"], {"k": -0.0}])
    return r.choice(STRINGS) + r.choice(STRINGS)


def pair_list(r):
    keys = [True, False, None, -0.0, 0.0, 1, 0, 1.5, 1e308, 5e-324, "a", "True", 2 ** 64, -7]
    n = r.randrange(1, 4)
    out = []
    for _ in range(n):
        k = r.choice(keys)
        out.append([k, scalar(r)] if r.random() < 0.9 else (k, scalar(r)))
    return [list(p) for p in out]


def deep(r):
    depth = r.choice([r.randrange(380, 620), r.randrange(900, 1120), r.randrange(1, 60)])
    leaf = scalar(r)
    kind = r.randrange(3)
    v = leaf
    for i in range(depth):
        if kind == 0 or (kind == 2 and i % 2):
            v = [v]
        else:
            v = {"k": v}
    return v, depth


def paths(v, prefix=()):
    """Every container path in v (dicts and lists), the root included."""
    out = [prefix]
    stack = [(v, prefix)]
    while stack:
        x, p = stack.pop()
        if isinstance(x, dict):
            for k, y in x.items():
                if isinstance(y, (dict, list)):
                    out.append(p + (k,))
                    stack.append((y, p + (k,)))
        elif isinstance(x, list):
            for i, y in enumerate(x):
                if isinstance(y, (dict, list)):
                    out.append(p + (i,))
                    stack.append((y, p + (i,)))
    return out


def at(v, p):
    for k in p:
        v = v[k]
    return v


def dict_paths(v, name=None):
    return [p for p in paths(v) if isinstance(at(v, p), dict) and (name is None or name in at(v, p))]


def mutate(r, base):
    v = copy.deepcopy(base)
    steps = []
    for _ in range(r.choice([1, 1, 1, 2, 3])):
        m = r.randrange(10)
        ps = paths(v)
        if m == 0:  # drop a key
            ds = [p for p in ps if isinstance(at(v, p), dict) and at(v, p)]
            if not ds:
                continue
            p = r.choice(ds)
            k = r.choice(list(at(v, p)))
            del at(v, p)[k]
            steps.append(f"drop {k}")
        elif m in (1, 2):  # swap a value's type
            ds = [p for p in ps if isinstance(at(v, p), (dict, list)) and at(v, p)]
            if not ds:
                continue
            p = r.choice(ds)
            c = at(v, p)
            k = r.choice(list(c)) if isinstance(c, dict) else r.randrange(len(c))
            c[k] = scalar(r)
            steps.append(f"swap {k}")
        elif m == 3:  # -0.0 / extreme floats somewhere
            ds = [p for p in ps if isinstance(at(v, p), dict)]
            p = r.choice(ds)
            key = r.choice(["additional_properties", "arguments", "result", "usage_details", "value", "extra", "text"])
            c = at(v, p)
            f = r.choice([-0.0, -0.0, 1e308, 5e-324, -1e308, 1e16, 1e21])
            if isinstance(c.get(key), dict):
                c[key]["n"] = f
            else:
                c[key] = {"n": f, "m": [f, -0.0]} if r.random() < 0.5 else f
            steps.append(f"float {key}")
        elif m in (4, 5):  # a pair-list additional_properties
            ds = dict_paths(v, "additional_properties") or dict_paths(v)
            p = r.choice(ds)
            at(v, p)["additional_properties"] = pair_list(r)
            steps.append("pair-list additional_properties")
        elif m == 6:  # deep nesting
            ds = [p for p in ps if isinstance(at(v, p), dict)]
            p = r.choice(ds)
            key = r.choice(["additional_properties", "arguments", "result", "extra", "value"])
            d, depth = deep(r)
            c = at(v, p)
            if key == "additional_properties" and r.random() < 0.7:
                c[key] = {"deep": d}
            else:
                c[key] = d
            steps.append(f"deep {key} {depth}")
        elif m == 7:  # unicode
            ds = [p for p in ps if isinstance(at(v, p), dict)]
            p = r.choice(ds)
            c = at(v, p)
            strs = [k for k, x in c.items() if isinstance(x, str) and k != "type"]
            k = r.choice(strs) if strs else "text"
            c[k] = r.choice(STRINGS) + r.choice(STRINGS)
            steps.append(f"unicode {k}")
        elif m == 8:  # a key of another type's dict / unknown key
            ds = [p for p in ps if isinstance(at(v, p), dict)]
            p = r.choice(ds)
            k = r.choice(["extra", "additional_properties", "raw_representation", "author_name", "message_id",
                          "usage_details", "created_at", "finish_reason", "state", "service_session_id"])
            at(v, p)[k] = scalar(r)
            steps.append(f"set {k}")
        else:  # session-state values / message dicts put in state
            if isinstance(v, dict) and v.get("type") == "session" and isinstance(v.get("state"), dict):
                item = {"type": "message", "role": r.choice(["user", "assistant"]),
                        "contents": [{"type": "text", "text": r.choice(STRINGS), "additional_properties": pair_list(r)}],
                        "additional_properties": pair_list(r) if r.random() < 0.5 else {}}
                v["state"][r.choice(["extra", "in_memory", "other"])] = r.choice([item, {"k": item}, [item], {"messages": [item]}])
                steps.append("state message")
            else:
                ds = dict_paths(v, "additional_properties") or dict_paths(v)
                p = r.choice(ds)
                at(v, p)["additional_properties"] = {r.choice(STRINGS): scalar(r) for _ in range(r.randrange(1, 4))}
                steps.append("additional_properties values")
    return v, "; ".join(steps) or "none"


def verdict(cls, text):
    sys.setrecursionlimit(100000)
    try:
        value = json.loads(text)
    finally:
        sys.setrecursionlimit(1000)
    try:
        obj = getattr(af, cls).from_dict(value)
        out = json.dumps(obj.to_dict())
        return {"ok": True, "json": out}
    except BaseException as e:  # noqa: BLE001 - MAF's verdict, whatever it is
        if isinstance(e, KeyboardInterrupt):
            raise
        msg = str(e).split("\n")[0][:300]
        return {"ok": False, "error_class": type(e).__name__, "error": msg}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--cases", type=int, default=22000)
    ap.add_argument("--fixtures", default=os.path.join(os.path.dirname(__file__), "..", "..", "shared", "fixtures", "maf"))
    ap.add_argument("--out", default="test/fixtures/maf/differential.jsonl.gz")
    a = ap.parse_args()
    bases = collect(a.fixtures)
    order = ["Content", *CLASSES.values()]
    weights = {"Content": 5, "Message": 4, "AgentResponse": 2, "AgentResponseUpdate": 2, "ChatResponse": 2,
               "ChatResponseUpdate": 2, "AgentSession": 3}
    pool = [c for c in order if bases[c] for _ in range(weights[c])]
    counts = Counter()
    lines = []
    for i in range(a.cases):
        r = random.Random(f"35:{i}")
        cls = r.choice(pool)
        base = r.choice(bases[cls])
        value, mutation = mutate(r, base) if r.random() < 0.95 else (copy.deepcopy(base), "none")
        sys.setrecursionlimit(100000)
        text = json.dumps(value)
        sys.setrecursionlimit(1000)
        v = verdict(cls, text)
        counts[(cls, v["ok"])] += 1
        if not v["ok"]:
            counts[("error", v["error_class"])] += 1
        lines.append(json.dumps({"id": f"D{i:05d}", "cls": cls, "mutation": mutation, "input": text, **v}))
    with open(a.out, "wb") as f:
        f.write(gzip.compress(("\n".join(lines) + "\n").encode("ascii"), compresslevel=9, mtime=0))
    print(f"{a.cases} cases; bases: " + ", ".join(f"{c} {len(bases[c])}" for c in order))
    for k, n in sorted(counts.items(), key=str):
        print(f"  {k}: {n}")


if __name__ == "__main__":
    main()
