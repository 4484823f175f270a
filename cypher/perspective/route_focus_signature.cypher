MATCH (s:Symbol {id: $id})
RETURN s.signature AS signature, s.language AS language
