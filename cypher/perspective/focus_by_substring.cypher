// $repos: the repos this server reads (null: every repo); $repo: the one asked for
CALL () {
  MATCH (s:Symbol)
  WHERE s.name CONTAINS $query AND ($repo IS NULL OR s.repo = $repo) AND ($repos IS NULL OR s.repo IN $repos)
  WITH s
  LIMIT $scan
  RETURN s.id AS id, s.kind AS kind, s.name AS name, s.file AS path, s.repo AS repo,
         s.qualname AS qualname
  ORDER BY size(name), id
  LIMIT $limit
  UNION
  MATCH (f:File)
  WHERE f.path CONTAINS $query AND ($repo IS NULL OR f.repo = $repo) AND ($repos IS NULL OR f.repo IN $repos)
  WITH f
  LIMIT $scan
  RETURN f.id AS id, 'File' AS kind, f.path AS name, f.path AS path, f.repo AS repo,
         null AS qualname
  ORDER BY size(name), id
  LIMIT $limit
}
RETURN id, kind, name, path, repo, qualname
ORDER BY id
