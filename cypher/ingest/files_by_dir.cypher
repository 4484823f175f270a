UNWIND $dirs AS wanted
MATCH (f:File {repo: $repo, dir: wanted})
RETURN f.path AS path, f.language AS language, f.id AS claim
