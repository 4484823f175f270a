UNWIND $rows AS row
MATCH (a:File {id: row.source}), (b:Ghost {id: row.target})
CREATE (a)-[r:$(row.type)]->(b)
SET r = row.props
