"""Java rules of issue 32 that read another file, under incremental ingest: a bare `m()` through
`import static a.b.C.*;` follows C's file as it gains, loses and moves the method, and each
step equals a full ingest of the same tree."""

from __future__ import annotations

from coderooms.graph.driver import Graph
from tests.integration.ingest.scenario_tree import Tree, ingest
from tests.integration.ingest.test_ingest_scenarios import calls_of, follow_steps

SPARK = "src/main/java/spark/Spark.java"


def test_a_static_wildcard_import_follows_the_class_it_opens(
    graph: Graph, tree: Tree, repo: str, full_repo: str
) -> None:
    with_halt = "package spark;\npublic class Spark {\n  public static void halt(int c) {}\n}\n"
    tree.write(SPARK, "package spark;\npublic class Spark {}\n")
    tree.write(
        "src/test/java/app/Use.java",
        "package app;\nimport static spark.Spark.*;\n"
        "class Use {\n  void run() {\n    halt(500);\n  }\n}\n",
    )
    ingest(graph, tree, repo)
    run = "src/test/java/app/Use.java::Use.run"
    assert calls_of(graph, repo, run) == {("?:halt", "ghost")}
    follow_steps(graph, tree, repo, full_repo, run, [
        (SPARK, with_halt, (f"{SPARK}::Spark.halt", "import")),
        (SPARK, None, ("?:halt", "ghost")),
        ("src/main/java/spark/Spark2.java", with_halt, ("?:halt", "ghost")),  # not `Spark.java`
        (SPARK, with_halt, (f"{SPARK}::Spark.halt", "import")),
    ])  # fmt: skip


def test_a_lambdas_parameter_follows_the_method_and_the_interface(
    graph: Graph, tree: Tree, repo: str, full_repo: str
) -> None:
    """`get("/x", (q, a) -> a.status(1))`: `a` follows `get`'s declared parameter type and that
    interface's one abstract method, in the files that declare them."""
    response = "src/main/java/spark/Response.java"
    other = "src/main/java/spark/Other.java"
    route = "src/main/java/spark/Route.java"
    method = "package spark;\npublic interface Route {\n  Object handle(Request q, {} a);\n}\n"
    tree.write(
        SPARK,
        "package spark;\npublic class Spark {\n  public static void get(String p, Route r) {}\n}\n",
    )
    tree.write(route, method.replace("{}", "Response"))
    tree.write(
        response, "package spark;\npublic class Response {\n  public void status(int s) {}\n}\n"
    )
    tree.write(other, "package spark;\npublic class Other {\n  public void status(int s) {}\n}\n")
    tree.write(
        "src/test/java/app/Use.java",
        "package app;\nimport static spark.Spark.*;\n"
        'class Use {\n  void run() {\n    get("/x", (q, a) -> a.status(1));\n  }\n}\n',
    )
    ingest(graph, tree, repo)
    run = "src/test/java/app/Use.java::Use.run"
    assert (f"{response}::Response.status", "typed") in calls_of(graph, repo, run)
    overloaded = (
        "package spark;\npublic class Spark {\n  public static void get(String p, Route r) {}\n"
        "  public static void get(String p, Object o) {}\n}\n"
    )
    follow_steps(graph, tree, repo, full_repo, run, [
        (route, method.replace("{}", "Other"), (f"{other}::Other.status", "typed")),
        (SPARK, overloaded, ("?:status", "ghost")),  # two overloads of two arguments
        (SPARK, overloaded.replace("Object o", "int o"), (f"{other}::Other.status", "typed")),
        (route, None, ("?:status", "ghost")),
    ])  # fmt: skip


def test_lambdas_of_two_calls_agree_through_both_interfaces(
    graph: Graph, tree: Tree, repo: str, full_repo: str
) -> None:
    """`get("/x", (q, a) -> a.status(1))` beside `post("/y", (q, a) -> a.status(2))`: one call
    `a.status` in `run`, linked while `Route` and `Filter` both give `a` one type; an edit of
    either interface's file moves it, each step equal to a full ingest."""
    response = "src/main/java/spark/Response.java"
    filter_file = "src/main/java/spark/Filter.java"
    method = "package spark;\npublic interface {} {{\n  Object handle(Request q, {} a);\n}}\n"
    tree.write(
        SPARK,
        "package spark;\npublic class Spark {\n  public static void get(String p, Route r) {}\n"
        "  public static void post(String p, Filter f) {}\n}\n",
    )
    tree.write("src/main/java/spark/Route.java", method.format("Route", "Response"))
    tree.write(filter_file, method.format("Filter", "Response"))
    tree.write(
        response, "package spark;\npublic class Response {\n  public void status(int s) {}\n}\n"
    )
    tree.write(
        "src/main/java/spark/Other.java",
        "package spark;\npublic class Other {\n  public void status(int s) {}\n}\n",
    )
    tree.write(
        "src/test/java/app/Use.java",
        "package app;\nimport static spark.Spark.*;\nclass Use {\n  void run() {\n"
        '    get("/x", (q, a) -> a.status(1));\n    post("/y", (q, a) -> a.status(2));\n  }\n}\n',
    )
    ingest(graph, tree, repo)
    run = "src/test/java/app/Use.java::Use.run"
    linked = (f"{response}::Response.status", "typed")
    assert linked in calls_of(graph, repo, run)
    follow_steps(graph, tree, repo, full_repo, run, [
        (filter_file, method.format("Filter", "Other"), ("?:status", "ghost")),  # they differ
        (filter_file, method.format("Filter", "Response"), linked),
        (filter_file, None, ("?:status", "ghost")),  # `post`'s lambda: no type
    ])  # fmt: skip


def test_an_element_of_a_returned_jdk_container_follows_the_declared_return(
    graph: Graph, tree: Tree, repo: str, full_repo: str
) -> None:
    """`q.getQueryMap().get("user").getValues()` with `Map<String, X> getQueryMap()` in another
    file: `X.getValues`, following edits of that return type and of the package's types."""
    holder = "src/main/java/spark/Holder.java"
    declared = (
        "package spark;\nimport java.util.Map;\npublic class Holder {{\n"
        "  public Map<String, {}> getQueryMap() {{ return null; }}\n}}\n"
    )
    for name in ("Values", "Other"):
        tree.write(
            f"src/main/java/spark/{name}.java",
            f"package spark;\npublic class {name} {{\n  public void getValues() {{}}\n}}\n",
        )
    tree.write(holder, declared.format("Values"))
    tree.write(
        "src/test/java/spark/UseTest.java",
        "package spark;\nclass UseTest {\n  void run(Holder q) {\n"
        '    q.getQueryMap().get("user").getValues();\n  }\n}\n',
    )
    ingest(graph, tree, repo)
    run = "src/test/java/spark/UseTest.java::UseTest.run"
    values = ("src/main/java/spark/Values.java::Values.getValues", "typed")
    assert values in calls_of(graph, repo, run)
    other = ("src/main/java/spark/Other.java::Other.getValues", "typed")
    follow_steps(graph, tree, repo, full_repo, run, [
        (holder, declared.format("Other"), other),
        (holder, declared.format("String"), ("?:getValues", "ghost")),  # no type of the repo
        (holder, declared.format("Values"), values),
        ("src/main/java/spark/Values.java", None, ("?:getValues", "ghost")),
    ])  # fmt: skip


def test_a_call_follows_the_overloads_its_argument_count_takes(
    graph: Graph, tree: Tree, repo: str, full_repo: str
) -> None:
    """`d.until(d, u)` on a `Date` that declares only `until(Object)`: the base's two-argument
    `until`; the class gaining a two-argument overload takes it back, the base losing its
    own leaves a ghost, each step equal to a full ingest (rules-32f)."""
    base = "src/main/java/p/Base.java"
    date = "src/main/java/p/Date.java"
    with_until = "package p;\npublic class Base {\n  public long until(Object e, Object u) {}\n}\n"
    one = (
        "package p;\npublic class Date extends Base {\n"
        "  public Object until(Object e) { return null; }\n}\n"
    )
    both = one.replace("\n}\n", "\n  public long until(Object e, Object u) { return 1; }\n}\n")
    tree.write(base, with_until)
    tree.write(date, one)
    tree.write(
        "src/test/java/p/Use.java",
        "package p;\nclass Use {\n  void run(Date d, Object u) {\n    d.until(d, u);\n  }\n}\n",
    )
    ingest(graph, tree, repo)
    run = "src/test/java/p/Use.java::Use.run"
    assert calls_of(graph, repo, run) == {(f"{base}::Base.until", "inherited")}
    follow_steps(graph, tree, repo, full_repo, run, [
        (date, both, (f"{date}::Date.until", "package")),
        (date, one, (f"{base}::Base.until", "inherited")),
        (base, "package p;\npublic class Base {}\n", ("?:Date.until", "ghost")),
        (base, with_until, (f"{base}::Base.until", "inherited")),
    ])  # fmt: skip


def test_a_static_import_past_the_bases_follows_the_chain_files(
    graph: Graph, tree: Tree, repo: str, full_repo: str
) -> None:
    """`gte(..)` through `import static expr.Helper.*;` in a class implementing the repo's own
    `Parser`: the import's while no class up the chain declares `gte` and the chain ends in the
    repo; the interface's when it declares one; a ghost when it gains a base outside the repo
    (rules-32j: the `h` entries of the chain's files)."""
    helper = "src/main/java/expr/Helper.java"
    parser = "src/main/java/expr/Parser.java"
    tree.write(helper, "package expr;\npublic class Helper {\n  public static void gte() {}\n}\n")
    tree.write(parser, "package expr;\npublic interface Parser {}\n")
    tree.write(
        "src/main/java/app/Use.java",
        "package app;\nimport static expr.Helper.*;\nimport expr.Parser;\n"
        "class Use implements Parser {\n  void run() {\n    gte();\n  }\n}\n",
    )
    ingest(graph, tree, repo)
    run = "src/main/java/app/Use.java::Use.run"
    assert calls_of(graph, repo, run) == {(f"{helper}::Helper.gte", "import")}
    follow_steps(graph, tree, repo, full_repo, run, [
        (parser, "package expr;\npublic interface Parser {\n  void gte();\n}\n",
         (f"{parser}::Parser.gte", "interface")),
        (parser, "package expr;\npublic interface Parser extends java.util.Collection {}\n",
         ("?:expr.Parser.gte", "ghost")),
        (parser, "package expr;\npublic interface Parser extends java.io.Serializable {}\n",
         (f"{helper}::Helper.gte", "import")),
    ])  # fmt: skip


def test_a_self_typed_builder_follows_the_builders_base(
    graph: Graph, tree: Tree, repo: str, full_repo: str
) -> None:
    """`Parser.builder().setReader(r).setFormat(f)` with `Builder extends
    AbstractStreamBuilder<Parser, Builder>` (outside the repo): `setFormat` is the builder's
    while its base takes it as a type argument, a ghost once it does not (rules-32j)."""
    parser = "src/main/java/csv/Parser.java"
    body = (
        "package csv;\npublic class Parser {\n  public static Builder builder() { return null; }\n"
        "  public static class Builder extends io.AbstractStreamBuilder<Parser, {}> {\n"
        "    public Builder setFormat(String f) { return this; }\n  }\n}\n"
    )
    tree.write(parser, body.replace("{}", "Builder"))
    tree.write(
        "src/test/java/csv/Use.java",
        "package csv;\nclass Use {\n  void run(java.io.Reader r) {\n"
        '    Parser.builder().setReader(r).setFormat("x");\n  }\n}\n',
    )
    ingest(graph, tree, repo)
    run = "src/test/java/csv/Use.java::Use.run"
    setter = (f"{parser}::Parser.Builder.setFormat", "typed")
    assert setter in calls_of(graph, repo, run)
    follow_steps(graph, tree, repo, full_repo, run, [
        (parser, body.replace("{}", "Object"), ("?:setFormat", "ghost")),
        (parser, body.replace("{}", "Builder"), setter),
    ])  # fmt: skip
