MATCH (r:Repo)
CALL (r) {
  MATCH (f:File {repo: r.id})
  RETURN count(f) AS files, sum(f.size) AS bytes
}
RETURN r.id AS repo, r.root AS root, files, coalesce(bytes, 0) AS bytes,
       toString(r.updated_at) AS updated_at
ORDER BY repo
