// The file and lines behind a route target (a symbol or a file; a ghost has none).
CALL {
  MATCH (s:Symbol {id: $id})
  RETURN s.claim AS file_id, s.start_line AS start_line, s.end_line AS end_line
  UNION
  MATCH (f:File {id: $id})
  RETURN f.id AS file_id, null AS start_line, null AS end_line
}
MATCH (f:File {id: file_id})
OPTIONAL MATCH (r:Repo {id: f.repo})
RETURN f.repo AS repo, f.path AS path, f.hash AS hash, f.hash_algorithm AS hash_algorithm,
       f.lines AS lines, start_line, end_line, r.root AS root
LIMIT 1
