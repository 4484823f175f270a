MATCH (f:File {repo: $repo})
RETURN f.path AS path, f.size AS size, f.mtime_ns AS mtime_ns, f.hash AS hash
