MATCH (f:File {id: $file_id})
CALL {
  WITH f
  OPTIONAL MATCH (f)-[i:IMPORTS]->(t)
  WITH i, t ORDER BY t:Ghost, coalesce(t.path, t.name), i.line
  RETURN [row IN collect({id: t.id, path: t.path, name: t.name, ghost: t:Ghost, line: i.line,
                          confidence: i.confidence}) WHERE row.id IS NOT NULL] AS imports
}
CALL {
  WITH f
  OPTIONAL MATCH (g:File)-[:IMPORTS]->(f)
  WHERE g <> f
  WITH g ORDER BY g.path
  RETURN collect(g.path) AS importer_paths
}
CALL {
  WITH f
  OPTIONAL MATCH (f)-[e:CO_CHANGES]-(g:File)
  // code files ($code: languages that are code) before docs and changelogs, then heaviest
  WITH g, e ORDER BY coalesce(g.language IN $code, false) DESC, e.weight DESC, g.path
  RETURN [row IN collect({id: g.id, path: g.path, weight: e.weight})
          WHERE row.id IS NOT NULL] AS co_changes
}
RETURN imports, importer_paths, co_changes
