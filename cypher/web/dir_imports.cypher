// The web view's repository map: file imports between two directories of a readable repo,
// counted per (from, to) directory pair.
MATCH (a:File {repo: $repo})-[:IMPORTS]->(b:File)
WHERE $repo IN $repos AND b.repo = $repo AND a.dir <> b.dir
WITH a.dir AS source, b.dir AS target, count(*) AS imports
RETURN collect({source: source, target: target, imports: imports}) AS rows
