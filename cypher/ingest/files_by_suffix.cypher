UNWIND $suffixes AS suffix
MATCH (f:File)
WHERE f.path ENDS WITH '/' + suffix AND f.repo = $repo
RETURN collect({path: f.path, language: f.language, claim: f.id}) AS rows
