// The repo's Python project files (their directories are project roots for import resolution).
UNWIND ['pyproject.toml', 'setup.py', 'setup.cfg'] AS marker
MATCH (f:File {repo: $repo, name: marker})
RETURN collect(f.path) AS paths
