MATCH (r:Repo {id: $repo})
RETURN r.root AS root, r.resolver AS resolver
