// $part: the chunk part chosen for a new repo (graph/chunk_parts.py choose_part); a repo that
// exists keeps its own
MERGE (r:Repo {id: $repo})
ON CREATE SET r.root = $root, r.created_at = datetime(), r.chunk_part = $part
SET r.updated_at = datetime()
RETURN r.root AS root, r.resolver AS resolver
