// $repos: the repos this server reads (null: every repo); $repo: the one asked for
CALL db.index.fulltext.queryNodes('symbol_text', $lucene, {limit: $scan})
YIELD node, score
WHERE ($repo IS NULL OR node.repo = $repo) AND ($repos IS NULL OR node.repo IN $repos)
RETURN node.id AS id, node.kind AS kind, node.name AS name, node.file AS path,
       node.repo AS repo, node.qualname AS qualname, score
ORDER BY score DESC, id
LIMIT $limit
