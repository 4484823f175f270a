// Which of the files $ids (file ids) the graph holds now, with their path and language (a
// co-change partner read from git must still be a file of the repo).
UNWIND $ids AS id
MATCH (f:File {id: id})
RETURN f.path AS path, f.language AS language
ORDER BY path
