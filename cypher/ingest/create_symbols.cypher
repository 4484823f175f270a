// The kind's label and the properties (those of rows.SYMBOL_PROPS) in the CREATE:
// `SET s = row.props, s:$(row.kind)` made the planner hold every row in an Eager first.
UNWIND $rows AS row
CREATE (s:Symbol:$(row.label) {id: row.props.id, repo: row.props.repo, kind: row.props.kind,
  name: row.props.name, qualname: row.props.qualname, file: row.props.file,
  language: row.props.language, start_line: row.props.start_line, end_line: row.props.end_line,
  signature: row.props.signature, doc: row.props.doc, words: row.props.words,
  repo_key: row.props.repo_key, claim: row.props.claim, embedding_key: row.props.embedding_key,
  digest: row.props.digest})
