#!/usr/bin/env python3
"""Perturbed inputs for the provider helpers, with expectations computed by CPython running
the upstream functions' own source (microsoft/autogen 027ecf0a, read from a local mirror).

Only the functions are executed, extracted with `ast` (annotations removed, SDK types
replaced by plain dicts), so no autogen install is needed. The library's output is never
used here. Regenerate with

    python3 test/providers/upstream/gen-expectations.py <autogen git dir> > test/providers/upstream/upstream-expectations.json

where <autogen git dir> is a clone of microsoft/autogen (commit 027ecf0a...).
"""

import ast
import json
import math
import random
import re
import sys
import typing
import warnings

from upstream_source import CORE, EXT, StripAnnotations as _StripAnnotations, source  # noqa: E402


def load(path, names, env):
    """Executes the named top-level definitions of an upstream file in `env`."""
    tree = ast.parse(source(path))
    picked = [n for n in tree.body if getattr(n, "name", None) in names]
    # Only the last definition of an overloaded name is the implementation.
    last = {}
    for n in picked:
        last[n.name] = n
    mod = ast.Module(body=[_StripAnnotations().visit(n) for n in last.values()], type_ignores=[])
    ast.fix_missing_locations(mod)
    exec(compile(mod, path, "exec"), env)
    missing = set(names) - set(last)
    assert not missing, missing
    return env


def model_family_class():
    tree = ast.parse(source(CORE + "models/_model_client.py"))
    cls = next(n for n in tree.body if isinstance(n, ast.ClassDef) and n.name == "ModelFamily")
    cls.body = [n for n in cls.body if not (isinstance(n, ast.AnnAssign))]  # drop `ANY: TypeAlias = Literal[...]`
    env = {"Any": typing.Any}
    exec(compile(ast.fix_missing_locations(ast.Module(body=[_StripAnnotations().visit(cls)], type_ignores=[])), "mc", "exec"), env)
    any_node = next(n for n in ast.parse(source(CORE + "models/_model_client.py")).body if isinstance(n, ast.ClassDef) and n.name == "ModelFamily")
    lit = next(n for n in any_node.body if isinstance(n, ast.AnnAssign) and n.target.id == "ANY")
    any_values = [e.value for e in lit.value.slice.elts]
    return env["ModelFamily"], any_values


ModelFamily, FAMILY_ANY = model_family_class()


def run(fn, *args):
    """Result or Python error of one call, plus the warnings it emitted."""
    with warnings.catch_warnings(record=True) as w:
        warnings.simplefilter("always")
        try:
            return {"result": fn(*args), "warnings": [str(x.message) for x in w]}
        except Exception as e:  # noqa: BLE001 - the error is the expectation
            return {"error": {"type": type(e).__name__, "message": str(e)}, "warnings": [str(x.message) for x in w]}


rng = random.Random(20260406)
PY_SPACE = [chr(c) for c in range(0x3001) if chr(c).isspace()]
NOT_SPACE_LOOKALIKE = ["\u200b", "\ufeff", "\u180e", "\u2060"]  # not str.isspace()
WORDS = ["agent", "critic", "planner", "tool", "x", "Émile", "日本", "data_2", "q-1", "{", "}", "<", ">", "think", "kin", "hint"]


def ws(n=3):
    return "".join(rng.choice(PY_SPACE + NOT_SPACE_LOOKALIKE[:1] + [" ", "\n", "\t"]) for _ in range(rng.randint(0, n)))


def text():
    return ws() + " ".join(rng.choice(WORDS) for _ in range(rng.randint(0, 4))) + ws()


out = {}

# --- names -------------------------------------------------------------------------------
utils = load(EXT + "openai/_utils.py", ["assert_valid_name"], {"re": re})
oai = load(EXT + "openai/_openai_client.py", ["normalize_name"], {"re": re})
NAME_CHARS = list("abcXYZ019_-") + [".", " ", "\n", "\r", "é", "٣", "ß", "😀", "\u0301", "\udc00", ":", "/"]
names = []
for _ in range(120):
    n = "".join(rng.choice(NAME_CHARS[:11]) for _ in range(rng.choice([1, 5, 63, 64, 65, 70])))
    kind = rng.random()
    if kind < 0.3:
        n += "\n"
    elif kind < 0.4:
        n += "\n\n"
    elif kind < 0.6:
        i = rng.randrange(len(n) + 1)
        n = n[:i] + rng.choice(NAME_CHARS[11:]) + n[i:]
    names.append(n)
names += ["", "\n", "a\n", "a" * 64 + "\n", "a" * 63 + "\n", "\na", "a\r\n"]
out["assert_valid_name"] = [{"args": [n], **run(utils["assert_valid_name"], n)} for n in names]
out["normalize_name"] = [{"args": [n], **run(oai["normalize_name"], n)} for n in names]

# --- stop reasons ------------------------------------------------------------------------
ant = load(
    EXT + "anthropic/_anthropic_client.py",
    ["normalize_stop_reason", "__empty_content_to_whitespace", "assistant_message_to_anthropic", "assert_valid_name"],
    {"re": re, "json": json, "Dict": dict, "overload": lambda f: f},
)
oai_stop = load(EXT + "_utils/normalize_stop_reason.py", ["normalize_stop_reason"], {"Dict": dict})
REASONS = ["stop", "length", "content_filter", "function_calls", "end_turn", "tool_calls", "max_tokens", "stop_sequence",
           "tool_use", "pause_turn", "refusal", "function_call", "", "unknown"]
reasons = [None] + [rng.choice([str.upper, str.lower, str.title, lambda s: s])(r) for r in REASONS for _ in range(2)]
reasons += ["ＳＴＯＰ", "stop ", "END_TURN\n", "Tool_Calls"]
out["normalize_stop_reason/openai"] = [{"args": [r], **run(oai_stop["normalize_stop_reason"], r)} for r in reasons]
out["normalize_stop_reason/anthropic"] = [{"args": [r], **run(ant["normalize_stop_reason"], r)} for r in reasons]

# --- <think> parsing ---------------------------------------------------------------------
r1 = load(EXT + "_utils/parse_r1_content.py", ["parse_r1_content"], {"warnings": warnings})
contents = []
for _ in range(80):
    parts = [text()]
    if rng.random() < 0.85:
        parts.append("<think>")
    parts.append(text())
    if rng.random() < 0.85:
        parts.append("</think>")
    parts.append(text())
    if rng.random() < 0.15:
        parts.reverse()
    contents.append("".join(parts))
out["parse_r1_content"] = [{"args": [c], **run(r1["parse_r1_content"], c)} for c in contents]

# --- model families ----------------------------------------------------------------------
def is_openai_map(f):
    return ModelFamily.is_openai(f)


REGISTERED = {}
for f in FAMILY_ANY:
    if ModelFamily.is_claude(f):
        REGISTERED[f] = "claude"
    elif ModelFamily.is_gemini(f):
        REGISTERED[f] = "gemini"
    elif ModelFamily.is_mistral(f):
        REGISTERED[f] = "mistral"
    else:
        REGISTERED[f] = "base"
REGISTERED["default"] = "base"
registry = load(EXT + "openai/_transformation/registry.py", ["_find_model_family"], {"ModelFamily": ModelFamily, "MESSAGE_TRANSFORMERS": {"openai": REGISTERED}})


def transformer_name(model, family):
    # registry.get_transformer, reduced to the name of the map it returns
    if family not in set(FAMILY_ANY) or family == ModelFamily.UNKNOWN:
        family = registry["_find_model_family"]("openai", model)
    return REGISTERED[family]


oai_info_env = {"logging": __import__("logging"), "Dict": dict, "ModelFamily": ModelFamily, "ModelInfo": dict,
                "EVENT_LOGGER_NAME": "e", "TRACE_LOGGER_NAME": "t"}
exec(compile("\n".join(l for l in source(EXT + "openai/_model_info.py").splitlines() if not l.startswith(("from ", "import "))), "oai_mi", "exec"),
     oai_info_env)
ant_info_env = {"Dict": dict, "ModelFamily": ModelFamily, "ModelInfo": dict}
exec(compile("\n".join(l for l in source(EXT + "anthropic/_model_info.py").splitlines() if not l.startswith(("from ", "import "))), "ant_mi", "exec"),
     ant_info_env, ant_info_env)
table_names = list(oai_info_env["_MODEL_INFO"]) + list(oai_info_env["_MODEL_POINTERS"]) + list(ant_info_env["_MODEL_INFO"])
models = set(table_names + FAMILY_ANY)
SUFFIXES = ["", "-latest", "-2025-01-01", "x", "-mini", ":free", "-4-5-20251001", ".1"]
for base in table_names + FAMILY_ANY + ["claude-sonnet-4", "claude-haiku-4-5", "claude-opus-4-1", "gpt-4.1", "default", "Llama-4", "deepseek-r1", "r1"]:
    models.add(base + rng.choice(SUFFIXES))
    models.add(base[: rng.randint(1, len(base))])
models = sorted(models)
out["transformer_map"] = []
for m in models:
    for fam in dict.fromkeys(["unknown", rng.choice(FAMILY_ANY), "my-family", rng.choice(FAMILY_ANY).upper()]):
        out["transformer_map"].append({"args": [m, fam], **run(transformer_name, m, fam)})
out["_find_model_family"] = [{"args": [m], **run(registry["_find_model_family"], "openai", m)} for m in models]
out["openai.resolve_model"] = [{"args": [m], **run(oai_info_env["resolve_model"], m)} for m in models]


def oai_get_info(m):
    oai_info_env["trace_logger"] = __import__("logging").getLogger("quiet")
    return dict(oai_info_env["get_info"](m))


out["openai.get_info"] = [{"args": [m], **run(oai_get_info, m)} for m in models]
out["anthropic.get_info"] = [{"args": [m], **run(lambda x: dict(ant_info_env["get_info"](x)), m)} for m in models]

# --- tool_use.input from the arguments string (Anthropic request) ------------------------
ant["extract_json_from_str"] = load(CORE + "utils/_load_json.py", ["extract_json_from_str"], {"re": re, "json": json})["extract_json_from_str"]


class FunctionCall:
    def __init__(self, arguments):
        self.id, self.name, self.arguments = "call_1", "tool", arguments


class AssistantMessage:
    def __init__(self, args):
        self.source, self.thought, self.content = "assistant", None, [FunctionCall(args)]


ant["ToolUseBlock"] = lambda **kw: kw
ant["TextBlock"] = lambda **kw: kw
ant["List"] = list


def tool_input(args):
    block = ant["assistant_message_to_anthropic"](AssistantMessage(args))["content"][0]

    # The request body is JSON: NaN/Infinity are sent as null (see the fixtures' README).
    def finite(v):
        if isinstance(v, float) and not math.isfinite(v):
            return None
        if isinstance(v, list):
            return [finite(x) for x in v]
        if isinstance(v, dict):
            return {k: finite(x) for k, x in v.items()}
        return v

    return finite(block["input"])


VALUES = ['{"a": 1}', '{"q": "Émile 日本", "n": 2.5}', "[1, 2]", "3", '"s"', "null", "true", "NaN", "-Infinity", "{}",
          '{"a": 1, "a": 2}', '{"a": 1,}', "{'a': 1}", "", "   ", "\n", "\x1c\u3000", "\u200b", "not json", '{"x": [1, {"y": null}]}',
          '{"big": 123}', '{"e": 1e5, "f": -0.5}', '{"u": "\\u00e9\\ud83d\\ude00"}', "\ufeff{}", "1 2", "{} {}",
          "1E5", "-0", "0.0e0", "1.5E+3", "01", "+1", ".5", "1.", "-", '"a\tb"', '"a\\/b"', '"\\ud800"', '"\\x41"', '"\\u12"',
          "[1,]", "[", "{\"a\" 1}", "tru", "nul", "Infinity", "-NaN", "[-Infinity, NaN]", '{"a":1}\u3000', "\x0c{}", "\r\n[]\r\n"]
FENCE_LANG = ["json", "JSON", " json", "\njson", "Json", "python", "js", "", " ", "\u3000json", "json5", "j_s"]
args_list = []
for v in VALUES:
    args_list.append(ws(2) + v + ws(2))
for _ in range(60):
    v = rng.choice(VALUES)
    lang = rng.choice(FENCE_LANG)
    fenced = f"```{lang}\n{v}\n```"
    if rng.random() < 0.2:
        fenced = f"```{lang}\n{v}```"
    if rng.random() < 0.15:
        fenced += "\n```json\n{}\n```"
    args_list.append(rng.choice(["", "Here:\n", " ", "text "]) + fenced + rng.choice(["", "\n", " done"]))
out["tool_use_input"] = [{"args": [a], **run(tool_input, a)} for a in args_list]

# --- json.dumps of a tool input dict (responses) -----------------------------------------
STR = ["plain", "Émile", "日本語", "😀", "tab\there", 'q"uote', "back\\slash", "\x7f", "\u2028", "a/b", "\x00", ""]
# Integral floats (2.0, 1.5e300) and integer-like keys are left out: a JavaScript object
# parsed from JSON cannot carry them (2.0 is 2, "3" is moved before the other keys).
NUMS = [0, 1, -7, 2**40, 0.5, -2.25, 1e-07, 3.14159, 2.5e-300, 123456.789, 1e-05, 0.0001, 0.1 + 0.2, -1e-10, 1.0000000000000002]


def rand_value(depth=0):
    r = rng.random()
    if depth < 2 and r < 0.2:
        return [rand_value(depth + 1) for _ in range(rng.randint(0, 3))]
    if depth < 2 and r < 0.35:
        return {rng.choice(STR) + "k": rand_value(depth + 1) for _ in range(rng.randint(0, 3))}
    return rng.choice(STR + NUMS + [None, True, False])


dicts = [{f"{rng.choice(STR)}_{i}": rand_value() for i in range(rng.randint(0, 4))} for _ in range(40)]
out["json_dumps"] = [{"args": [json.dumps(d, ensure_ascii=False)], "result": json.dumps(d), "warnings": []} for d in dicts]

# --- OpenAI streaming: reasoning deltas and the final thought ----------------------------
def stream_reasoning(deltas):
    # The reasoning part of BaseOpenAIChatCompletionClient.create_stream, per chunk delta.
    yielded, thought_deltas, is_reasoning = [], [], False
    for d in deltas:
        rc = d
        if isinstance(rc, str) and len(rc) > 0:
            if not is_reasoning:
                rc = "<think>" + rc
                is_reasoning = True
            thought_deltas.append(rc)
            yielded.append(rc)
        elif rc is None and is_reasoning:
            thought_deltas.append("</think>")
            is_reasoning = False
            yielded.append("</think>")
    thought = "".join(thought_deltas).lstrip("<think>").rstrip("</think>") if thought_deltas else None
    return {"yielded": yielded, "thought": thought}


THOUGHT_BITS = ["think", "hint", "kin", "<", ">", "/", "ok", " ", "nothing", "I think", "</think>", "<think>", "tk", "\n"]
streams = []
for _ in range(40):
    streams.append([rng.choice([None, "", "".join(rng.choice(THOUGHT_BITS) for _ in range(rng.randint(1, 3)))]) for _ in range(rng.randint(1, 5))])
out["stream_reasoning"] = [{"args": [s], **run(stream_reasoning, s)} for s in streams]

json.dump(out, sys.stdout, ensure_ascii=True, indent=None, separators=(",", ":"))
sys.stdout.write("\n")
