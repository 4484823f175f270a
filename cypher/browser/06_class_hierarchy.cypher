// coderooms: subclasses of a class, up to four levels (set $id)
MATCH path = (sub:Symbol)-[:INHERITS*1..4]->(base:Symbol {id: $id})
RETURN path
