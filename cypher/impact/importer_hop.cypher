// One hop of impact over imports: the files importing the files $ids, each with the import
// that reaches them best (highest confidence, then the imported file's id and the line).
UNWIND $ids AS id
MATCH (f:File {id: id})<-[i:IMPORTS]-(g:File)
WHERE g <> f
WITH g, i, f
ORDER BY coalesce(i.confidence, 0.0) DESC, f.id, i.line
WITH g, collect({to: f.id, via: i.via, confidence: i.confidence, line: i.line})[0] AS best
RETURN g.id AS id, g.path AS path, best
ORDER BY id
LIMIT $limit
