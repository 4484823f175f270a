UNWIND $paths AS wanted
MATCH (f:File {repo: $repo, path: wanted})
RETURN f.path AS path
