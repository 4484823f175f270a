// coderooms: the most referenced names nothing in the repo defines (set $repo)
MATCH (g:Ghost {repo: $repo})<-[r:CALLS|INHERITS|IMPORTS]-()
RETURN g.name AS name, type(r) AS edge, sum(coalesce(r.count, 1)) AS references
ORDER BY references DESC, name
LIMIT 25
