MATCH (r:Repo {id: $repo})
RETURN r.id AS id, r.root AS root
