// $repos: the repos described (those this server reads), the first $limit by id
UNWIND $repos AS id
MATCH (r:Repo {id: id})
WITH r
ORDER BY r.id
LIMIT $limit
OPTIONAL MATCH (f:File {repo: r.id})
WITH r, f.language AS language, count(f) AS files, sum(coalesce(f.lines, 0)) AS lines
ORDER BY files DESC, language
WITH r, collect(CASE WHEN files > 0 THEN {language: coalesce(language, 'other'), files: files, lines: lines} END) AS languages
RETURN r.id AS repo, r.root AS root, languages
ORDER BY repo
