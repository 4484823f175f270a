// The web view's repository map: every directory of a readable repo with its files and its
// lines of code (files of the deep languages $code), one row per directory.
MATCH (f:File {repo: $repo})
WHERE $repo IN $repos
WITH f.dir AS dir, count(f) AS files,
     sum(CASE WHEN f.language IN $code THEN coalesce(f.lines, 0) ELSE 0 END) AS code_lines,
     sum(CASE WHEN f.language IN $code THEN 1 ELSE 0 END) AS code_files
RETURN collect({dir: dir, files: files, code_lines: code_lines, code_files: code_files}) AS rows
