CALL db.index.fulltext.queryNodes('symbol_text', $text_query, {limit: $scan_cap}) YIELD node
WHERE node.repo IN $repos
  AND node.file STARTS WITH $prefix
  AND ($language IS NULL OR node.language = $language)
  AND ($kinds IS NULL OR node.kind IN $kinds)
WITH node LIMIT $fulltext_cap
RETURN node.id AS id, node.kind AS kind, node.name AS name, node.qualname AS qualname,
       node.repo AS repo, node.file AS path, node.start_line AS start_line,
       node.end_line AS end_line, node.signature AS signature, ['fulltext'] AS sources,
       true AS in_scope, COUNT { (node)<-[:CALLS]-() } AS fan_in,
       CASE WHEN $vector IS NOT NULL AND node.embedding IS NOT NULL
            THEN 2 * vector.similarity.cosine(node.embedding, $vector) - 1 END AS cosine
