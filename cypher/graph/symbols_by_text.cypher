// The symbols an agent's text names, in the repos this server reads ($repos): by id ($ids: the
// text as an id, and `repo:text` for each repo), by qualname ($qualname), by name ($name); each
// with the best of those ranks (0 id, 1 qualname, 2 name), the first $limit by rank then id, and
// how many there are. Every lookup starts from an index (the id constraint, `symbol_qualname`,
// `symbol_name_id`).
CALL {
  UNWIND $ids AS id
  MATCH (s:Symbol {id: id})
  WHERE s.repo IN $repos
  RETURN s, 0 AS rank
  UNION
  MATCH (s:Symbol {qualname: $qualname})
  WHERE s.repo IN $repos
  RETURN s, 1 AS rank
  UNION
  MATCH (s:Symbol {name: $name})
  WHERE s.repo IN $repos
  RETURN s, 2 AS rank
}
WITH s, min(rank) AS rank
ORDER BY rank, s.id
WITH collect({s: s, rank: rank}) AS found
RETURN size(found) AS total,
       [f IN found[0..$limit] | {
         id: f.s.id, repo: f.s.repo, path: f.s.file, qualname: f.s.qualname, name: f.s.name,
         kind: f.s.kind, start_line: f.s.start_line, end_line: f.s.end_line,
         signature: f.s.signature, rank: f.rank
       }] AS symbols
