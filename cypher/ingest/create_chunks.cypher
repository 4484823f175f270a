// The chunks carry their repo's part label (graph/chunk_parts.py), which the trigram index of
// that part holds: the `chunk_part` of its :Repo, or $part (its hash's) when it has none
OPTIONAL MATCH (r:Repo {id: $repo})
WITH coalesce(r.chunk_part, $part) AS part
UNWIND $rows AS row
CREATE (c:Chunk:$(part))
SET c = row
