UNWIND $suffixes AS suffix
MATCH (f:File)
WHERE (f.dir = suffix OR f.dir ENDS WITH '/' + suffix) AND f.repo = $repo
RETURN f.path AS path, f.language AS language, f.id AS claim
