MATCH (s:Symbol {claim: $claim})
WHERE s.start_line <= $last AND s.end_line >= $first AND s.kind <> $skip_kind
RETURN s.id AS id, s.kind AS kind, s.qualname AS qualname, s.name AS name,
       s.start_line AS start_line, s.end_line AS end_line, s.signature AS signature
ORDER BY start_line, id
