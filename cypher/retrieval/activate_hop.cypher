UNWIND $frontier AS item
OPTIONAL MATCH (s:Symbol {id: item.id})
OPTIONAL MATCH (f:File {id: item.id})
WITH item, coalesce(s, f) AS u
WHERE u IS NOT NULL
// degree: u's Symbol/File neighbours other than itself. These edges start only at Symbols and
// Files (a Ghost only ends them), so the incoming side is the degree store's count (no hub's
// callers are walked for it) less u's self-loops; the outgoing side is walked, ghosts left out.
WITH item, u,
     COUNT { (u)<-[:CALLS|IMPORTS|CONTAINS|INHERITS|DEFINES]-() }
     - COUNT { (u)-[:CALLS|IMPORTS|CONTAINS|INHERITS|DEFINES]->(u) }
     + COUNT { MATCH (u)-[:CALLS|IMPORTS|CONTAINS|INHERITS|DEFINES]->(v)
               WHERE (v:Symbol OR v:File) AND v <> u } AS degree
// a node with more neighbours than silent_above cannot pass the threshold to any one of them:
// it reads none (listed in `silent`); the others read at most $most, best weighted first, of
// their neighbours not yet expanded ($expanded: id -> true; nothing flows into those) of the
// repos this server reads ($repos; null: every repo)
OPTIONAL CALL (u, item, degree) {
  WITH u WHERE degree <= item.silent_above
  MATCH (u)-[r:CALLS|IMPORTS|CONTAINS|INHERITS|DEFINES]-(v)
  WHERE (v:Symbol OR v:File) AND v <> u AND $expanded[v.id] IS NULL
    AND ($repos IS NULL OR v.repo IN $repos)
  WITH r, v, CASE WHEN startNode(r) = u THEN 'out' ELSE 'in' END AS direction
  ORDER BY $weights[type(r) + ':' + direction] * coalesce(r.confidence, 1.0) DESC,
           v.id, type(r), direction
  LIMIT $most
  RETURN r, v, direction
}
RETURN collect(CASE WHEN r IS NOT NULL THEN
         {source: u.id, degree: degree, type: type(r), direction: direction,
          confidence: coalesce(r.confidence, 1.0), target: v.id,
          kind: CASE WHEN v:File THEN 'File' ELSE v.kind END, name: v.name,
          path: coalesce(v.file, v.path), repo: v.repo} END) AS rows,
       collect(DISTINCT CASE WHEN degree > item.silent_above THEN u.id END) AS silent
