#!/usr/bin/env python3
"""Random conversations through the upstream request pipelines, run by CPython.

OpenAI-compatible client: the real `_message_transform.py` and `_transformation/` package are
imported (SDK TypedDicts replaced by `dict`), and `to_oai_type`, `convert_tools`,
`_rstrip_last_assistant_message` and `_process_create_args` are executed from
`_openai_client.py`. Anthropic client: `create()` itself runs from `_anthropic_client.py`
against a fake SDK client that captures the request body. Nothing comes from this library.

    python3 test/providers/upstream/gen-requests.py <autogen git dir> > test/providers/upstream/upstream-requests.json
"""

import ast
import asyncio
import json
import os
import random
import re
import sys
import tempfile
import typing
import warnings
from types import SimpleNamespace

from upstream_source import CORE, EXT, StripAnnotations as _StripAnnotations, source  # noqa: E402


def defs(path, names, env, cls=None):
    tree = ast.parse(source(path))
    body = tree.body
    if cls:
        body = next(n for n in body if isinstance(n, ast.ClassDef) and n.name == cls).body
    last = {n.name: n for n in body if getattr(n, "name", None) in names}
    assert set(last) == set(names), set(names) - set(last)
    mod = ast.fix_missing_locations(ast.Module(body=[_StripAnnotations().visit(n) for n in last.values()], type_ignores=[]))
    exec(compile(mod, path, "exec"), env)
    return env


# ---- stub packages: autogen_core (messages, ModelFamily), openai.types.chat (TypedDicts) ----
tmp = tempfile.mkdtemp()
tree = ast.parse(source(CORE + "models/_model_client.py"))
mf = next(n for n in tree.body if isinstance(n, ast.ClassDef) and n.name == "ModelFamily")
any_lit = next(n for n in mf.body if isinstance(n, ast.AnnAssign))
mf.body = [n for n in mf.body if not isinstance(n, ast.AnnAssign)]
mf_src = ast.unparse(_StripAnnotations().visit(mf))
FAMILY_ANY = [e.value for e in any_lit.value.slice.elts]
files = {
    "autogen_core/__init__.py": """
class FunctionCall:
    def __init__(self, id, arguments, name): self.id, self.arguments, self.name = id, arguments, name
class Image:
    def __init__(self, data): self.data = data
""",
    "autogen_core/models/_types.py": """
class FunctionExecutionResult:
    def __init__(self, content, name, call_id, is_error=None): self.content, self.name, self.call_id, self.is_error = content, name, call_id, is_error
""",
    "autogen_core/models/__init__.py": f"""
from typing import Any, Union
from ._types import FunctionExecutionResult
class SystemMessage:
    def __init__(self, content): self.content = content
class UserMessage:
    def __init__(self, content, source): self.content, self.source = content, source
class AssistantMessage:
    def __init__(self, content, source, thought=None): self.content, self.source, self.thought = content, source, thought
class FunctionExecutionResultMessage:
    def __init__(self, content): self.content = content
LLMMessage = Union[SystemMessage, UserMessage, AssistantMessage, FunctionExecutionResultMessage]
{mf_src}
ModelFamily.ANY = __import__("typing").Literal[tuple({FAMILY_ANY!r})]
""",
    "openai/__init__.py": "",
    "openai/types/__init__.py": "",
    "openai/types/chat/__init__.py": "def __getattr__(name):\n    return lambda **kw: dict(kw)\n",
    "agx/__init__.py": "",
}
for rel, text in files.items():
    os.makedirs(os.path.dirname(os.path.join(tmp, rel)), exist_ok=True)
    open(os.path.join(tmp, rel), "w").write(text)
for rel in ["_transformation/__init__.py", "_transformation/registry.py", "_transformation/types.py", "_message_transform.py", "_utils.py"]:
    os.makedirs(os.path.dirname(os.path.join(tmp, "agx", rel)), exist_ok=True)
    open(os.path.join(tmp, "agx", rel), "w").write(source(EXT + "openai/" + rel))
sys.path.insert(0, tmp)

import autogen_core  # noqa: E402
import autogen_core.models as M  # noqa: E402
import agx._message_transform  # noqa: E402,F401  (registers the tables)
from agx._transformation import get_transformer  # noqa: E402
from agx._utils import assert_valid_name  # noqa: E402


class Tool:  # never an instance here: tools are schemas
    pass


env = dict(
    M.__dict__,
    FunctionCall=autogen_core.FunctionCall, Image=autogen_core.Image, get_transformer=get_transformer,
    assert_valid_name=assert_valid_name, Tool=Tool, Any=typing.Any, Dict=dict, List=list, Callable=typing.Callable,
    Sequence=typing.Sequence, Optional=typing.Optional, Mapping=typing.Mapping, Type=type, BaseModel=type("BaseModel", (), {}),
    warnings=warnings, create_kwargs=set(), CreateParams=lambda **kw: SimpleNamespace(**kw), ChatCompletionToolParam=lambda **kw: dict(kw),
    FunctionDefinition=lambda **kw: dict(kw), cast=lambda t, v: v, FunctionParameters=dict,
)
defs(EXT + "openai/_openai_client.py", ["to_oai_type", "convert_tools", "convert_tool_choice"], env)
defs(EXT + "openai/_openai_client.py", ["_process_create_args", "_rstrip_last_assistant_message"], env, cls="BaseOpenAIChatCompletionClient")


class FakeOpenAIClient:
    def __init__(self, model, info, prefixes, include_name):
        self._create_args = {"model": model}
        self._model_info = self.model_info = info
        self._add_name_prefixes, self._include_name_in_message = prefixes, include_name

    _process_create_args = env["_process_create_args"]
    _rstrip_last_assistant_message = env["_rstrip_last_assistant_message"]


def to_py(d):
    t = d["type"]
    if t == "SystemMessage":
        return M.SystemMessage(d["content"])
    if t == "UserMessage":
        return M.UserMessage(d["content"], d["source"])
    if t == "AssistantMessage":
        c = d["content"] if isinstance(d["content"], str) else [autogen_core.FunctionCall(**x) for x in d["content"]]
        return M.AssistantMessage(c, d["source"], d["thought"])
    return M.FunctionExecutionResultMessage([M.FunctionExecutionResult(**x) for x in d["content"]])


def outcome(fn):
    with warnings.catch_warnings(record=True):
        warnings.simplefilter("always")
        try:
            return {"output": fn()}
        except Exception as e:  # noqa: BLE001
            return {"error": {"type": type(e).__name__, "message": str(e)}}


# ---- random conversations -----------------------------------------------------------------
rng = random.Random(4242)
PY_SPACE = [chr(c) for c in range(0x3001) if chr(c).isspace()]
WORDS = ["alpha", "beta", "Émile", "日本", "x", "said:", "  ", "\n"]
SOURCES = ["user", "agent_1", "Critic-2", "a" * 64, "b" * 65, "bot\n", "bad name", "é", "x\n\n", ""]


def ws():
    return "".join(rng.choice(PY_SPACE + [" ", "\n", "\u200b"]) for _ in range(rng.choice([0, 0, 1, 2, 3])))


def text():
    r = rng.random()
    if r < 0.15:
        return ""
    if r < 0.3:
        return ws() or " "
    return ws() + " ".join(rng.choice(WORDS) for _ in range(rng.randint(1, 3))) + ws()


def source_name():
    return rng.choice(SOURCES) if rng.random() < 0.25 else rng.choice(SOURCES[:3])


def message(kind):
    if kind == "system":
        return {"type": "SystemMessage", "content": text()}
    if kind == "user":
        content = text() if rng.random() < 0.7 else [text() for _ in range(rng.randint(0, 3))]
        return {"type": "UserMessage", "content": content, "source": source_name()}
    if kind == "assistant":
        thought = rng.choice([None, None, "", text()])
        if rng.random() < 0.5:
            return {"type": "AssistantMessage", "content": text(), "thought": thought, "source": source_name()}
        calls = [{"id": f"call_{i}", "arguments": rng.choice(['{"a": 1}', "", "[1]", "not json", '```json\n{"b": 2}\n```', " "]),
                  "name": rng.choice(["search", "get_weather"])} for i in range(rng.randint(0, 2))]
        return {"type": "AssistantMessage", "content": calls, "thought": thought, "source": source_name()}
    results = [{"content": text(), "name": "search", "call_id": f"call_{i}", "is_error": rng.choice([False, True, None])}
               for i in range(rng.randint(0, 2))]
    return {"type": "FunctionExecutionResultMessage", "content": results}


def conversation():
    msgs = []
    for _ in range(rng.randint(0, 6)):
        kind = rng.choices(["system", "user", "assistant", "tool"], [3, 4, 4, 2])[0]
        msgs.append(message(kind))
    return msgs


MODELS = ["gpt-4o", "gpt-4o-mini", "o3", "gemini-2.0-flash", "gemini-2.5-pro", "gemini-1.5-flash-002", "claude-3-5-sonnet-20241022",
          "claude-sonnet-4-20250514", "claude-3-haiku-20240307", "mistral-large-latest", "codestral-2501", "llama-4-scout-x",
          "deepseek-r1", "my-model", "pixtral-12b", "gpt-4.1-nano"]
FAMILIES = FAMILY_ANY + ["custom-family", "GPT-4O"]

openai_cases = []
for _ in range(400):
    model = rng.choice(MODELS)
    info = {"vision": True, "function_calling": True, "json_output": True, "family": rng.choice(FAMILIES), "structured_output": True}
    ms = rng.choice(["absent", True, False, None])
    if ms != "absent":
        info["multiple_system_messages"] = ms
    prefixes, include = rng.random() < 0.4, rng.random() < 0.8
    msgs = conversation()

    def go():
        client = FakeOpenAIClient(model, info, prefixes, include)
        return client._process_create_args([to_py(m) for m in msgs], [], "auto", None, {}).messages

    openai_cases.append({"model": model, "model_info": info, "add_name_prefixes": prefixes, "include_name_in_message": include,
                         "input": msgs, **outcome(go)})

# ---- Anthropic: create() with a client that captures the body -----------------------------
class Captured(Exception):
    pass


async def capture(**request_args):
    raise Captured(request_args)


aenv = dict(
    M.__dict__, FunctionCall=autogen_core.FunctionCall, Image=autogen_core.Image, Tool=Tool, json=json, re=re, asyncio=asyncio,
    Any=typing.Any, Dict=dict, List=list, Optional=typing.Optional, Union=typing.Union, Iterable=typing.Iterable, cast=lambda t, v: v,
    overload=lambda f: f, Message=object, MessageParam=lambda **kw: dict(kw), TextBlock=lambda **kw: dict(kw), ToolUseBlock=lambda **kw: dict(kw),
    TextBlockParam=lambda **kw: dict(kw), ToolResultBlockParam=lambda **kw: dict(kw),
)
defs(CORE + "utils/_load_json.py", ["extract_json_from_str"], aenv)
defs(EXT + "anthropic/_anthropic_client.py", ["__empty_content_to_whitespace", "user_message_to_anthropic", "system_message_to_anthropic",
     "assistant_message_to_anthropic", "tool_message_to_anthropic", "to_anthropic_type", "assert_valid_name", "convert_tools",
     "convert_tool_choice_anthropic"], aenv)
defs(EXT + "anthropic/_anthropic_client.py", ["create", "_merge_system_messages", "_rstrip_last_assistant_message", "_get_thinking_config"],
     aenv, cls="BaseAnthropicChatCompletionClient")


class FakeAnthropicClient:
    def __init__(self, model, info):
        self._create_args = {"model": model}
        self._model_info = self.model_info = info
        self._last_used_tools = []
        self._client = type("C", (), {"messages": type("Msgs", (), {"create": staticmethod(capture)})()})()

    create = aenv["create"]
    _merge_system_messages = aenv["_merge_system_messages"]
    _rstrip_last_assistant_message = aenv["_rstrip_last_assistant_message"]
    _get_thinking_config = aenv["_get_thinking_config"]


def anthropic_body(model, info, msgs):
    try:
        asyncio.run(FakeAnthropicClient(model, info).create([to_py(m) for m in msgs]))
    except Captured as c:
        body = c.args[0]
        return {k: body[k] for k in ("system", "messages", "tools", "tool_choice") if k in body}
    raise AssertionError("create() returned without sending")


anthropic_cases = []
for _ in range(300):
    model = rng.choice(["claude-3-5-sonnet-20241022", "claude-sonnet-4-20250514", "claude-3-haiku-20240307"])
    info = {"vision": True, "function_calling": True, "json_output": True, "family": "claude-3-5-sonnet", "structured_output": False}
    msgs = conversation()
    anthropic_cases.append({"model": model, "model_info": info, "input": msgs, **outcome(lambda: anthropic_body(model, info, msgs))})

# ---- Anthropic: create_stream() over random event streams ---------------------------------


def ns(v, key=None):
    # SDK event objects: attribute access, except a tool_use block's `input`, which is a dict.
    if isinstance(v, dict) and key != "input":
        return SimpleNamespace(**{k: ns(x, k) for k, x in v.items()})
    return [ns(x) for x in v] if isinstance(v, list) and key != "input" else v


class CreateResult:
    def __init__(self, **kw):
        self.kw = kw

    def model_dump(self):
        return self.kw


aenv.update(
    normalize_name=lambda name: re.sub(r"[^a-zA-Z0-9_-]", "_", name)[:64], CreateResult=CreateResult,
    RequestUsage=lambda **kw: SimpleNamespace(**kw), logger=SimpleNamespace(info=lambda *a, **k: None),
    LLMStreamStartEvent=lambda **kw: None, LLMStreamEndEvent=lambda **kw: None, BaseModel=type("BaseModel", (), {}),
    AsyncStream=type("AsyncStream", (), {"__class_getitem__": classmethod(lambda c, x: c)}), RawMessageStreamEvent=object, Coroutine=typing.Coroutine, Mapping=typing.Mapping,
)
defs(EXT + "anthropic/_anthropic_client.py", ["normalize_stop_reason"], aenv)
defs(EXT + "anthropic/_anthropic_client.py", ["create_stream", "_serialize_message"], aenv, cls="BaseAnthropicChatCompletionClient")
defs(EXT + "anthropic/_anthropic_client.py", ["_add_usage"], aenv)


def stream_run(events):
    async def events_iter():
        for e in events:
            yield ns(e)

    async def create(**request_args):
        return events_iter()

    client = FakeAnthropicClient("claude-3-5-sonnet-20241022", {"vision": True, "function_calling": True, "json_output": True,
                                                                  "family": "claude-3-5-sonnet", "structured_output": False})
    client._client = SimpleNamespace(messages=SimpleNamespace(create=create))
    client.create_stream = aenv["create_stream"].__get__(client)
    client._serialize_message = aenv["_serialize_message"].__get__(client)
    client._total_usage = client._actual_usage = SimpleNamespace(prompt_tokens=0, completion_tokens=0)

    async def collect():
        items = [x async for x in client.create_stream([M.UserMessage("hi", "user")])]
        r = items[-1].kw
        content = r["content"] if isinstance(r["content"], str) else [vars(fc) for fc in r["content"]]
        return {"yielded": items[:-1], "result": {"finish_reason": r["finish_reason"], "content": content,
                "usage": vars(r["usage"]), "cached": r["cached"], "logprobs": None, "thought": r["thought"]}}

    return asyncio.run(collect())


JSON_TEXTS = ['{"city": "Paris", "n": 2}', '{"q": "\u05e9\u05dc\u05d5\u05dd", "x": [1, 2.0, 1e-05, null]}', '{"a": }', "[1, 2]",
              ' {"pad": true}\n', '{"big": 12345678901234567890, "f": 3.0}', '{"e": "\u00e9", "k": {"z": 1e400}}', '"str"', "",
              '{"dup": 1, "dup": 2}', '{"nan": NaN}', "{}"]


def split(text):
    cuts = sorted(rng.sample(range(len(text) + 1), min(len(text), rng.randint(0, 3))))
    return [text[a:b] for a, b in zip([0] + cuts, cuts + [len(text)])]


def random_stream():
    events = [{"type": "message_start", "message": {"usage": {"input_tokens": rng.randint(1, 99), "output_tokens": rng.randint(0, 3)}}}]
    for i in range(rng.randint(0, 3)):
        kind = rng.choice(["text", "thinking", "tool_use"])
        if kind == "tool_use":
            block = {"type": "tool_use", "id": f"toolu_{rng.randint(0, 2)}", "name": rng.choice(["search", "get weather!", "日本"]),
                     "input": rng.choice([{}, {"k": "é", "n": 1.5}, {"a": [1, None]}])}
            events.append({"type": "content_block_start", "index": i, "content_block": block})
            for part in split(rng.choice(JSON_TEXTS)) if rng.random() < 0.8 else []:
                events.append({"type": "content_block_delta", "index": i, "delta": {"type": "input_json_delta", "partial_json": part}})
        else:
            events.append({"type": "content_block_start", "index": i, "content_block": {"type": kind, kind: ""}})
            for _ in range(rng.randint(0, 3)):
                piece = rng.choice(["", "Hello", " wörld", "\n", "日本"])
                events.append({"type": "content_block_delta", "index": i, "delta": {"type": f"{kind}_delta", kind: piece}})
        events.append({"type": "content_block_stop", "index": i})
    events.append({"type": "message_delta", "delta": {"stop_reason": rng.choice(["end_turn", "tool_use", "max_tokens", None, "refusal"])},
                   "usage": {"output_tokens": rng.randint(1, 50)}})
    events.append({"type": "message_stop"})
    return events


anthropic_streams = []
for _ in range(150):
    events = random_stream()
    anthropic_streams.append({"events": events, **outcome(lambda: stream_run(events))})

# ---- OpenAI: create() and create_stream() over random responses ---------------------------
def outcome_warned(fn):
    with warnings.catch_warnings(record=True) as w:
        warnings.simplefilter("always")
        try:
            out = {"output": fn()}
        except Exception as e:  # noqa: BLE001
            out = {"error": {"type": type(e).__name__, "message": str(e)}}
        return {**out, "warnings": [str(x.message) for x in w]}


class ResultDump:
    def __init__(self, **kw):
        self.kw = kw

    def model_dump(self):
        return self.kw


oenv = env
oenv.update(
    asyncio=asyncio, re=re, NOT_GIVEN=None, RequestUsage=lambda **kw: SimpleNamespace(**kw), logger=SimpleNamespace(info=lambda *a, **k: None),
    LLMCallEvent=lambda **kw: None, LLMStreamStartEvent=lambda **kw: None, LLMStreamEndEvent=lambda **kw: None, CreateResult=ResultDump,
    Union=typing.Union, Task=asyncio.Task, ParsedChatCompletion=typing.List, ChatCompletion=object, ChatCompletionChunk=object,
    ChatCompletionTokenLogprob=None, TopLogprob=None, Choice=object, ParsedChoice=typing.List, json=json, math=__import__("math"),
    _model_info=SimpleNamespace(resolve_model=lambda m: oai_info_env_resolve(m)),
)
defs(EXT + "_utils/normalize_stop_reason.py", ["normalize_stop_reason"], oenv)
defs(EXT + "_utils/parse_r1_content.py", ["parse_r1_content"], oenv)
defs(EXT + "openai/_openai_client.py", ["normalize_name", "_add_usage"], oenv)
defs(EXT + "openai/_openai_client.py", ["create", "create_stream"], oenv, cls="BaseOpenAIChatCompletionClient")
_pointers = {}
exec(compile(ast.Module(body=[n for n in ast.parse(source(EXT + "openai/_model_info.py")).body
                             if isinstance(n, ast.Assign) and n.targets[0].id == "_MODEL_POINTERS"], type_ignores=[]), "mp", "exec"), _pointers)


def oai_info_env_resolve(m):
    return _pointers["_MODEL_POINTERS"].get(m, m)


def openai_client(family):
    info = {"vision": True, "function_calling": True, "json_output": True, "family": family, "structured_output": True}
    client = FakeOpenAIClient("gpt-4o", info, False, True)
    client._resolved_model = oai_info_env_resolve("gpt-4o")
    client._total_usage = client._actual_usage = SimpleNamespace(prompt_tokens=0, completion_tokens=0)
    return client


def dump_result(r):
    content = r["content"] if isinstance(r["content"], str) else [vars(fc) for fc in r["content"]]
    return {"finish_reason": r["finish_reason"], "content": content, "usage": vars(r["usage"]), "cached": r["cached"],
            "logprobs": r["logprobs"], "thought": r["thought"]}


def sdk(v, extras=()):
    # SDK objects: attributes; keys named in `extras` go to model_extra (absent ones are absent).
    if isinstance(v, dict):
        o = SimpleNamespace(**{k: sdk(x, extras) for k, x in v.items() if k not in extras})
        o.model_extra = {k: v[k] for k in extras if k in v}
        o.model_dump = dict
        return o
    return [sdk(x, extras) for x in v] if isinstance(v, list) else v


TEXTS = [None, "", "Hello", "<think>plan it</think> Answer", "  <think>\n a \n</think>\n\nB  ", "</think>x<think>", "no tags", "日本 \u3000"]
NAMES = ["search", "get weather!", "日本語", "t" * 70, "😀x", "a.b"]


def random_response():
    msg = {"content": rng.choice(TEXTS), "function_call": None, "tool_calls": None}
    if rng.random() < 0.45:
        msg["tool_calls"] = [{"id": f"call_{i}", "function": {"name": rng.choice(NAMES), "arguments": rng.choice(['{"a": 1}', "", '{"q": "é"}'])}}
                             for i in range(rng.randint(0, 2))]
    if rng.random() < 0.3:
        msg["reasoning_content"] = rng.choice([None, "", "deep thought"])
    if rng.random() < 0.03:
        msg["function_call"] = {"name": "f", "arguments": "{}"}
    usage = rng.choice([None, {"prompt_tokens": 5, "completion_tokens": 7}])
    return {"model": rng.choice(["gpt-4o-2024-08-06", "gpt-4o-2024-11-20"]), "usage": usage,
            "choices": [{"message": msg, "finish_reason": rng.choice(["stop", "tool_calls", "length", "content_filter", None, "function_call"]),
                         "logprobs": None}]}


def openai_create(family, response):
    client = openai_client(family)

    async def create(**kw):
        return sdk(response, extras=("reasoning_content",))

    client._client = SimpleNamespace(chat=SimpleNamespace(completions=SimpleNamespace(create=create)))
    r = asyncio.run(aenv_call(client, "create"))
    return dump_result(r.kw)


async def aenv_call(client, name):
    return await oenv[name].__get__(client)([M.UserMessage("hi", "user")])


def random_chunks():
    chunks = []
    tool_phase = rng.random() < 0.4
    for i in range(rng.randint(0, 7)):
        if rng.random() < 0.08:
            chunks.append({"model": "gpt-4o", "usage": None, "choices": []})
            continue
        delta = {"content": None, "tool_calls": None}
        r = rng.random()
        if r < 0.35:
            delta["reasoning_content"] = rng.choice([None, "", "think", "I think", "</think>x", "nk>", "ok"])
        if tool_phase and rng.random() < 0.6:
            delta["tool_calls"] = [{"index": rng.randint(0, 1), "id": rng.choice([None, "call_x"]),
                                    "function": rng.choice([None, {"name": rng.choice([None, "get ", "weather!"]), "arguments": rng.choice([None, '{"a"', ": 1}"])}])}]
        if rng.random() < 0.4:
            delta["content"] = rng.choice(["", "Hi", "<think>a</think>b", " "])
        chunks.append({"model": "gpt-4o", "usage": None, "choices": [{"delta": delta, "finish_reason": None, "logprobs": None}]})
    chunks.append({"model": "gpt-4o", "usage": None, "choices": [{"delta": {"content": None, "tool_calls": None},
                   "finish_reason": rng.choice(["stop", "tool_calls", "length", None]), "logprobs": None}]})
    if rng.random() < 0.6:
        chunks.append({"model": "gpt-4o", "usage": {"prompt_tokens": 3, "completion_tokens": 9}, "choices": []})
    return chunks


def openai_stream(family, chunks):
    client = openai_client(family)

    async def stream_chunks(**kw):
        for c in chunks:
            yield sdk(c, extras=("reasoning_content",))

    client._create_stream_chunks = stream_chunks

    async def collect():
        return [x async for x in oenv["create_stream"].__get__(client)([M.UserMessage("hi", "user")])]

    items = asyncio.run(collect())
    return {"yielded": items[:-1], "result": dump_result(items[-1].kw)}


openai_responses, openai_streams = [], []
for _ in range(150):
    family, response = rng.choice(["gpt-4o", "r1"]), random_response()
    openai_responses.append({"family": family, "response": response, **outcome_warned(lambda: openai_create(family, response))})
for _ in range(150):
    family, chunks = rng.choice(["gpt-4o", "r1"]), random_chunks()
    openai_streams.append({"family": family, "chunks": chunks, **outcome_warned(lambda: openai_stream(family, chunks))})

json.dump({"openai": openai_cases, "anthropic": anthropic_cases, "anthropic_stream": anthropic_streams,
           "openai_responses": openai_responses, "openai_stream": openai_streams}, sys.stdout, ensure_ascii=True, separators=(",", ":"))
sys.stdout.write("\n")
