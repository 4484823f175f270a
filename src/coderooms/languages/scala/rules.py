"""Scala's resolution rules: the JVM base's (`languages.java.rules.JvmRules`: its imports look
in its own files, then Java's), in a group of its own."""

from __future__ import annotations

from coderooms.languages.java.rules import JvmRules


class ScalaRules(JvmRules):
    """Scala: the JVM base's rules as they are (its group, `scala`, is its own)."""

    __slots__ = ()
