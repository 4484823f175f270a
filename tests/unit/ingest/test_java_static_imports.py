"""Java `import static a.b.C.*;` (issue 32): a bare `m()` that no enclosing class defines is
C's static `m`, but only where nothing the call could inherit `m` from can shadow the import
(an enclosing class with a base, an anonymous class's body): there it stays a ghost."""

from __future__ import annotations

from pathlib import Path

from tests.unit.ingest.test_python_resolution import call, plan

SPARK = "src/main/java/spark/Spark.java"


def test_a_static_wildcard_import_gives_bare_calls_its_methods(tmp_path: Path) -> None:
    found = plan(
        tmp_path,
        {
            SPARK: """
                package spark;
                public class Spark {
                    public static void post(String p, Runnable r) {}
                    public static void halt(int code) {}
                    public static void halt(int code, String body) {}
                }
            """,
            "src/main/java/spark/Base.java": """
                package spark;
                public class Base { public void halt(int code) {} }
            """,
            "src/test/java/app/Plain.java": """
                package app;
                import static spark.Spark.*;
                public class Plain {
                    void t() {
                        post("/x", () -> halt(500, "no"));
                    }
                    static class Inner { void u() { halt(1); } }
                }
            """,
            "src/test/java/app/Derived.java": """
                package app;
                import static spark.Spark.*;
                import spark.Base;
                public class Derived extends Base {
                    void t() { halt(500); }
                }
            """,
            "src/test/java/app/Outside.java": """
                package app;
                import static spark.Spark.*;
                public class Outside extends junit.framework.TestCase {
                    void t() { halt(500); }
                }
            """,
            "src/test/java/app/Anonymous.java": """
                package app;
                import static spark.Spark.*;
                public class Anonymous {
                    void t() {
                        Runnable r = new junit.Runnable() {
                            public void run() { halt(1); }
                        };
                    }
                }
            """,
        },
    )
    plain = "src/test/java/app/Plain.java::Plain.t"
    assert call(found, plain, "post") == (f"{SPARK}::Spark.post", "import")
    assert call(found, plain, "halt") == (f"{SPARK}::Spark.halt", "import")
    assert call(found, "src/test/java/app/Plain.java::Plain.Inner.u", "halt")[0] == (
        f"{SPARK}::Spark.halt"
    )
    # an inherited `halt` shadows the import: the base's, or a ghost when it is not the repo's
    derived = call(found, "src/test/java/app/Derived.java::Derived.t", "halt")
    assert derived[0] == "src/main/java/spark/Base.java::Base.halt"
    assert call(found, "src/test/java/app/Outside.java::Outside.t", "halt")[1] == "ghost"
    assert call(found, "src/test/java/app/Anonymous.java::Anonymous.t", "halt")[1] == "ghost"
