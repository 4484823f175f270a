CALL db.index.fulltext.queryNodes('file_words', $lucene, {limit: $scan})
YIELD node AS t
WHERE t.repo = $repo AND t.id <> $id
RETURN t.id AS id, t.path AS name
ORDER BY id
