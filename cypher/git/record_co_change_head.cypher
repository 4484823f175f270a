MATCH (r:Repo {id: $repo})
SET r.co_change_head = $head,
    r.co_change_settings = $settings,
    r.co_change_commits = $commits_considered,
    r.co_change_updated_at = datetime()
