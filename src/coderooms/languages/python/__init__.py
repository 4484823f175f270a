"""Python, one package: `extract` (the extractor), `scope` (its in-file scopes and the expr
codec), `resolver` (its cross-file evaluator over a module store), `modules` (that resolver as
the engine's `ModuleResolver`, and what a changeset changes for other files' references),
`rules` (`python_module`, `PythonRules`) and its record, `LANGUAGE` (the registry,
`ingest.languages.registry`, lists it)."""

from coderooms.languages.language import Language, Syntax
from coderooms.languages.parsing.doc_comments import docstring
from coderooms.languages.python import extract
from coderooms.languages.python.rules import PythonRules

LANGUAGE = Language(
    "python",
    PythonRules("python", "py", scoped_bare_names=True),
    Syntax(
        ("tree_sitter_python", "language"), extract.QUERY, extract.extract, module_doc=docstring
    ),
    (".py", ".pyi", ".pyw"),
    package_files=("__init__.py", "__init__.pyi"),
    warm_up_prefix=b"def _coderooms_warm_up():\n    return None\n\n\n",
)
