// The chunk part each of $repos holds (null: none chosen, or no such repo: its hash's part;
// graph/chunk_parts.py)
UNWIND $repos AS id
OPTIONAL MATCH (r:Repo {id: id})
RETURN id, r.chunk_part AS part
