UNWIND $ids AS semantic_id
MATCH (node:Symbol {id: semantic_id})
WITH node,
     node.repo IN $repos
     AND node.file STARTS WITH $prefix
     AND ($language IS NULL OR node.language = $language)
     AND ($kinds IS NULL OR node.kind IN $kinds) AS in_scope
RETURN node.id AS id, node.kind AS kind, node.name AS name, node.qualname AS qualname,
       node.repo AS repo, node.file AS path, node.start_line AS start_line,
       node.end_line AS end_line, node.signature AS signature, ['neighbour'] AS sources, in_scope,
       CASE WHEN in_scope THEN COUNT { (node)<-[:CALLS]-() } ELSE 0 END AS fan_in,
       CASE WHEN in_scope AND node.embedding IS NOT NULL
            THEN 2 * vector.similarity.cosine(node.embedding, $vector) - 1 END AS cosine
