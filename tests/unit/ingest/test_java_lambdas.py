"""Java lambda parameters typed by the functional interface their call expects (issue 32):
`get("/x", (q, a) -> a.status(1))` with `get(String, Route)` and `Route`'s one abstract method
`handle(Request, Response)`: `a` is a `Response`. The overload is picked by argument count; two
overloads of that count with different interfaces there link where both interfaces give the
parameter one type; an interface of two abstract methods leaves the call a ghost. A name that
lambdas of different calls of one method bind (`get(.., (q, a) -> ..)` beside `before((q, a) ->
..)`) links where every call gives it the same type, else it is a ghost."""

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
                    public static void afterAll(String p, Filter f) {}
                    public static void afterAll(String p, Filter... fs) {}
                    public static void wide(Wide w) {}
                    public static void other(Handler h) {}
                    public static void both(String p, Route r) {}
                    public static void both(String p, Handler h) {}
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
            "src/main/java/spark/Handler.java": """
                package spark;
                public interface Handler { void handle(Other q, Other a); }
            """,
            "src/main/java/spark/Wide.java": """
                package spark;
                public interface Wide { void one(Response a); void two(Response a); }
            """,
            "src/main/java/spark/Request.java": """
                package spark;
                public class Request {
                    public String body() { return null; }
                    public Session session() { return null; }
                }
            """,
            "src/main/java/spark/Session.java": """
                package spark;
                public class Session { public void attribute(String s) {} }
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
                    void varargs() { afterAll("/z", (q, a) -> a.status(1)); }
                    void clash() { both("/z", (q, a) -> a.status(1)); }
                    void two() {
                        get("/x", (q, a) -> a.status(1));
                        before((q, a) -> q.session().attribute(q.body()));
                    }
                    void wide() { wide(a -> a.status(1)); }
                    void differ() {
                        get("/x", (q, a) -> a.status(1));
                        other((q, a) -> a.status(2));
                    }
                    void jdk(java.util.Map<String, String> m) {
                        get("/x", (q, a) -> a.status(1));
                        m.forEach((q, a) -> a.status(2));
                    }
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
    # two overloads of two arguments, `Filter` and `Route` there: both give `a` a `Response`
    assert call(found, f"{use}.overloaded", "a.status") == (f"{RESPONSE}::Response.status", "typed")
    # `Filter` and `Filter...`: a lambda passed to the varargs is one `Filter`
    assert call(found, f"{use}.varargs", "a.status") == (f"{RESPONSE}::Response.status", "typed")
    # `Route` and `Handler` there give it a `Response` and an `Other`: no guess
    assert call(found, f"{use}.clash", "a.status")[1] == "ghost"
    # `q` and `a` bound by lambdas of two calls that give them the same types: linked
    assert call(found, f"{use}.two", "a.status") == (f"{RESPONSE}::Response.status", "typed")
    assert call(found, f"{use}.two", "q.body") == (request, "typed")
    session = "src/main/java/spark/Session.java::Session.attribute"
    assert call(found, f"{use}.two", "q.session().attribute") == (session, "typed")
    # ... that give them different types (`Response`, `Other`), or one no type we can read
    assert call(found, f"{use}.differ", "a.status")[1] == "ghost"
    assert call(found, f"{use}.jdk", "a.status")[1] == "ghost"
    # an interface of two abstract methods takes no lambda
    assert call(found, f"{use}.wide", "a.status")[1] == "ghost"
