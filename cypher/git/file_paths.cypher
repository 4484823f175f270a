MATCH (f:File {repo: $repo})
RETURN f.path AS path
