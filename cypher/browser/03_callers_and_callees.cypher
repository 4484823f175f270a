// coderooms: callers and callees of a symbol, with resolution confidence (set $id)
MATCH (s:Symbol {id: $id})
OPTIONAL MATCH (caller:Symbol)-[in:CALLS]->(s)
OPTIONAL MATCH (s)-[out:CALLS]->(callee)
RETURN s, caller, in, callee, out
