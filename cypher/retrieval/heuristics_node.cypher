// $repos: the repos this server reads (null: every repo); a symbol of another is unknown
MATCH (s:Symbol {id: $id})
WHERE $repos IS NULL OR s.repo IN $repos
OPTIONAL MATCH (file:File)-[:DEFINES]->(s)
RETURN s.id AS id, s.kind AS kind, s.name AS name, s.qualname AS qualname, s.repo AS repo,
       s.file AS path, s.start_line AS start_line, s.end_line AS end_line,
       s.signature AS signature, file.id AS file_id,
       COUNT { (s)<-[:CALLS]-() } AS fan_in,
       {
         calls: {in: COUNT { (s)<-[:CALLS]-() }, out: COUNT { (s)-[:CALLS]->() }},
         contains: {in: COUNT { (s)<-[:CONTAINS]-() }, out: COUNT { (s)-[:CONTAINS]->() }},
         inherits: {in: COUNT { (s)<-[:INHERITS]-() }, out: COUNT { (s)-[:INHERITS]->() }},
         defines: {in: COUNT { (s)<-[:DEFINES]-() }, out: COUNT { (s)-[:DEFINES]->() }},
         references: {in: COUNT { (s)<-[:REFERENCES]-() }, out: COUNT { (s)-[:REFERENCES]->() }}
       } AS degrees,
       [(caller:Symbol)-[:CALLS]->(s) | {id: caller.id, path: caller.file}] AS callers,
       [(file)-[:CO_CHANGES]-(partner:File) | partner.id] AS co_change_partners,
       [(s)-[ref:CALLS|INHERITS]->(ghost:Ghost) | {name: ghost.name, edge: type(ref)}] AS ghosts
