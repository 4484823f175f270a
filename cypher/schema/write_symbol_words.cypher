UNWIND $rows AS row
MATCH (s:Symbol {id: row.id})
SET s.words = row.words, s.repo_key = row.repo_key
