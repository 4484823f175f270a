"""Records come back as plain dicts, equal to what `record.data()` gives, without its cost; a
statement returning only `rows` (a collected list of maps) is read as those rows."""

from __future__ import annotations

from neo4j import RoutingControl

from coderooms.graph.driver import Graph, plain_record


def test_scalars_lists_and_maps_equal_record_data(graph: Graph) -> None:
    text = (
        "RETURN 1 AS i, 2.5 AS f, 'ü' AS s, true AS b, null AS n, [1, 'a', [2.0]] AS l, "
        "{k: [1, {x: null}], e: []} AS m"
    )
    records, _, _ = graph.driver.execute_query(text, routing_=RoutingControl.READ)
    [record] = records
    assert plain_record(record) == record.data()
    assert graph.run_text(text) == [record.data()]


def test_graph_and_temporal_values_fall_back_to_record_data(graph: Graph) -> None:
    text = "MATCH (v:SchemaVersion) RETURN v, [v] AS vs, v.updated_at AS at LIMIT 1"
    records, _, _ = graph.driver.execute_query(text, routing_=RoutingControl.READ)
    [record] = records
    plain = plain_record(record)
    assert plain == record.data()
    assert plain["v"]["id"] == "coderooms"  # a node becomes its property map


def test_a_collected_statement_is_read_as_its_rows(graph: Graph) -> None:
    text = "UNWIND $items AS i RETURN collect({i: i, twice: [i, i]}) AS rows"
    assert graph.run_text(text, items=[1, 2]) == [
        {"i": 1, "twice": [1, 1]},
        {"i": 2, "twice": [2, 2]},
    ]
    assert graph.run_text(text, items=[]) == []  # aggregation without rows: no rows
    # a `rows` column next to another one is an ordinary column
    assert graph.run_text("RETURN [1] AS rows, 2 AS other") == [{"rows": [1], "other": 2}]
