// $repos: the repos this server reads (null: every repo); $repo: the one asked for
CALL () {
  MATCH (s:Symbol)
  WHERE s.name STARTS WITH $query AND ($repo IS NULL OR s.repo = $repo) AND ($repos IS NULL OR s.repo IN $repos)
  RETURN s.id AS id, s.kind AS kind, s.name AS name, s.file AS path, s.repo AS repo,
         s.qualname AS qualname
  ORDER BY s.name, id
  LIMIT $limit
  UNION
  MATCH (f:File)
  WHERE f.path STARTS WITH $query AND ($repo IS NULL OR f.repo = $repo) AND ($repos IS NULL OR f.repo IN $repos)
  RETURN f.id AS id, 'File' AS kind, f.path AS name, f.path AS path, f.repo AS repo,
         null AS qualname
  ORDER BY f.path, id
  LIMIT $limit
}
RETURN id, kind, name, path, repo, qualname
ORDER BY id
