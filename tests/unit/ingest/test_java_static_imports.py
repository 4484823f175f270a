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


VALIDATORS = "src/main/java/v/Version.java"


def test_known_jdk_interfaces_do_not_shadow_a_static_import(tmp_path: Path) -> None:
    """`Comparable`, `Serializable`, `Cloneable` declare no name but `compareTo` (and
    `Object`'s): a class implementing only them still sees `import static C.*`'s other
    methods; a base of the same simple name that is not the JDK's still shadows."""
    found = plan(
        tmp_path,
        {
            VALIDATORS: """
                package v;
                import java.io.Serializable;
                import static v.Version.Validators.*;
                public class Version implements Comparable<Version>, Serializable {
                    public static class Builder { void b() { nonNull(1); } }
                    void v() { nonNull(2); compareTo(this); equals(this); }
                    public int compareTo(Version o) { return 0; }
                    static class Validators {
                        static void nonNull(Object o) {}
                        static void compareTo(Object o) {}
                        static void equals(Object o) {}
                    }
                }
            """,
            "src/main/java/v/Own.java": """
                package v;
                import other.Serializable;
                import static v.Version.Validators.*;
                public class Own implements Serializable {
                    void o() { nonNull(3); }
                }
            """,
            "src/main/java/v/Cmp.java": """
                package v;
                import static v.Version.Validators.*;
                public class Cmp implements Comparable<Cmp> {
                    void c() { compareTo(null); nonNull(4); }
                }
            """,
        },
    )
    validators = f"{VALIDATORS}::Version.Validators.nonNull"
    assert call(found, f"{VALIDATORS}::Version.Builder.b", "nonNull") == (validators, "import")
    assert call(found, f"{VALIDATORS}::Version.v", "nonNull") == (validators, "import")
    own = f"{VALIDATORS}::Version.compareTo"
    assert call(found, f"{VALIDATORS}::Version.v", "compareTo")[0] == own
    assert call(found, f"{VALIDATORS}::Version.v", "equals")[1] == "ghost"  # Object's
    assert call(found, "src/main/java/v/Own.java::Own.o", "nonNull")[1] == "ghost"
    cmp = "src/main/java/v/Cmp.java::Cmp.c"
    assert call(found, cmp, "compareTo")[1] == "ghost"  # Comparable's, not the import's
    assert call(found, cmp, "nonNull") == (validators, "import")


PARSER = "src/main/java/p/Parser.java"


def test_constants_through_static_imports_are_fields(tmp_path: Path) -> None:
    """`import static a.b.C.*;` gives `DIGIT.m()` C's constant `DIGIT` (an enum's constant is
    of the enum's type, its method found up the enum's bases); `import static a.b.C.INSTANCE;`
    a field in capitals; a class with a base outside the repo may inherit the constant."""
    found = plan(
        tmp_path,
        {
            "src/main/java/p/util/Stream.java": """
                package p.util;
                public class Stream {
                    public interface ElementType<E> { boolean isMatchedBy(E e); }
                }
            """,
            PARSER: """
                package p;
                public class Parser {
                    enum CharType implements p.util.Stream.ElementType<Character> {
                        DIGIT { public boolean isMatchedBy(Character c) { return true; } },
                        DOT { public boolean isMatchedBy(Character c) { return false; } };
                    }
                    public static final Parser INSTANCE = new Parser();
                    public boolean isLeap(int y) { return true; }
                }
            """,
            "src/main/java/p/Use.java": """
                package p;
                import static p.Parser.CharType.*;
                import static p.Parser.INSTANCE;
                public class Use {
                    void t() { DIGIT.isMatchedBy('0'); INSTANCE.isLeap(1); }
                }
            """,
            "src/main/java/p/Derived.java": """
                package p;
                import static p.Parser.CharType.*;
                public class Derived extends junit.framework.TestCase {
                    void t() { DOT.isMatchedBy('.'); }
                }
            """,
        },
    )
    use = "src/main/java/p/Use.java::Use.t"
    matched = "src/main/java/p/util/Stream.java::Stream.ElementType.isMatchedBy"
    assert call(found, use, "DIGIT.isMatchedBy") == (matched, "typed")
    assert call(found, use, "INSTANCE.isLeap") == (f"{PARSER}::Parser.isLeap", "typed")
    assert call(found, "src/main/java/p/Derived.java::Derived.t", "DOT.isMatchedBy")[1] == "ghost"


def test_a_chain_read_to_its_end_in_the_repo_leaves_the_static_import(tmp_path: Path) -> None:
    """`ExpressionParser implements Parser<Expression>` calling `gte(..)` of `import static
    ..Helper.*;`: no class up the chain (all the repo's, each with that one base) declares
    `gte`, so it is the import's; a chain that leaves the repo, a second base or a base that
    declares the name keeps the inherited reading (rules-32j)."""
    helper = "src/main/java/expr/Helper.java"
    found = plan(
        tmp_path,
        {
            helper: """
                package expr;
                public class Helper {
                    public static Object gte(String v) { return null; }
                    public static Object lt(String v) { return null; }
                }
            """,
            "src/main/java/expr/Parser.java": """
                package expr;
                public interface Parser<T> extends Root { T parse(String input); }
            """,
            "src/main/java/expr/Root.java": """
                package expr;
                public interface Root extends java.io.Serializable { Object lt(String v); }
            """,
            "src/main/java/expr/Other.java": """
                package expr;
                public interface Other { }
            """,
            "src/main/java/app/ExpressionParser.java": """
                package app;
                import static expr.Helper.*;
                import expr.Parser;
                public class ExpressionParser implements Parser<Object> {
                    public Object parse(String input) { gte(input); return lt(input); }
                    public Object lt(String v) { return null; }
                    static class Nested { void n() { gte("1"); } }
                }
            """,
            "src/main/java/app/Abstracted.java": """
                package app;
                import static expr.Helper.*;
                import expr.Parser;
                public abstract class Abstracted implements Parser<Object> {
                    void t() { gte("1"); }
                }
            """,
            "src/main/java/app/Twice.java": """
                package app;
                import static expr.Helper.*;
                import expr.Other;
                import expr.Parser;
                public abstract class Twice implements Parser<Object>, Other {
                    void t() { gte("1"); }
                }
            """,
            "src/main/java/app/Kind.java": """
                package app;
                import static expr.Helper.*;
                import expr.Parser;
                public enum Kind implements Parser<Object> {
                    A;
                    public Object parse(String input) { return gte(input); }
                }
            """,
            "src/main/java/app/Outside.java": """
                package app;
                import static expr.Helper.*;
                import expr.Parser;
                public abstract class Outside extends java.util.AbstractList<Object> {
                    void t() { gte("1"); }
                }
            """,
        },
    )
    parser = "src/main/java/app/ExpressionParser.java::ExpressionParser"
    assert call(found, f"{parser}.parse", "gte") == (f"{helper}::Helper.gte", "import")
    assert call(found, f"{parser}.Nested.n", "gte")[0] == f"{helper}::Helper.gte"
    # its own `lt` (and Root's, up the chain) before the import's
    assert call(found, f"{parser}.parse", "lt")[0] == f"{parser}.lt"
    abstracted = call(found, "src/main/java/app/Abstracted.java::Abstracted.t", "gte")
    assert abstracted == (f"{helper}::Helper.gte", "import")
    # a second base not read, a chain leaving the repo: javac may find an inherited `gte`
    assert call(found, "src/main/java/app/Twice.java::Twice.t", "gte")[1] == "ghost"
    assert call(found, "src/main/java/app/Outside.java::Outside.t", "gte")[1] == "ghost"
    # an enum inherits `Enum`'s members, which no file of the repo lists
    assert call(found, "src/main/java/app/Kind.java::Kind.parse", "gte")[1] == "ghost"
