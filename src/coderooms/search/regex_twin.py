"""A regex's RE2 twin: a pattern that matches a chunk's UTF-8 bytes wherever the Python regex
matches one of its lines, and possibly elsewhere too, found in linear time.

Python's `re` is a backtracking engine: a regex without a long literal (`[0-9a-f]{16}`) runs at
~60 MB/s over source text; RE2's automaton at ~500 MB/s. The twin only picks the lines worth
checking; every hit is still confirmed by the Python regex on its line alone, so what RE2 does
differently can only cost time, never a hit, as long as the twin matches *at least* where the
regex does. It is built from the regex's parse tree, widening wherever the engines differ:

- `\\w`, `\\d`, `\\s` are Unicode-aware in Python and ASCII in RE2: a class widens them to Unicode
  categories (`[\\pL\\pN_]`, `\\pN`, every Unicode space); inside a negated class (and for `\\W`,
  `\\D`, `\\S`) they narrow to their ASCII members, so the complement widens;
- `\\b`, `\\B`, lookarounds, and conditions on groups become no constraint at all; a backreference
  becomes "any text within the line"; `\\A`/`\\Z` become line anchors (the regex sees one line);
- lazy, possessive and atomic forms become plain greedy repeats and groups (same set of texts).

Patterns the twin cannot widen safely (case-insensitive ones: Python folds case more widely than
RE2; a negated category inside a negated class; repeat counts over RE2's 1,000) get no twin, and
are checked the slower way.
"""

from __future__ import annotations

import importlib
import re
from typing import Any

# the google-re2 bindings and Python's regex parser (re._parser) have no stubs, hence Any
re2: Any = importlib.import_module("re2")
sre_parse: Any = importlib.import_module("re._parser")
c: Any = importlib.import_module("re._constants")

RE2_MAX_REPEAT = 1_000
"""RE2 refuses larger repeat counts."""

_WIDE = {
    c.CATEGORY_WORD: r"\pL\pN_",
    c.CATEGORY_DIGIT: r"\pN",
    c.CATEGORY_SPACE: r"\t-\r\x1c-\x1f\x{85}\pZ",
}
"""Each category as a class body matching at least what Python's Unicode category matches."""
_NARROW = {
    c.CATEGORY_WORD: r"a-zA-Z0-9_",
    c.CATEGORY_DIGIT: r"0-9",
    c.CATEGORY_SPACE: r"\t-\r ",
}
"""Each category as a class body matching only characters Python's category matches too."""
_NEGATED = {
    c.CATEGORY_NOT_WORD: c.CATEGORY_WORD,
    c.CATEGORY_NOT_DIGIT: c.CATEGORY_DIGIT,
    c.CATEGORY_NOT_SPACE: c.CATEGORY_SPACE,
}
_LINE_START = {c.AT_BEGINNING, c.AT_BEGINNING_LINE, c.AT_BEGINNING_STRING}
_LINE_END = {c.AT_END, c.AT_END_LINE, c.AT_END_STRING}
_REPEATS = {c.MAX_REPEAT, c.MIN_REPEAT, c.POSSESSIVE_REPEAT}
_NO_CONSTRAINT = {c.ASSERT, c.ASSERT_NOT}


class _Untranslatable(Exception):
    pass


def regex_twin(regex: re.Pattern[str]) -> Any | None:
    """The compiled RE2 twin of `regex` (search it over UTF-8 bytes), or None when there is none."""
    try:
        parsed = sre_parse.parse(regex.pattern, regex.flags)
        flags = parsed.state.flags
        if flags & re.IGNORECASE:
            return None
        pattern = _sequence(list(parsed), dotall=bool(flags & re.DOTALL))
    except (_Untranslatable, re.error, RecursionError, OverflowError):
        return None
    options = re2.Options()
    options.log_errors = False
    options.never_capture = True
    try:
        return re2.compile(pattern, options=options)
    except re2.error:
        return None


def regex_width(regex: re.Pattern[str]) -> int | None:
    """The longest text a match of `regex` can span, or None when it is unbounded."""
    try:
        _low, high = sre_parse.parse(regex.pattern, regex.flags).getwidth()
    except (re.error, RecursionError, OverflowError):
        return None
    return None if high >= c.MAXREPEAT else int(high)


def _sequence(items: list[tuple[Any, Any]], *, dotall: bool) -> str:
    return "".join(_item(op, arg, dotall=dotall) for op, arg in items)


def _item(op: Any, arg: Any, *, dotall: bool) -> str:
    if op is c.LITERAL:
        return _char(arg)
    if op is c.NOT_LITERAL:
        return f"[^{_char(arg)}]"
    if op is c.ANY:
        return "(?s:.)" if dotall else "."
    if op is c.IN:
        return _class(arg)
    if op in _REPEATS:
        low, high, body = arg
        if low > RE2_MAX_REPEAT or (high != c.MAXREPEAT and high > RE2_MAX_REPEAT):
            raise _Untranslatable("repeat count beyond RE2's")
        upper = "" if high == c.MAXREPEAT else str(high)
        return f"(?:{_sequence(list(body), dotall=dotall)}){{{low},{upper}}}"
    if op is c.SUBPATTERN:
        _group, add_flags, del_flags, body = arg
        if add_flags & re.IGNORECASE:
            raise _Untranslatable("case-insensitive group")
        if add_flags & re.DOTALL:
            dotall = True
        if del_flags & re.DOTALL:
            dotall = False
        return f"(?:{_sequence(list(body), dotall=dotall)})"
    if op is c.ATOMIC_GROUP:
        return f"(?:{_sequence(list(arg), dotall=dotall)})"
    if op is c.BRANCH:
        _unused, alternatives = arg
        return "(?:" + "|".join(_sequence(list(a), dotall=dotall) for a in alternatives) + ")"
    if op is c.GROUPREF_EXISTS:
        _group, yes, no = arg
        branches = [_sequence(list(yes), dotall=dotall)]
        branches.append(_sequence(list(no), dotall=dotall) if no is not None else "")
        return "(?:" + "|".join(branches) + ")"
    if op is c.GROUPREF:
        return "[^\\n]*"  # the group's own text, which lies within the line
    if op is c.AT:
        if arg in _LINE_START:
            return "(?m:^)"
        if arg in _LINE_END:
            return "(?m:$)"
        return ""  # word boundaries: Python's are Unicode-aware, RE2's ASCII
    if op in _NO_CONSTRAINT:
        return ""
    if op is c.CATEGORY:
        return _class([(op, arg)])
    raise _Untranslatable(f"no RE2 form for {op}")


def _class(members: list[tuple[Any, Any]]) -> str:
    if members and members[0][0] is c.NEGATE:
        return "[^" + "".join(_member(op, arg, wide=False) for op, arg in members[1:]) + "]"
    body, alternatives = [], []
    for op, arg in members:
        if op is c.CATEGORY and arg in _NEGATED:
            alternatives.append("[^" + _NARROW[_NEGATED[arg]] + "]")
        else:
            body.append(_member(op, arg, wide=True))
    if body:
        alternatives.append("[" + "".join(body) + "]")
    if not alternatives:
        raise _Untranslatable("empty class")
    return alternatives[0] if len(alternatives) == 1 else "(?:" + "|".join(alternatives) + ")"


def _member(op: Any, arg: Any, *, wide: bool) -> str:
    if op is c.LITERAL:
        return _char(arg)
    if op is c.RANGE:
        low, high = arg
        return f"{_char(low)}-{_char(high)}"
    if op is c.CATEGORY and arg in _WIDE:
        return (_WIDE if wide else _NARROW)[arg]
    raise _Untranslatable(f"no RE2 class member for {op} {arg}")


def _char(code: int) -> str:
    if code < 128 and chr(code).isalnum():
        return chr(code)
    return f"\\x{{{code:x}}}"
