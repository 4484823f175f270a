"""Java members of what an element accessor of a JDK container gives (issue 32):
`Map<String, QueryParamsMap> getQueryMap()` in one file, `getQueryMap().get("user").getValues()`
in another: `QueryParamsMap.getValues`. Other members of the container are the JDK's (ghosts),
a repo's own container type is followed as any type is, a type parameter gives nothing."""

from __future__ import annotations

from pathlib import Path

from tests.unit.ingest.test_python_resolution import call, plan

MAP = "src/main/java/spark/QueryParamsMap.java"


def test_an_element_accessor_gives_the_containers_element(tmp_path: Path) -> None:
    found = plan(
        tmp_path,
        {
            MAP: """
                package spark;
                import java.util.*;
                public class QueryParamsMap {
                    public Map<String, QueryParamsMap> getQueryMap() { return null; }
                    public List<QueryParamsMap> all() { return null; }
                    public Optional<QueryParamsMap> first() { return null; }
                    public <T> Map<String, T> typed() { return null; }
                    public String[] getValues() { return null; }
                }
            """,
            "src/main/java/spark/own/Own.java": """
                package spark.own;
                import spark.QueryParamsMap;
                public class Own {
                    public Map<String, QueryParamsMap> map() { return null; }
                }
            """,
            "src/main/java/spark/own/Map.java": """
                package spark.own;
                import spark.QueryParamsMap;
                public class Map<K, V> { public QueryParamsMap get(Object k) { return null; } }
            """,
            "src/test/java/spark/UseTest.java": """
                package spark;
                import spark.own.Own;
                class UseTest {
                    void run(QueryParamsMap q, Own own) {
                        q.getQueryMap().get("user").getValues();
                        q.all().get(0).getValues();
                        q.first().orElse(null).getValues();
                        q.getQueryMap().size();
                        q.all().stream().getValues();
                        q.typed().get("x").getValues();
                        own.map().get("x");
                    }
                }
            """,
        },
    )
    run = "src/test/java/spark/UseTest.java::UseTest.run"
    values = f"{MAP}::QueryParamsMap.getValues"
    assert call(found, run, "q.getQueryMap().get().getValues") == (values, "typed")
    assert call(found, run, "q.all().get().getValues") == (values, "typed")
    assert call(found, run, "q.first().orElse().getValues") == (values, "typed")
    assert call(found, run, "q.getQueryMap().get")[1] == "ghost"  # the JDK's `Map.get`
    assert call(found, run, "q.getQueryMap().size")[1] == "ghost"
    assert call(found, run, "q.all().stream().getValues")[1] == "ghost"  # no element accessor
    assert call(found, run, "q.typed().get().getValues")[1] == "ghost"  # `T`: unknown
    # the package's own `Map` shadows the JDK's: its `get` is a member like any other
    own = ("src/main/java/spark/own/Map.java::Map.get", "typed")
    assert call(found, run, "own.map().get") == own
