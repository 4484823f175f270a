UNWIND $rows AS row
MATCH (a:File {id: row.source}), (b:File {id: row.target})
CREATE (a)-[r:$(row.type)]->(b)
SET r = row.props
