// The symbols called $name (and, when $qualname is given, with that qualname), in $repos (the
// one repo asked for, or every repo this server reads): the first $limit by id, how many there
// are, and which repos hold them.
MATCH (s:Symbol)
WHERE s.name = $name AND s.repo IN $repos
  AND ($qualname IS NULL OR s.qualname = $qualname)
WITH s ORDER BY s.id
WITH collect(s) AS found
RETURN size(found) AS total,
       [s IN found[0..$limit] | {id: s.id, repo: s.repo, kind: s.kind, file_id: s.claim}] AS symbols,
       reduce(repos = [], s IN found |
              CASE WHEN s.repo IN repos THEN repos ELSE repos + s.repo END) AS repos
