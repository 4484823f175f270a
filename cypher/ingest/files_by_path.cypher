UNWIND $paths AS wanted
MATCH (f:File {repo: $repo, path: wanted})
RETURN collect({path: f.path, language: f.language, claim: f.id}) AS rows
