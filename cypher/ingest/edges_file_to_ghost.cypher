// Properties named one by one in the CREATE (those of rows.EDGE_PROPS; a null one is not
// written): `SET r = row.props` made the planner hold every row in an Eager first. No `claim`
// or `repo`: the start node holds both (rows.START_NODE_PROPS).
UNWIND $rows AS row
MATCH (a:File {id: row.source}), (b:Ghost {id: row.target})
CREATE (a)-[r:$(row.type) {ref: row.props.ref, name: row.props.name,
  group: row.props.group, bound: row.props.bound, alts: row.props.alts, ghost: row.props.ghost,
  expr: row.props.expr, keys: row.props.keys, then: row.props.then, arity: row.props.arity, line: row.props.line,
  count: row.props.count, via: row.props.via, confidence: row.props.confidence,
  digest: row.props.digest}]->(b)
