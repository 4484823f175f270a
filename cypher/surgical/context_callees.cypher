MATCH (f:File {id: $file_id})
CALL {
  WITH f
  MATCH (f)-[:DEFINES]->(s)-[c:CALLS]->(t)
  WITH f, s, c, t, t:Ghost AS ghost
  RETURN collect({s: s, c: c, t: t, n: c.count, ghost: ghost,
                  other: CASE WHEN ghost THEN null ELSE t.claim END}) AS rows
}
WITH f, rows, [r IN rows WHERE r.ghost] AS ghost_rows,
     [r IN rows WHERE r.other IS NOT NULL AND r.other <> f.id] AS outside
CALL {
  WITH ghost_rows
  UNWIND ghost_rows AS r
  WITH r.t.name AS name, sum(r.n) AS calls, count(*) AS edges, min(r.s.qualname) AS first_caller
  ORDER BY calls DESC, name
  WITH name, calls, edges, first_caller, name IN $builtins AS builtin
  // the language's builtins (len, isinstance) are counted, never listed: no repo defines them
  RETURN sum(CASE WHEN builtin THEN 0 ELSE 1 END) AS ghost_names,
         sum(CASE WHEN builtin THEN edges ELSE 0 END) AS builtin_edges,
         [g IN collect({name: name, calls: calls, edges: edges, first_caller: first_caller,
                        builtin: builtin}) WHERE NOT g.builtin
          | g {.name, .calls, .edges, .first_caller}][0..$ghost_limit] AS ghosts
}
CALL {
  WITH outside
  UNWIND outside AS r
  WITH r.other AS other, sum(r.n) AS calls, count(*) AS edges
  RETURN collect({id: other, calls: calls, edges: edges}) AS by_file
}
CALL {
  WITH outside
  UNWIND outside AS r
  WITH r.s AS s, r.c AS c, r.t AS t
  ORDER BY c.count DESC, s.id, t.id, c.ref LIMIT $limit
  RETURN collect({caller: s.id, caller_qualname: s.qualname, id: t.id, kind: t.kind,
                  qualname: t.qualname, path: t.file, count: c.count, line: c.line}) AS callees
}
CALL {
  WITH outside
  UNWIND outside AS r
  WITH r.other AS other, r.t AS t, sum(r.n) AS calls
  ORDER BY other, calls DESC, t.id
  WITH other, collect(t)[0..$per_file] AS ts, collect(calls)[0..$per_file] AS ns
  RETURN collect({file: other, symbols: [i IN range(0, size(ts) - 1) |
                  {id: ts[i].id, qualname: ts[i].qualname, kind: ts[i].kind, calls: ns[i],
                   relation: 'called_by_primary'}]}) AS relevant
}
RETURN size(rows) AS edges, size(ghost_rows) AS ghost_edges,
       size(ghost_rows) - builtin_edges AS foreign_ghost_edges, ghost_names,
       size(rows) - size(ghost_rows) - size(outside) AS internal_edges,
       [b IN by_file | b.id] AS file_ids, [b IN by_file | b.calls] AS file_calls,
       [b IN by_file | b.edges] AS file_edges, callees, ghosts, relevant
