MATCH (f:File {repo: $repo})
WHERE any(stem IN f.import_stems WHERE stem IN $stems) AND NOT f.id IN $claims
RETURN f.id AS id, f.path AS path, f.language AS language, f.imports AS imports
