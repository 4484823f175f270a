UNWIND $ids AS id
MATCH (s:Symbol {id: id})<-[:CALLS]-(caller:Symbol)
WHERE caller.file <> s.file
WITH id, s.name AS name, caller.file AS file
ORDER BY file
WITH id, name, collect(DISTINCT file) AS files
RETURN id, name, size(files) AS files_count, files[..$limit] AS files
