// coderooms: the file import graph of a directory (set $repo and $dir)
MATCH (a:File {repo: $repo})-[i:IMPORTS]->(b:File)
WHERE a.dir STARTS WITH $dir
RETURN a, i, b
LIMIT 300
