UNWIND $paths AS path
MATCH (f:File {repo: $repo, path: path})
CALL (f) {
  MATCH (f)-[e:CO_CHANGES]-(other:File)
  WHERE NOT other.path IN $paths
  RETURN other.path AS partner, e.weight AS weight
  ORDER BY weight DESC, partner
  LIMIT $per_file
}
RETURN path, partner, weight
ORDER BY path, weight DESC, partner
