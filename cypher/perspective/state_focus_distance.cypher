// Hops between two foci over code edges (not HAS_FILE: through the repo every file is 2 hops
// from every other). The bound 4 is FOCUS_DISTANCE_MAX_HOPS in perspective/limits.py.
CALL {
  MATCH (n:Symbol {id: $a}) RETURN n
  UNION
  MATCH (n:File {id: $a}) RETURN n
  UNION
  MATCH (n:Ghost {id: $a}) RETURN n
}
WITH n AS a
CALL {
  MATCH (n:Symbol {id: $b}) RETURN n
  UNION
  MATCH (n:File {id: $b}) RETURN n
  UNION
  MATCH (n:Ghost {id: $b}) RETURN n
}
WITH a, n AS b
MATCH path = shortestPath((a)-[:DEFINES|CONTAINS|IMPORTS|CALLS|INHERITS|REFERENCES|CO_CHANGES*..4]-(b))
RETURN length(path) AS hops
