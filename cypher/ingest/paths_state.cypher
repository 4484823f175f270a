// What a targeted ingest (ingest_paths) reads before it parses, in one round trip: the repo's
// root and resolver version, whether it holds any file, and the fingerprints of $paths. No row:
// the repo is not in the graph yet.
MATCH (r:Repo {id: $repo})
RETURN r.root AS root, r.resolver AS resolver,
       EXISTS { MATCH (:File {repo: $repo}) } AS has_files,
       COLLECT {
         UNWIND $paths AS wanted
         MATCH (f:File {repo: $repo, path: wanted})
         RETURN f {.path, .size, .mtime_ns, .hash}
       } AS files
