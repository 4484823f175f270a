MATCH (f:File {id: $file_id})-[:DEFINES]->(s)
WITH s ORDER BY s.start_line, s.id
RETURN count(s) AS total,
       collect({id: s.id, kind: s.kind, name: s.name, qualname: s.qualname,
                start_line: s.start_line, end_line: s.end_line,
                signature: s.signature})[0..$limit] AS symbols
