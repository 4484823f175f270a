// Each symbol's lines and the chunks of its file that hold them, in order (the digest of its
// code is computed from them)
UNWIND $ids AS id
MATCH (s:Symbol {id: id})
OPTIONAL MATCH (c:Chunk {claim: s.claim})
WHERE c.start_line <= s.end_line AND c.end_line >= s.start_line
WITH s, c
ORDER BY s.id, c.seq
RETURN s.id AS id, s.start_line AS first, s.end_line AS last,
       collect({start: c.start_line, text: c.text}) AS chunks
