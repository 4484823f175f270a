UNWIND $ids AS id
OPTIONAL MATCH (s:Symbol {id: id})
OPTIONAL MATCH (f:File {id: id})
WITH coalesce(s, f) AS n
// $repos: the repos this server reads (null: every repo)
WHERE n IS NOT NULL AND ($repos IS NULL OR n.repo IN $repos)
RETURN n.id AS id, CASE WHEN n:File THEN 'File' ELSE n.kind END AS kind, n.name AS name,
       coalesce(n.file, n.path) AS path, n.repo AS repo
