// The files of $file_ids the graph holds, each with its hash and the spans of its symbols.
UNWIND $file_ids AS file_id
MATCH (f:File {id: file_id})
RETURN f.id AS file_id, f.path AS path, f.hash AS hash,
       COLLECT {
         MATCH (f)-[:DEFINES]->(s:Symbol)
         RETURN {id: s.id, kind: s.kind, start: s.start_line, end: s.end_line} AS symbol
         ORDER BY symbol.id
       } AS symbols
ORDER BY path
