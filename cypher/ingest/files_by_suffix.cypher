// Files of the repo whose path ends with /<suffix>, found by (repo, name) (index file_repo_name):
// the suffix's last component is the name, so only files of that name in this repo are read.
UNWIND $suffixes AS suffix
WITH suffix, last(split(suffix, '/')) AS name
MATCH (f:File {repo: $repo, name: name})
WHERE f.path ENDS WITH '/' + suffix
RETURN collect({path: f.path, language: f.language, claim: f.id}) AS rows
