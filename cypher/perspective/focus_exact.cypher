// $repos: the repos this server reads (null: every repo); $repo: the one asked for
CALL () {
  MATCH (s:Symbol {id: $query})
  RETURN 'id' AS match, s.id AS id, s.kind AS kind, s.name AS name, s.file AS path,
         s.repo AS repo, s.qualname AS qualname
  UNION ALL
  MATCH (f:File {id: $query})
  RETURN 'id' AS match, f.id AS id, 'File' AS kind, f.path AS name, f.path AS path,
         f.repo AS repo, null AS qualname
  UNION ALL
  MATCH (g:Ghost {id: $query})
  RETURN 'id' AS match, g.id AS id, 'Ghost' AS kind, g.name AS name, null AS path,
         g.repo AS repo, null AS qualname
  UNION ALL
  MATCH (s:Symbol {name: $query})
  WHERE ($repo IS NULL OR s.repo = $repo) AND ($repos IS NULL OR s.repo IN $repos)
  WITH s
  ORDER BY s.id
  LIMIT $limit
  RETURN 'name' AS match, s.id AS id, s.kind AS kind, s.name AS name, s.file AS path,
         s.repo AS repo, s.qualname AS qualname
  UNION ALL
  MATCH (f:File {path: $query})
  WHERE ($repo IS NULL OR f.repo = $repo) AND ($repos IS NULL OR f.repo IN $repos)
  WITH f
  ORDER BY f.id
  LIMIT $limit
  RETURN 'name' AS match, f.id AS id, 'File' AS kind, f.path AS name, f.path AS path,
         f.repo AS repo, null AS qualname
  UNION ALL
  MATCH (g:Ghost {name: $query})
  WHERE ($repo IS NULL OR g.repo = $repo) AND ($repos IS NULL OR g.repo IN $repos)
  WITH g
  ORDER BY g.id
  LIMIT $limit
  RETURN 'name' AS match, g.id AS id, 'Ghost' AS kind, g.name AS name, null AS path,
         g.repo AS repo, null AS qualname
  UNION ALL
  MATCH (s:Symbol {qualname: $query})
  WHERE ($repo IS NULL OR s.repo = $repo) AND ($repos IS NULL OR s.repo IN $repos)
    AND s.kind <> 'Module'
  WITH s
  ORDER BY s.id
  LIMIT $limit
  RETURN 'qualified_name' AS match, s.id AS id, s.kind AS kind, s.name AS name,
         s.file AS path, s.repo AS repo, s.qualname AS qualname
  UNION ALL
  UNWIND $pairs AS pair
  MATCH (f:File {path: pair.path})
  WHERE ($repo IS NULL OR f.repo = $repo) AND ($repos IS NULL OR f.repo IN $repos)
  OPTIONAL MATCH (s:Symbol {id: f.id + '::' + pair.qualname})
  WITH f, s, pair
  WHERE pair.qualname = '' OR s IS NOT NULL
  WITH f, s
  ORDER BY f.id, s.id
  LIMIT $limit
  RETURN 'qualified_name' AS match, coalesce(s.id, f.id) AS id,
         CASE WHEN s IS NULL THEN 'File' ELSE s.kind END AS kind,
         CASE WHEN s IS NULL THEN f.path ELSE s.name END AS name,
         f.path AS path, f.repo AS repo, s.qualname AS qualname
}
WITH match, id, kind, name, path, repo, qualname
WHERE $repos IS NULL OR repo IN $repos
RETURN match, id, kind, name, path, repo, qualname
ORDER BY match, id
