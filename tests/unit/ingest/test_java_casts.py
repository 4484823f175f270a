"""Java casts (issue 32): `((T) x).m()` is a member of `T`, as `new T(..).m()` is, up its
bases; a cast to a type parameter, a primitive or an array names no class: a ghost."""

from __future__ import annotations

from pathlib import Path

from tests.unit.ingest.test_python_resolution import call, plan


def test_a_cast_value_is_of_the_type_it_names(tmp_path: Path) -> None:
    found = plan(
        tmp_path,
        {
            "src/main/java/p/Route.java": """
                package p;
                public interface Route { Object handle(String a); }
            """,
            "src/main/java/p/Base.java": "package p;\npublic class Base { void run() {} }\n",
            "src/main/java/p/Impl.java": "package p;\npublic class Impl extends Base { }\n",
            "src/main/java/p/Use.java": """
                package p;
                public class Use<T> {
                    void t(Object r, Object o) {
                        ((Route) r).handle("x");
                        ((p.Impl) o).run();
                        ((T) o).run();
                        ((int[]) o).clone();
                    }
                }
            """,
        },
    )
    use = "src/main/java/p/Use.java::Use.t"
    assert call(found, use, "Route.new().handle") == (
        "src/main/java/p/Route.java::Route.handle",
        "interface",
    )
    assert call(found, use, "p.Impl.new().run") == (
        "src/main/java/p/Base.java::Base.run",
        "inherited",
    )
    assert call(found, use, "?.run")[1] == "ghost"  # a type parameter's
    assert call(found, use, "?.clone")[1] == "ghost"
