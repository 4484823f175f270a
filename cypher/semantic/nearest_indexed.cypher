CALL db.index.vector.queryNodes('symbol_embedding', $fetch, $vector) YIELD node
WHERE $repos IS NULL OR node.repo IN $repos
WITH node, vector.similarity.cosine(node.embedding, $vector) AS score
RETURN node.id AS id, node.repo AS repo, node.file AS file, node.name AS name,
       node.qualname AS qualname, node.kind AS kind, node.language AS language, node.start_line AS start_line,
       node.end_line AS end_line, score
ORDER BY score DESC, id
