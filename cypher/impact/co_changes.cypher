// The files changed in the same commits as the files $file_ids (CO_CHANGES, undirected), their
// weights summed over those files: code files ($code: languages that are code) first, then
// heaviest, then path; the first $limit and how many there are.
UNWIND $file_ids AS file_id
MATCH (:File {id: file_id})-[e:CO_CHANGES]-(g:File)
WHERE NOT g.id IN $file_ids
WITH g, sum(e.weight) AS weight
WITH g, weight, coalesce(g.language IN $code, false) AS code
ORDER BY code DESC, weight DESC, g.path
WITH collect({path: g.path, weight: weight, code: code}) AS rows
RETURN size(rows) AS total, rows[0..$limit] AS items
