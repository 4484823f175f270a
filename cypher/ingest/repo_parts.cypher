// The chunk part each repo holds (null: none chosen, its hash's part; graph/chunk_parts.py)
MATCH (r:Repo)
RETURN r.id AS id, r.chunk_part AS part
