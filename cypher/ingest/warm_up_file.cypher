// A file of the repo to warm the statements of a save on (ingest/warm_up.py): one with imports,
// its size nearest 200 lines (a save of it runs every statement a typical save runs)
MATCH (f:File {repo: $repo})
WHERE f.imports IS NOT NULL AND f.language IS NOT NULL AND f.lines >= 20
RETURN f.path AS path, f.language AS language
ORDER BY abs(f.lines - 200), f.path
LIMIT 1
