// coderooms: files that change together with a file in git history (set $repo and $path)
MATCH (f:File {repo: $repo, path: $path})-[c:CO_CHANGES]-(other:File)
RETURN other.path AS file, c.weight AS commits_together
ORDER BY commits_together DESC, file
