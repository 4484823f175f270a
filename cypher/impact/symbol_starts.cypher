// Where the symbols $ids start, their file (claim), their language and signature, and whether
// anything calls, subclasses or references them.
UNWIND $ids AS id
MATCH (s:Symbol {id: id})
RETURN s.id AS id, s.claim AS claim, s.start_line AS start_line, s.language AS language,
       s.signature AS signature, s.qualname AS qualname, s.name AS name,
       EXISTS { (s)<-[:CALLS|INHERITS|REFERENCES]-() } AS used
ORDER BY id
