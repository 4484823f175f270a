MATCH (f:File {id: $file_id})
CALL {
  WITH f
  MATCH (f)-[:DEFINES]->(s)<-[c:CALLS]-(x)
  WHERE x.claim <> f.id
  RETURN collect({other: x.claim, n: c.count, c: c, s: s, x: x}) AS rows
}
CALL {
  WITH rows
  UNWIND rows AS row
  WITH row.other AS other, sum(row.n) AS calls, count(*) AS edges
  RETURN collect({id: other, calls: calls, edges: edges}) AS by_file
}
CALL {
  WITH rows
  UNWIND rows AS row
  WITH row.n AS n ORDER BY n DESC LIMIT $limit
  RETURN min(n) AS floor
}
CALL {
  WITH rows, floor
  UNWIND rows AS row
  WITH row WHERE row.n >= floor
  WITH row.c AS c, row.s AS s, row.x AS x
  ORDER BY c.count DESC, x.id, s.id, c.ref LIMIT $limit
  RETURN collect({id: x.id, kind: x.kind, qualname: x.qualname, path: x.file, called: s.id,
                  called_qualname: s.qualname, count: c.count, line: c.line}) AS callers
}
CALL {
  WITH by_file
  UNWIND by_file AS file
  WITH file ORDER BY file.calls DESC, file.id LIMIT $top_files
  RETURN collect(file.id) AS top_files
}
CALL {
  WITH rows, top_files
  UNWIND rows AS row
  WITH row WHERE row.other IN top_files
  WITH row.other AS other, row.x AS x, sum(row.n) AS calls
  ORDER BY other, calls DESC, x.id
  WITH other, collect(x)[0..$per_file] AS xs, collect(calls)[0..$per_file] AS ns
  RETURN collect({file: other, symbols: [i IN range(0, size(xs) - 1) |
                  {id: xs[i].id, qualname: xs[i].qualname, kind: xs[i].kind, calls: ns[i],
                   relation: 'calls_primary'}]}) AS relevant
}
RETURN [b IN by_file | b.id] AS file_ids, [b IN by_file | b.calls] AS file_calls,
       [b IN by_file | b.edges] AS file_edges, callers, top_files, relevant
