MATCH (r:Repo {id: $repo})
RETURN coalesce(r.generation, 0) AS generation
