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


def test_a_static_import_of_a_field_gives_its_declared_types_members(tmp_path: Path) -> None:
    """`import static spark.Spark.redirect;` then `redirect.get(..)`: `get` of the type Spark
    declares the field with (`Redirect`), through the fields' types in turn (`files.dir.m()`);
    a static import of a method, or of a field of no one type, gives no member."""
    found = plan(
        tmp_path,
        {
            SPARK: """
                package spark;
                public class Spark {
                    public static final Redirect redirect = new Redirect();
                    public static final Service.StaticFiles files = null;
                    public static Redirect[] many = null;
                    public static Redirect make() { return null; }
                }
            """,
            "src/main/java/spark/Redirect.java": """
                package spark;
                public class Redirect {
                    public Redirect next;
                    public void get(String from, String to) {}
                }
            """,
            "src/main/java/spark/Service.java": """
                package spark;
                public class Service {
                    public static final class StaticFiles { public void location(String p) {} }
                }
            """,
            "src/test/java/app/Use.java": """
                package app;
                import static spark.Spark.redirect;
                import static spark.Spark.files;
                import static spark.Spark.many;
                import static spark.Spark.make;
                class Use {
                    void run() {
                        redirect.get("/a", "/b");
                        redirect.next.get("/c", "/d");
                        files.location("/public");
                        many.get("/e", "/f");
                        make();
                    }
                }
            """,
        },
    )
    run = "src/test/java/app/Use.java::Use.run"
    get = "src/main/java/spark/Redirect.java::Redirect.get"
    assert call(found, run, "redirect.get") == (get, "typed")
    assert call(found, run, "redirect.next.get") == (get, "typed")
    location = "src/main/java/spark/Service.java::Service.StaticFiles.location"
    assert call(found, run, "files.location") == (location, "typed")
    assert call(found, run, "many.get")[1] == "ghost"  # an array
    assert call(found, run, "make") == (f"{SPARK}::Spark.make", "import")


def test_a_constant_of_a_nested_enum_is_of_that_enum(tmp_path: Path) -> None:
    """`Redirect.Status.USE_PROXY.intValue()`: the constant of the nested enum `Status` is a
    `Redirect.Status`, whether `Redirect` is imported or of the same package."""
    found = plan(
        tmp_path,
        {
            "src/main/java/spark/Redirect.java": """
                package spark;
                public class Redirect {
                    public enum Status {
                        USE_PROXY(305);
                        Status(int code) {}
                        public int intValue() { return 0; }
                    }
                    public static class Holder { public static Redirect ONE = null; }
                    public void get() {}
                }
            """,
            "src/test/java/spark/Same.java": """
                package spark;
                class Same { void run() { Redirect.Status.USE_PROXY.intValue(); } }
            """,
            "src/test/java/app/Use.java": """
                package app;
                import spark.Redirect;
                class Use {
                    void run() {
                        Redirect.Status.USE_PROXY.intValue();
                        Redirect.Holder.ONE.get();
                        Redirect.Status.MISSING.intValue();
                    }
                }
            """,
        },
    )
    value = "src/main/java/spark/Redirect.java::Redirect.Status.intValue"
    same = "src/test/java/spark/Same.java::Same.run"
    assert call(found, same, "Redirect.Status.USE_PROXY.intValue") == (value, "typed")
    use = "src/test/java/app/Use.java::Use.run"
    assert call(found, use, "Redirect.Status.USE_PROXY.intValue") == (value, "typed")
    get = "src/main/java/spark/Redirect.java::Redirect.get"
    assert call(found, use, "Redirect.Holder.ONE.get") == (get, "typed")
    assert call(found, use, "Redirect.Status.MISSING.intValue")[1] == "ghost"
