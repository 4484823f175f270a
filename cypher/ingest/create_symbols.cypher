UNWIND $rows AS row
CREATE (s:Symbol)
SET s = row.props, s:$(row.kind)
