MATCH (r:Repo {id: $repo})
RETURN r.root AS root, r.co_change_head AS head, r.co_change_settings AS settings
