CALL () {
  CALL db.index.fulltext.queryNodes('symbol_text', $text_query, {limit: $fulltext_cap}) YIELD node
  RETURN node, 'fulltext' AS source
  UNION ALL
  MATCH (node:Symbol)
  WHERE node.name IN $names AND node.repo IN $repos
  WITH node ORDER BY node.id LIMIT $exact_cap
  RETURN node, 'exact' AS source
  UNION ALL
  WITH $vector AS vector WHERE vector IS NOT NULL
  CALL db.index.vector.queryNodes('symbol_embedding', $vector_fetch, vector) YIELD node, score
  WITH node, score WHERE node.repo IN $repos
  ORDER BY score DESC, node.id LIMIT $semantic_cap
  RETURN node, 'neighbour' AS source
}
WITH node, collect(source) AS sources,
     node.repo IN $repos
     AND node.file STARTS WITH $prefix
     AND ($language IS NULL OR node.language = $language)
     AND ($kinds IS NULL OR node.kind IN $kinds) AS in_scope
RETURN collect({
  id: node.id, kind: node.kind, name: node.name, qualname: node.qualname, repo: node.repo,
  path: node.file, start_line: node.start_line, end_line: node.end_line,
  signature: node.signature, sources: sources, in_scope: in_scope,
  fan_in: CASE WHEN in_scope THEN COUNT { (node)<-[:CALLS]-() } ELSE 0 END,
  cosine: CASE WHEN in_scope AND $vector IS NOT NULL AND node.embedding IS NOT NULL
               THEN 2 * vector.similarity.cosine(node.embedding, $vector) - 1 END
}) AS rows
