"""Shared by the two generators: the upstream source at the pinned commit, read from a local
git mirror of microsoft/autogen (the first command-line argument), and an AST pass that drops
annotations and decorators so the extracted functions run without autogen's dependencies."""

import ast
import subprocess
import sys

GIT = sys.argv[1]
COMMIT = "027ecf0a379bcc1d09956d46d12d44a3ad9cee14"
EXT = "python/packages/autogen-ext/src/autogen_ext/models/"
CORE = "python/packages/autogen-core/src/autogen_core/"


def source(path):
    return subprocess.check_output(["git", "--git-dir", GIT, "show", f"{COMMIT}:{path}"], text=True)


class StripAnnotations(ast.NodeTransformer):
    def visit_FunctionDef(self, node):
        node.returns = None
        node.decorator_list = []
        for a in node.args.args + node.args.kwonlyargs:
            a.annotation = None
        self.generic_visit(node)
        return node

    visit_AsyncFunctionDef = visit_FunctionDef

    def visit_AnnAssign(self, node):
        return ast.Assign(targets=[node.target], value=node.value, lineno=node.lineno) if node.value else ast.Pass()
