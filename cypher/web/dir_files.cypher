// The web view's repository map: the files of one directory of a readable repo (not below it),
// each with its outermost definitions (the module's own members), in path and line order.
MATCH (f:File {repo: $repo, dir: $dir})
WHERE $repo IN $repos
WITH f ORDER BY f.path LIMIT $files
OPTIONAL MATCH (f)-[:DEFINES]->(s:Symbol)
WHERE s.kind <> $module AND NOT s.qualname CONTAINS '.'
WITH f, s ORDER BY s.start_line, s.id
WITH f, collect({id: s.id, kind: s.kind, qualname: s.qualname, line: s.start_line}) AS symbols
RETURN f.path AS path, f.language AS language, coalesce(f.lines, 0) AS lines,
       [x IN symbols WHERE x.id IS NOT NULL][0..$symbols] AS symbols,
       size([x IN symbols WHERE x.id IS NOT NULL]) AS total_symbols
ORDER BY path
