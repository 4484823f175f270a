UNWIND $rows AS row
MERGE (s:Symbol {id: row.id})
REMOVE s:Module:Class:Function:Method:Interface:Variable
SET s += row.props, s:$(row.kind)
