// A repo's files by base name: import resolution looks files up by a path suffix
// (`ingest/files_by_suffix`); the suffix's last component is the file's name.
CREATE INDEX file_repo_name IF NOT EXISTS FOR (n:File) ON (n.repo, n.name)
