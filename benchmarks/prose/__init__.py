"""Prose questions (issue 30, item 4): a function described in words, no identifier given, on
real repositories of several languages this project did not write. Each question names the
symbols that answer it (any one of them, by path and qualname), written from the code before
any verb was asked. `benchmarks/prose_questions.py` asks them and prints recall@5 and MRR.

The repositories: flask (Python) and gin (Go) as found under the corpus directory (no commit:
plain trees), marshmallow (Python; issue 30's tune repository, at its pinned commit).
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Prose:
    ask: str
    answers: tuple[tuple[str, str], ...]
    """(path, qualname) of each symbol that answers it."""


@dataclass(frozen=True)
class ProseSet:
    name: str
    language: str
    directory: str
    """Under the corpora directory."""
    questions: tuple[Prose, ...]


def p(ask: str, path: str, *qualnames: str) -> Prose:
    return Prose(ask, tuple((path, q) for q in qualnames))


FLASK = ProseSet("flask", "python", "flask", (
    p("load configuration values from a Python file given its file name",
      "src/flask/config.py", "Config.from_pyfile"),
    p("read configuration from environment variables that start with a given prefix",
      "src/flask/config.py", "Config.from_prefixed_env"),
    p("send a file from inside a directory, refusing paths that would escape it",
      "src/flask/helpers.py", "send_from_directory"),
    p("keep the request context available while a streamed response generator runs",
      "src/flask/helpers.py", "stream_with_context"),
    p("store a message to show the user on the next request",
      "src/flask/helpers.py", "flash"),
    p("register a function that runs after every request and may change the response",
      "src/flask/sansio/scaffold.py", "Scaffold.after_request"),
    p("serialize the arguments into a JSON response with the application/json mimetype",
      "src/flask/json/__init__.py", "jsonify"),
    p("write the session into a signed cookie on the response",
      "src/flask/sessions.py", "SecureCookieSessionInterface.save_session"),
    p("find the application object inside an imported module",
      "src/flask/cli.py", "find_best_app", "find_app_by_string"),
    p("decide whether the session cookie has to be set on this response",
      "src/flask/sessions.py", "SessionInterface.should_set_cookie"),
))  # fmt: skip

GIN = ProseSet("gin", "go", "gin", (
    p("clean up a URL path: remove dot segments and repeated slashes", "path.go", "cleanPath"),
    p("middleware asking for a user name and password with HTTP basic authentication",
      "auth.go", "BasicAuth", "BasicAuthForRealm"),
    p("recover from a panic in a handler and answer with status 500",
      "recovery.go", "Recovery", "CustomRecovery", "RecoveryWithWriter",
      "CustomRecoveryWithWriter"),
    p("the client's real IP address, trusting forwarded headers only from trusted proxies",
      "context.go", "Context.ClientIP"),
    p("redirect to the same path with or without its trailing slash",
      "gin.go", "redirectTrailingSlash"),
    p("choose the response format from the request's Accept header among the offered ones",
      "context.go", "Context.NegotiateFormat"),
    p("save a file uploaded in a multipart form to a destination on disk",
      "context.go", "Context.SaveUploadedFile"),
    p("write a server-sent event to the response stream", "context.go", "Context.SSEvent"),
    p("length of the common prefix of two strings", "tree.go", "longestCommonPrefix"),
    p("start an HTTPS server with a certificate file and a key file",
      "gin.go", "Engine.RunTLS"),
))  # fmt: skip

MARSHMALLOW = ProseSet("marshmallow", "python", "../corpus-q/marshmallow", (
    p("combine two collections of validation error messages into one",
      "src/marshmallow/error_store.py", "merge_errors"),
    p("tell whether an object can be iterated over but is not a string",
      "src/marshmallow/utils.py", "is_iterable_but_not_string", "is_collection"),
    p("parse a date and time written in ISO 8601 format",
      "src/marshmallow/utils.py", "from_iso_datetime"),
    p("find a registered schema class by its name",
      "src/marshmallow/class_registry.py", "get_class"),
    p("check that a string is a valid email address",
      "src/marshmallow/validate.py", "Email", "Email.__call__"),
    p("decorator that registers a method to run before data is deserialized",
      "src/marshmallow/decorators.py", "pre_load"),
    p("read a value from an object or a dict by a dotted key path",
      "src/marshmallow/utils.py", "get_value", "_get_value_for_keys"),
    p("convert a time duration into a number of microseconds",
      "src/marshmallow/utils.py", "timedelta_to_microseconds"),
    p("check that a number lies between a minimum and a maximum",
      "src/marshmallow/validate.py", "Range", "Range.__call__"),
    p("validate that a value is one of a fixed set of choices",
      "src/marshmallow/validate.py", "OneOf", "OneOf.__call__"),
))  # fmt: skip

SETS = (FLASK, GIN, MARSHMALLOW)
