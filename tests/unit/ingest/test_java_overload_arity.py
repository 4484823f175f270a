"""Java overloads by argument count (issue 32): overloads share one qualname, so a call that no
overload of the method found takes is another method of that name, javac's pick: a base's
overload up the class's chain (`until(end, unit)` declared by the abstract base beside the
class's own `until(end)`), or a ghost when the chain leaves the repo first."""

from __future__ import annotations

from pathlib import Path

from coderooms.resolution.arities import takes
from tests.unit.ingest.test_python_resolution import call, plan

BASE = "src/main/java/p/AbstractDate.java"
DATE = "src/main/java/p/FixedDate.java"


def test_a_call_no_overload_takes_is_the_bases(tmp_path: Path) -> None:
    found = plan(
        tmp_path,
        {
            BASE: """
                package p;
                public abstract class AbstractDate implements java.time.chrono.ChronoLocalDate {
                    public long until(Object end, Object unit) { return 0; }
                }
            """,
            DATE: """
                package p;
                public class FixedDate extends AbstractDate {
                    public Object until(java.time.chrono.ChronoLocalDate end) { return null; }
                    public Object pick(String first, String... more) { return null; }
                    void own(Object u) { until(this, u); }
                    void one() { until(this); pick("a"); pick("a", "b", "c"); }
                }
            """,
            "src/test/java/p/T.java": """
                package p;
                public class T {
                    void two(FixedDate d, Object u) { d.until(d, u); }
                    void one(FixedDate d) { d.until(d); }
                    void three(FixedDate d, Object u) { d.until(d, u, u); }
                }
            """,
        },
    )
    inherited = (f"{BASE}::AbstractDate.until", "inherited")
    assert call(found, f"{DATE}::FixedDate.own", "until") == inherited
    assert call(found, f"{DATE}::FixedDate.one", "until") == (f"{DATE}::FixedDate.until", "local")
    assert call(found, f"{DATE}::FixedDate.one", "pick") == (f"{DATE}::FixedDate.pick", "local")
    assert call(found, "src/test/java/p/T.java::T.two", "d.until") == inherited
    assert call(found, "src/test/java/p/T.java::T.one", "d.until")[0] == f"{DATE}::FixedDate.until"
    # no overload in the repo takes three: the JDK base's, a ghost
    assert call(found, "src/test/java/p/T.java::T.three", "d.until")[1] == "ghost"


def test_what_overloads_take() -> None:
    assert takes("1,2", [1, 2])
    assert not takes("1", [1, 2])
    assert takes("0+", [0, 5])  # varargs alone
    assert takes("2,1+", [1, 3])
    assert not takes("2,1+", [0])


def test_a_bases_overload_of_as_many_arguments_leaves_a_ghost(tmp_path: Path) -> None:
    """A base declaring the name with as many parameters of other types: javac picks by the
    arguments' types (a ghost); of the same types it is an override (the class's own)."""
    found = plan(
        tmp_path,
        {
            BASE: """
                package p;
                public abstract class AbstractDate {
                    long until(AbstractDate end, String unit) { return 0; }
                    public int get(int f, String s) { return 0; }
                }
            """,
            DATE: """
                package p;
                public class FixedDate extends AbstractDate {
                    public long until(Object end, String unit) { return 1; }
                    public int get(int f, String s) { return 1; }
                }
            """,
            "src/test/java/p/T.java": """
                package p;
                public class T {
                    void t(FixedDate d) { d.until(d, "u"); d.get(1, ""); }
                }
            """,
        },
    )
    use = "src/test/java/p/T.java::T.t"
    assert call(found, use, "d.until")[1] == "ghost"
    assert call(found, use, "d.get") == (f"{DATE}::FixedDate.get", "package")


def test_an_override_beside_an_overload_of_as_many_arguments_is_the_classs(
    tmp_path: Path,
) -> None:
    """`interpret(Version)` of an interface, overridden by a class that adds
    `interpret(String)`: the base's types are among the class's, the class's own method."""
    found = plan(
        tmp_path,
        {
            "src/main/java/p/Expression.java": """
                package p;
                public interface Expression { boolean interpret(Version v); }
            """,
            "src/main/java/p/Version.java": "package p;\npublic class Version {}\n",
            "src/main/java/p/Composite.java": """
                package p;
                public class Composite implements Expression {
                    public boolean interpret(String v) { return false; }
                    public boolean interpret(Version v) { return true; }
                }
            """,
            "src/test/java/p/T.java": """
                package p;
                public class T {
                    void t(Composite c) { c.interpret("1.0"); }
                }
            """,
        },
    )
    interpret = call(found, "src/test/java/p/T.java::T.t", "c.interpret")
    assert interpret == ("src/main/java/p/Composite.java::Composite.interpret", "package")
