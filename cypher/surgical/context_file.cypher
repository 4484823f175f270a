MATCH (f:File {id: $file_id})
RETURN f.id AS id, f.repo AS repo, f.path AS path, f.language AS language, f.hash AS hash,
       f.hash_algorithm AS hash_algorithm, f.size AS size, f.lines AS lines,
       coalesce(f.problems, []) AS problems
