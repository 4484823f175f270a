// Which of the path prefixes $prefixes start some file of $repo (an import's module is the
// repo's own when one does): one index seek on File(repo, path) per prefix.
UNWIND $prefixes AS prefix
CALL {
  WITH prefix
  MATCH (f:File)
  WHERE f.repo = $repo AND f.path STARTS WITH prefix
  RETURN f.path AS path
  LIMIT 1
}
RETURN DISTINCT prefix
