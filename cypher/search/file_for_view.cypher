MATCH (f:File {path: $path})
WHERE f.repo IN $repos
MATCH (r:Repo {id: f.repo})
RETURN f.id AS claim, f.repo AS repo, f.path AS path, f.language AS language, f.hash AS hash,
       f.hash_algorithm AS hash_algorithm, f.size AS size, f.mtime_ns AS mtime_ns,
       f.lines AS lines, r.root AS root
ORDER BY repo
