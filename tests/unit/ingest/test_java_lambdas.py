"""Java lambda parameters typed by the functional interface their call expects (issue 32):
`get("/x", (q, a) -> a.status(1))` with `get(String, Route)` and `Route`'s one abstract method
`handle(Request, Response)`: `a` is a `Response`. The overload is picked by argument count; two
overloads of that count with different types there, an interface of two abstract methods, or a
name two lambdas of one method bind differently leave the call a ghost."""

from __future__ import annotations

from pathlib import Path

from tests.unit.ingest.test_python_resolution import call, plan

SPARK = "src/main/java/spark/Spark.java"
RESPONSE = "src/main/java/spark/Response.java"


def test_a_lambdas_parameters_take_the_interface_its_call_expects(tmp_path: Path) -> None:
    found = plan(
        tmp_path,
        {
            SPARK: """
                package spark;
                public class Spark {
                    public static void get(String p, Route r) {}
                    public static void get(String p, String accept, Route r) {}
                    public static void before(Filter f) {}
                    public static void after(String p, Filter f) {}
                    public static void after(String p, Route r) {}
                    public static void wide(Wide w) {}
                }
            """,
            "src/main/java/spark/Route.java": """
                package spark;
                public interface Route {
                    Object handle(Request q, Response a) throws Exception;
                    default void other() {}
                    boolean equals(Object o);
                }
            """,
            "src/main/java/spark/Filter.java": """
                package spark;
                public interface Filter { void handle(Request q, Response a); }
            """,
            "src/main/java/spark/Wide.java": """
                package spark;
                public interface Wide { void one(Response a); void two(Response a); }
            """,
            "src/main/java/spark/Request.java": """
                package spark;
                public class Request { public String body() { return null; } }
            """,
            RESPONSE: """
                package spark;
                public class Response { public void status(int s) {} }
            """,
            "src/main/java/spark/Other.java": """
                package spark;
                public class Other { public void status(int s) {} public String body() {} }
            """,
            "src/test/java/app/Use.java": """
                package app;
                import static spark.Spark.*;
                public class Use {
                    void one() { get("/x", "json", (q, a) -> { a.status(1); return q.body(); }); }
                    void filter() { before(res -> res.status(1)); }
                    void overloaded() { after("/z", (q, a) -> a.status(1)); }
                    void two() { get("/x", (q, a) -> a.status(1)); before((q, a) -> q.body()); }
                    void wide() { wide(a -> a.status(1)); }
                }
            """,
        },
    )
    use = "src/test/java/app/Use.java::Use"
    assert call(found, f"{use}.one", "a.status") == (f"{RESPONSE}::Response.status", "typed")
    request = "src/main/java/spark/Request.java::Request.body"
    assert call(found, f"{use}.one", "q.body")[0] == request
    # `before(Filter)` takes one argument: `res` is a `Filter`'s first parameter, no `Response`
    assert call(found, f"{use}.filter", "res.status")[1] == "ghost"
    # two overloads of two arguments, `Filter` and `Route` there: no guess
    assert call(found, f"{use}.overloaded", "a.status")[1] == "ghost"
    # `q` and `a` bound by two lambdas of different calls: no one type
    assert call(found, f"{use}.two", "a.status")[1] == "ghost"
    assert call(found, f"{use}.two", "q.body")[1] == "ghost"
    # an interface of two abstract methods takes no lambda
    assert call(found, f"{use}.wide", "a.status")[1] == "ghost"
