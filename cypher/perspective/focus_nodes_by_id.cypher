UNWIND $ids AS wanted
CALL (wanted) {
  MATCH (s:Symbol {id: wanted})
  RETURN s.id AS id, s.kind AS kind, s.name AS name, s.file AS path, s.repo AS repo,
         s.qualname AS qualname
  UNION
  MATCH (f:File {id: wanted})
  RETURN f.id AS id, 'File' AS kind, f.path AS name, f.path AS path, f.repo AS repo,
         null AS qualname
  UNION
  MATCH (g:Ghost {id: wanted})
  RETURN g.id AS id, 'Ghost' AS kind, g.name AS name, null AS path, g.repo AS repo,
         null AS qualname
}
RETURN id, kind, name, path, repo, qualname
ORDER BY id
