UNWIND $suffixes AS suffix
MATCH (f:File)
WHERE f.path ENDS WITH '/' + suffix AND f.repo = $repo
RETURN f.path AS path, f.language AS language, f.id AS claim
