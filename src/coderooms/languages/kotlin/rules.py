"""Kotlin's resolution rules: the JVM base's (`languages.java.rules.JvmRules`: its imports look
in its own files, then Java's), in Java's group."""

from __future__ import annotations

from coderooms.languages.java.rules import JvmRules


class KotlinRules(JvmRules):
    """Kotlin: in Java's group, so its group-level flags are Java's (`interface_calls`)."""

    __slots__ = ()
    interface_calls = True
