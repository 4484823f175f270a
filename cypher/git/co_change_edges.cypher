MATCH (a:File {repo: $repo})-[e:CO_CHANGES]->(b:File)
WHERE e.repo = $repo
RETURN a.path AS a, b.path AS b, e.weight AS weight
