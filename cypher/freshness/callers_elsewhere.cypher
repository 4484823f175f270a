UNWIND $ids AS id
MATCH (s:Symbol {id: id})<-[:CALLS]-(caller:Symbol)
WHERE caller.file <> s.file
WITH id, caller.file AS file
ORDER BY file
WITH id, collect(DISTINCT file) AS files
RETURN id, size(files) AS files_count, files[..$limit] AS files
