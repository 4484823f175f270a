MERGE (r:Repo {id: $repo})
ON CREATE SET r.root = $root, r.created_at = datetime()
SET r.updated_at = datetime()
RETURN r.root AS root, r.resolver AS resolver
