"""Java names the way javac looks them up: on-demand imports after the file, its package and its
single-type imports (JLS 6.4.1), each overload's own locals, calls on interface-typed values."""

from __future__ import annotations

from pathlib import Path

from tests.unit.ingest.test_python_resolution import base, call, plan

CODEC = """
    package org.lib.codec;
    public class Codec {
        public static Codec make() { return null; }
        public void encode() {}
        public static class Part { public void run() {} }
    }
"""


def test_on_demand_imports_name_the_packages_types_after_the_package(tmp_path: Path) -> None:
    found = plan(
        tmp_path,
        {
            "src/main/java/org/lib/codec/Codec.java": CODEC,
            "src/main/java/org/lib/codec/Base.java": """
                package org.lib.codec;
                public class Base { public void inherited() {} }
            """,
            "src/main/java/org/lib/codec/Shadowed.java": """
                package org.lib.codec;
                public class Shadowed { public void who() {} }
            """,
            "src/main/java/org/lib/other/Shadowed.java": """
                package org.lib.other;
                public class Shadowed { public void who() {} }
            """,
            "src/main/java/org/app/Shadowed.java": """
                package org.app;
                public class Shadowed { public void who() {} }
            """,
            "src/main/java/org/app/Use.java": """
                package org.app;
                import org.lib.codec.*;
                import org.lib.other.*;
                import java.util.*;
                class Use extends Base {
                    private Codec field;
                    void run(Codec param, List<Codec> many) {
                        Codec local = Codec.make();
                        new Codec();
                        param.encode();
                        local.encode();
                        field.encode();
                        Codec.make().encode();
                        inherited();
                        new Shadowed().who();
                        Shadowed s = null;
                        s.who();
                        many.size();
                        Missing.call();
                    }
                }
            """,
        },
    )
    run = "src/main/java/org/app/Use.java::Use.run"
    codec = "src/main/java/org/lib/codec/Codec.java::Codec"
    assert call(found, run, "Codec") == (codec, "package")
    assert call(found, run, "Codec.make") == (f"{codec}.make", "package")
    for ref in ("param.encode", "local.encode", "field.encode"):
        assert call(found, run, ref) == (f"{codec}.encode", "package"), ref
    assert call(found, run, "Codec.make().encode") == (f"{codec}.encode", "typed")
    use = "src/main/java/org/app/Use.java::Use"
    assert base(found, use, "Base") == ("src/main/java/org/lib/codec/Base.java::Base", "package")
    inherited = "src/main/java/org/lib/codec/Base.java::Base.inherited"
    assert call(found, run, "inherited") == (inherited, "import")
    # the same package shadows both on-demand imports (which would clash between themselves)
    assert call(found, run, "s.who") == (
        "src/main/java/org/app/Shadowed.java::Shadowed.who",
        "package",
    )
    # a package outside the repo gives nothing; a name no package has stays a ghost
    assert call(found, run, "many.size") == ("?:List.size", "ghost")
    assert call(found, run, "Missing.call") == ("?:Missing.call", "ghost")


def test_a_single_type_import_and_the_file_shadow_an_on_demand_import(tmp_path: Path) -> None:
    found = plan(
        tmp_path,
        {
            "src/main/java/org/lib/codec/Codec.java": CODEC,
            "src/main/java/org/lib/other/Codec.java": """
                package org.lib.other;
                public class Codec { public void encode() {} }
            """,
            "src/main/java/org/app/Use.java": """
                package org.app;
                import org.lib.codec.*;
                import org.lib.other.Codec;
                class Use {
                    void run(Codec codec, Part part) {
                        codec.encode();
                        part.run();
                    }
                    static class Part { void run() {} }
                }
            """,
            "src/main/java/org/app/Nested.java": """
                package org.app;
                import org.lib.codec.Codec.*;
                class Nested {
                    void run(Part part) { part.run(); }
                }
            """,
        },
    )
    run = "src/main/java/org/app/Use.java::Use.run"
    assert call(found, run, "codec.encode") == (
        "src/main/java/org/lib/other/Codec.java::Codec.encode",
        "import",
    )
    assert call(found, run, "part.run") == ("src/main/java/org/app/Use.java::Use.Part.run", "local")
    # `import a.b.C.*;` makes C's member types visible by their simple names
    nested = "src/main/java/org/app/Nested.java::Nested.run"
    assert call(found, nested, "part.run") == (
        "src/main/java/org/lib/codec/Codec.java::Codec.Part.run",
        "package",
    )


def test_a_local_typed_differently_in_two_overloads_links_by_neither(tmp_path: Path) -> None:
    found = plan(
        tmp_path,
        {
            "src/main/java/org/x/Foo.java": """
                package org.x;
                public class Foo { public void m() {} public void only() {} }
            """,
            "src/main/java/org/x/Bar.java": """
                package org.x;
                public class Bar { public void m() {} }
            """,
            "src/main/java/org/x/Use.java": """
                package org.x;
                import java.io.Closeable;
                class Use {
                    void run(Foo x) { x.m(); }
                    void run(Bar x, int n) { x.m(); }
                    void lambda(Foo y) { y.only(); }
                    void lambda() { g(y -> y.only()); }
                    void var(Foo z) { z.only(); }
                    void var() { var z = make(); z.only(); }
                    void array(Foo w) { w.only(); }
                    void array(Foo[] w) { w.clone(); }
                    void same(Foo s) { s.only(); }
                    void same(Foo s, int n) { s.m(); }
                    void resources() throws Exception {
                        try (Foo r = open()) { r.only(); }
                        catch (IllegalStateException | Failure e) { e.report(); }
                        catch (Failure f) { f.report(); }
                    }
                }
            """,
            "src/main/java/org/x/Failure.java": """
                package org.x;
                public class Failure extends RuntimeException { public void report() {} }
            """,
        },
    )
    use = "src/main/java/org/x/Use.java::Use"
    foo = "src/main/java/org/x/Foo.java::Foo"
    assert call(found, f"{use}.run", "x.m") == ("?:m", "ghost")
    assert call(found, f"{use}.lambda", "y.only") == ("?:only", "ghost")
    assert call(found, f"{use}.var", "z.only") == ("?:only", "ghost")
    assert call(found, f"{use}.array", "w.only") == ("?:only", "ghost")
    # one type in every overload: still known
    assert call(found, f"{use}.same", "s.only") == (f"{foo}.only", "package")
    assert call(found, f"{use}.same", "s.m") == (f"{foo}.m", "package")
    # try-with-resources and a catch of one type declare it; a union does not
    assert call(found, f"{use}.resources", "r.only") == (f"{foo}.only", "package")
    failure = "src/main/java/org/x/Failure.java::Failure.report"
    assert call(found, f"{use}.resources", "f.report") == (failure, "package")
    assert call(found, f"{use}.resources", "e.report") == ("?:report", "ghost")


def test_a_bare_call_of_an_underscored_name_is_looked_up_in_the_base(tmp_path: Path) -> None:
    found = plan(
        tmp_path,
        {
            "src/main/java/org/x/Base.java": """
                package org.x;
                public abstract class Base { protected void _open() {} protected void $close() {} }
            """,
            "src/main/java/org/x/Sub.java": """
                package org.x;
                public class Sub extends Base { void run() { _open(); $close(); } }
            """,
        },
    )
    run = "src/main/java/org/x/Sub.java::Sub.run"
    assert call(found, run, "_open") == ("src/main/java/org/x/Base.java::Base._open", "import")
    assert call(found, run, "$close") == ("src/main/java/org/x/Base.java::Base.$close", "import")


def test_fields_of_another_files_type_and_of_returned_values(tmp_path: Path) -> None:
    found = plan(
        tmp_path,
        {
            "src/main/java/org/x/Token.java": """
                package org.x;
                public class Token {
                    public static class Tag { public void append() {} }
                }
            """,
            "src/main/java/org/x/Tokeniser.java": """
                package org.x;
                public class Tokeniser {
                    Token.Tag tagPending;
                    Tokeniser next;
                    int count;
                    public static Tokeniser make() { return null; }
                }
            """,
            "src/main/java/org/x/State.java": """
                package org.x;
                class State {
                    private Holder holder;
                    void read(Tokeniser t) {
                        t.tagPending.append();
                        t.next.tagPending.append();
                        Tokeniser.make().tagPending.append();
                        holder.own().tagPending.append();
                        t.count.append();
                        t.missing.append();
                    }
                    static class Holder { Tokeniser own() { return null; } }
                }
            """,
        },
    )
    read = "src/main/java/org/x/State.java::State.read"
    append = ("src/main/java/org/x/Token.java::Token.Tag.append", "typed")
    assert call(found, read, "t.tagPending.append") == append
    assert call(found, read, "t.next.tagPending.append") == append
    assert call(found, read, "Tokeniser.make().tagPending.append") == append
    assert call(found, read, "holder.own().tagPending.append") == append
    # a field of no recorded type, a field the type does not declare: ghosts
    assert call(found, read, "t.count.append") == ("?:append", "ghost")
    assert call(found, read, "t.missing.append") == ("?:append", "ghost")
    [tokeniser] = [
        row["props"]
        for row in found["files"]
        if row["id"].endswith(":src/main/java/org/x/Tokeniser.java")
    ]
    assert {e for e in tokeniser["names"] if e.startswith("d")} == {
        "dTokeniser.tagPending=Token.Tag",
        "dTokeniser.next=Tokeniser",
    }


def test_a_call_on_an_interface_typed_value_links_the_interface_method(tmp_path: Path) -> None:
    found = plan(
        tmp_path,
        {
            "src/main/java/org/x/Shape.java": """
                package org.x;
                public interface Shape {
                    double area();
                    static Shape of() { return null; }
                    default Shape self() { return this; }
                }
            """,
            "src/main/java/org/x/Circle.java": """
                package org.x;
                public class Circle implements Shape {
                    public double area() { return 1; }
                    public static Shape make() { return null; }
                }
            """,
            "src/main/java/org/x/Use.java": """
                package org.x;
                class Use {
                    void run(Shape s, Circle c) {
                        s.area();
                        c.area();
                        Shape.of();
                        Circle.make().area();
                        s.self().area();
                    }
                }
            """,
        },
    )
    run = "src/main/java/org/x/Use.java::Use.run"
    area = "src/main/java/org/x/Shape.java::Shape.area"
    assert call(found, run, "s.area") == (area, "interface")
    # never an implementation's: Circle.area only where the value is a Circle
    assert call(found, run, "c.area") == ("src/main/java/org/x/Circle.java::Circle.area", "package")
    assert call(found, run, "Shape.of") == ("src/main/java/org/x/Shape.java::Shape.of", "package")
    assert call(found, run, "Circle.make().area") == (area, "interface")
    assert call(found, run, "s.self().area") == (area, "interface")


def test_a_member_of_a_created_object_is_the_created_types(tmp_path: Path) -> None:
    found = plan(
        tmp_path,
        {
            "src/main/java/org/x/Builder.java": """
                package org.x;
                public class Builder extends Base {
                    public Builder add() { return this; }
                    public String build() { return ""; }
                }
            """,
            "src/main/java/org/x/Base.java": """
                package org.x;
                public class Base { public void reset() {} }
            """,
            "src/main/java/org/x/Use.java": """
                package org.x;
                class Use {
                    void run() {
                        new Builder().add();
                        new Builder().add().build();
                        new Builder().reset();
                        new Local().go();
                        new Builder() { public Builder add() { return this; } }.add();
                        new Builder() { public Builder add() { return this; } }.build();
                    }
                    static class Local { void go() {} }
                }
            """,
        },
    )
    run = "src/main/java/org/x/Use.java::Use.run"
    builder = "src/main/java/org/x/Builder.java::Builder"
    assert call(found, run, "Builder.new().add") == (f"{builder}.add", "package")
    assert call(found, run, "Builder.new().add().build") == (f"{builder}.build", "typed")
    assert call(found, run, "Builder.new().reset") == (
        "src/main/java/org/x/Base.java::Base.reset",
        "inherited",
    )
    assert call(found, run, "Local.new().go") == (
        "src/main/java/org/x/Use.java::Use.Local.go",
        "local",
    )
    # an anonymous class's body declaring the member: its own (no symbol); else its base's
    assert call(found, run, "?.add") == ("?:add", "ghost")
    assert call(found, run, "Builder.new().build") == (f"{builder}.build", "package")


def test_a_field_of_a_base_gives_its_declared_type(tmp_path: Path) -> None:
    found = plan(
        tmp_path,
        {
            "src/main/java/org/x/Context.java": """
                package org.x;
                public class Context { public void check() {} }
            """,
            "src/main/java/org/x/Base.java": """
                package org.x;
                public abstract class Base { protected Context _ctx; protected Context other; }
            """,
            "src/main/java/org/x/Middle.java": """
                package org.x;
                public abstract class Middle extends Base { protected Context[] other; }
            """,
            "src/main/java/org/x/Parser.java": """
                package org.x;
                class Parser extends Middle {
                    void run() {
                        _ctx.check();
                        this._ctx.check();
                        other.check();
                    }
                    void local() {
                        var _ctx = make();
                        _ctx.check();
                    }
                }
            """,
        },
    )
    parser = "src/main/java/org/x/Parser.java::Parser"
    check = ("src/main/java/org/x/Context.java::Context.check", "typed")
    assert call(found, f"{parser}.run", "_ctx.check") == check
    assert call(found, f"{parser}.run", "this._ctx.check") == check
    # Middle's array field hides Base's; a local hides every field
    assert call(found, f"{parser}.run", "other.check") == ("?:check", "ghost")
    assert call(found, f"{parser}.local", "_ctx.check") == ("?:check", "ghost")


def test_static_fields_and_enum_constants_give_their_declared_types(tmp_path: Path) -> None:
    found = plan(
        tmp_path,
        {
            "src/main/java/org/x/Variant.java": """
                package org.x;
                public class Variant {
                    public Variant withPadding() { return this; }
                    public void decode() {}
                }
            """,
            "src/main/java/org/x/Variants.java": """
                package org.x;
                public final class Variants {
                    public static final Variant MIME = null;
                    public static class Inner { public static void go() {} }
                }
            """,
            "src/main/java/org/x/Feature.java": """
                package org.x;
                public enum Feature {
                    STRICT, LENIENT { };
                    public int getMask() { return 1; }
                    int both() { return STRICT.getMask(); }
                }
            """,
            "src/main/java/org/x/Use.java": """
                package org.x;
                class Use {
                    void run() {
                        Variants.MIME.decode();
                        Variants.MIME.withPadding().decode();
                        Feature.LENIENT.getMask();
                        Variants.Inner.go();
                        System.out.println();
                    }
                }
            """,
        },
    )
    run = "src/main/java/org/x/Use.java::Use.run"
    decode = ("src/main/java/org/x/Variant.java::Variant.decode", "typed")
    assert call(found, run, "Variants.MIME.decode") == decode
    assert call(found, run, "Variants.MIME.withPadding().decode") == decode
    mask = "src/main/java/org/x/Feature.java::Feature.getMask"
    assert call(found, run, "Feature.LENIENT.getMask") == (mask, "typed")
    both = "src/main/java/org/x/Feature.java::Feature.both"
    assert call(found, both, "STRICT.getMask") == (mask, "local")
    go = "src/main/java/org/x/Variants.java::Variants.Inner.go"
    assert call(found, run, "Variants.Inner.go") == (go, "package")
    assert call(found, run, "System.out.println") == ("?:System.out.println", "ghost")
