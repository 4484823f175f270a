"""Java fluent builders over a base the repo cannot read (issue 32, rules-32j): `class Builder
extends AbstractStreamBuilder<Parser, Builder>` takes itself as the base's type argument (the
self type), so `Parser.builder().setReader(r).setFormat(f).get()` — `setReader` being the
base's, outside the repo — goes on in `Builder`; without the self type it stays a ghost."""

from __future__ import annotations

from pathlib import Path

from tests.unit.ingest.test_python_resolution import call, plan

PARSER = "src/main/java/csv/Parser.java"


def test_a_self_typed_base_outside_the_repo_gives_the_builder_back(tmp_path: Path) -> None:
    found = plan(
        tmp_path,
        {
            PARSER: """
                package csv;
                import org.apache.commons.io.build.AbstractStreamBuilder;
                public class Parser {
                    public static Builder builder() { return new Builder(); }
                    public static class Builder extends AbstractStreamBuilder<Parser, Builder> {
                        public Builder setFormat(String f) { return this; }
                        public Parser get() { return new Parser(); }
                    }
                    public static class Plain extends AbstractStreamBuilder<Parser, Other> {
                        public Plain setFormat(String f) { return this; }
                    }
                    public static Plain plain() { return new Plain(); }
                    public int size() { return 0; }
                }
            """,
            "src/test/java/csv/ParserTest.java": """
                package csv;
                public class ParserTest {
                    void t(java.io.Reader r) {
                        Parser.builder().setReader(r).setFormat("x").get().size();
                        Parser.plain().setReader(r).setFormat("x");
                    }
                }
            """,
        },
    )
    test = "src/test/java/csv/ParserTest.java::ParserTest.t"
    assert call(found, test, "Parser.builder().setReader().setFormat") == (
        f"{PARSER}::Parser.Builder.setFormat",
        "typed",
    )
    assert call(found, test, "Parser.builder().setReader().setFormat().get")[0] == (
        f"{PARSER}::Parser.Builder.get"
    )
    assert call(found, test, "Parser.builder().setReader().setFormat().get().size")[0] == (
        f"{PARSER}::Parser.size"
    )
    # the base's own method is not the repo's: no edge into it
    assert call(found, test, "Parser.builder().setReader")[1] == "ghost"
    # a base whose type arguments do not name the class: its methods' values are unknown
    assert call(found, test, "Parser.plain().setReader().setFormat")[1] == "ghost"
