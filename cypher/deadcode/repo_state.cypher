MATCH (r:Repo {id: $repo})
OPTIONAL MATCH (f:File {repo: $repo})
RETURN r.generation AS generation, collect(f.id) AS files, sum(f.size) AS bytes
