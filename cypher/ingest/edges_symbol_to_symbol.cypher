UNWIND $rows AS row
MATCH (a:Symbol {id: row.source}), (b:Symbol {id: row.target})
CREATE (a)-[r:$(row.type)]->(b)
SET r = row.props
