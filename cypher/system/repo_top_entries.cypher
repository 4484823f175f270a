MATCH (f:File {repo: $repo})
WITH CASE WHEN f.path CONTAINS '/' THEN split(f.path, '/')[0] + '/' ELSE f.path END AS entry,
     count(*) AS files
RETURN entry, files
ORDER BY files DESC, entry
LIMIT $limit
