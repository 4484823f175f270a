// The symbols of a repo (under $prefix) that nothing in the graph references: no CALLS,
// INHERITS or REFERENCES edge from another symbol; with what the rules need to know of them.
MATCH (f:File {repo: $repo})-[:DEFINES]->(s:Symbol)
WHERE s.kind IN $kinds AND ($prefix IS NULL OR f.path STARTS WITH $prefix)
  AND NOT EXISTS { MATCH (s)<-[:CALLS|INHERITS|REFERENCES]-(o:Symbol) WHERE o <> s }
OPTIONAL MATCH (s)<-[:CONTAINS]-(parent:Symbol)
WITH f, s, parent
RETURN s.id AS id, s.name AS name, s.qualname AS qualname, s.kind AS kind, f.path AS path,
       f.language AS language, s.start_line AS first, s.end_line AS last,
       coalesce(s.signature, '') AS signature, parent.kind AS parent_kind,
       parent.start_line AS parent_first,
       CASE WHEN parent IS NULL THEN false
            ELSE EXISTS { (parent)-[:INHERITS*1..5]->(:Ghost) } END AS external_base,
       CASE WHEN parent IS NULL THEN false
            ELSE EXISTS { (parent)-[:INHERITS*1..5]->(:Symbol)-[:CONTAINS]->(m:Symbol)
                          WHERE m.name = s.name }
              OR EXISTS { (parent)<-[:INHERITS*1..5]-(:Symbol)-[:CONTAINS]->(m:Symbol)
                          WHERE m.name = s.name } END AS override
ORDER BY id
