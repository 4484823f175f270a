// The files of a language under these directories ('' is the whole repo), outside the
// changeset, with their import requests: all their references and imports are re-resolved.
MATCH (f:File {repo: $repo})
WHERE f.language IN $languages AND NOT f.id IN $claims
  AND any(d IN $dirs WHERE d = '' OR f.path STARTS WITH d + '/')
RETURN collect({id: f.id, path: f.path, language: f.language, imports: f.imports}) AS rows
