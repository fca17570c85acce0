"""Records what CPython does for the Python semantics src/python/ reproduces (json, str, types).

Run with plain CPython 3.11 (no packages): python3 test/python/record-cpython.py > test/python/cpython.json
Every expected value in cpython.json comes from this interpreter, never from the library.
"""
import json
import sys


def outcome(fn):
    try:
        return {"result": fn()}
    except Exception as e:  # the class and str() Python gives
        return {"error": {"type": type(e).__name__, "message": str(e)}}


# JSON documents (text, so both sides start from the same bytes).
DOCS = [
    '{"q": "é", "n": [1, 2.5, null, true, false], "e": {}, "l": []}',
    '"日本語 \\u00e9\\ud83d\\ude00 \\ud800 tab\\there \\u0000 \\u001f \\u007f \\u0080 \\u2028"',
    '"quote \\" backslash \\\\ slash / \\b \\f \\n \\r"',
    '{"2": "b", "1": "a", "__proto__": {"x": 1}, "b": 1, "b": 2}',
    '[1.0, -0.0, 0.0, 1e-05, 0.0001, 1e16, 1e+300, 123456789012345678901234567890, -7, 1.5e-7]',
    '[NaN, Infinity, -Infinity]',
    '{"nested": {"deep": [[[{"k": [0.1, 0.2]}]]]}}',
    '"\\ufeffBOM inside \\u00a0 nbsp \\u3000 ideographic"',
    '18446744073709551616',
    '[]',
    '{}',
    '""',
]

OPTIONS = [
    {},
    {"ensure_ascii": False},
    {"separators": [",", ":"]},
    {"ensure_ascii": False, "separators": [",", ":"]},
    {"separators": [" , ", " : "]},
]


def dumps_cases():
    out = []
    for doc in DOCS:
        value = json.loads(doc)
        for opts in OPTIONS:
            kw = dict(opts)
            if "separators" in kw:
                kw["separators"] = tuple(kw["separators"])
            out.append({"doc": doc, "options": opts, "result": json.dumps(value, **kw)})
    return out


# Documents JSON.parse reads to the same values Python reads (no integral floats, no NaN, no big ints).
JS_DOCS = [
    '{"q": "é", "n": [1, 2.5, null, true], "e": {}}',
    '{"x": 0.00001, "y": -2.5, "z": 1e-7, "w": 123456.789}',
    '["\\u0001", "\\ud83d\\ude00", "\\ud800"]',
]


def js_value_cases():
    return [{"doc": d, "options": o, "result": json.dumps(json.loads(d), **{k: tuple(v) if k == "separators" else v for k, v in o.items()})}
            for d in JS_DOCS for o in OPTIONS]


# An integral double beyond 2**53: as an int (its exact value) and as a float.
UNSAFE = [2.0**53, -(2.0**60), 1e21, 1.5e300]


def unsafe_integer_cases():
    return [{"value": repr(x), "int": json.dumps(int(x)), "float": json.dumps(x)} for x in UNSAFE]


LOADS_ERRORS = ["", "[1,", '{"a" 1}', "nul", '"\\x"', "[1] 2", "\ufeff[]", '"a\nb"', "1" * 4301, "[" * 1200 + "]" * 1200]


def loads_errors():
    out = []
    for text in LOADS_ERRORS:
        r = outcome(lambda: json.loads(text))
        out.append({"text": text, "type": r["error"]["type"], "message": r["error"]["message"]})
    return out


# Python's str whitespace: every BMP code point isspace() accepts.
def space_cases():
    return {
        "isspace": [c for c in range(0x10000) if chr(c).isspace()],
        "strip": [[s, s.strip(), s.rstrip(), s.isspace(), len(s)] for s in [
            "", " ", "\x1c {} \n", "x\ufeff \x1f", "\u3000\x85a b\u2028", "\ufeff", "\t\n\v\f\r", "a\U0001F600 ", "\ud800 ",
        ]],
    }


# A value per JSON type, as json.loads gives it.
TYPE_DOCS = ['null', 'true', 'false', '0', '7', '-0.0', '0.0', '2.5', 'NaN', '""', '"a"', '[]', '[0]', '{}', '{"k": 1}']


def type_cases():
    out = []
    for doc in TYPE_DOCS:
        v = json.loads(doc)
        item = {"doc": doc, "type": type(v).__name__, "truthy": bool(v), "get_str": outcome(lambda: v["k"])}
        if isinstance(v, (list, str)):
            item["get_past_end"] = outcome(lambda: v[10])
        out.append(item)
    ab = b"ab"
    out.append({"bytes": True, "type": type(ab).__name__, "truthy": [bool(b""), bool(ab)],
                "get_str": outcome(lambda: ab["k"]), "get_past_end": outcome(lambda: ab[10])})
    return out


json.dump({
    "python": sys.version.split()[0],
    "dumps": dumps_cases(),
    "dumps_js_values": js_value_cases(),
    "unsafe_integers": unsafe_integer_cases(),
    "loads_errors": loads_errors(),
    "str": space_cases(),
    "types": type_cases(),
}, sys.stdout, ensure_ascii=True, indent=1)
sys.stdout.write("\n")
