MATCH (f:File {id: $file_id})-[:DEFINES]->()<-[c:CALLS]-(x)
WHERE x.claim IN $files
WITH x.claim AS file, x, sum(c.count) AS calls
ORDER BY file, calls DESC, x.id
WITH file, collect(x)[0..$per_file] AS xs, collect(calls)[0..$per_file] AS ns
RETURN file, [i IN range(0, size(xs) - 1) |
              {id: xs[i].id, qualname: xs[i].qualname, kind: xs[i].kind, calls: ns[i],
               relation: 'calls_primary'}] AS symbols
ORDER BY file
