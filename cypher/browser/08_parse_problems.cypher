// coderooms: files ingested only partly, and why (set $repo)
MATCH (f:File {repo: $repo})
WHERE f.problems IS NOT NULL
RETURN f.path AS file, f.problems AS problems
ORDER BY file
