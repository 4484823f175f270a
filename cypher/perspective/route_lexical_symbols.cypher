CALL db.index.fulltext.queryNodes('symbol_words', $lucene, {limit: $scan})
YIELD node AS t
WHERE t.repo = $repo AND t.id <> $id AND NOT t:Module
RETURN t.id AS id, t.name AS name
ORDER BY id
