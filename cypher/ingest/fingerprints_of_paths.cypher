UNWIND $paths AS wanted
MATCH (f:File {repo: $repo, path: wanted})
RETURN f.path AS path, f.size AS size, f.mtime_ns AS mtime_ns, f.hash AS hash
