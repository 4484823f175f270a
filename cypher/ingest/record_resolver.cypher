// The resolver version whose rules every reference of the repo was last resolved by.
MATCH (r:Repo {id: $repo})
SET r.resolver = $version
