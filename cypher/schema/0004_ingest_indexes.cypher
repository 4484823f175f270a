CREATE INDEX file_dir IF NOT EXISTS FOR (n:File) ON (n.dir);
CREATE INDEX file_repo_path IF NOT EXISTS FOR (n:File) ON (n.repo, n.path);
CREATE TEXT INDEX file_path_text IF NOT EXISTS FOR (n:File) ON (n.path);
CREATE TEXT INDEX file_dir_text IF NOT EXISTS FOR (n:File) ON (n.dir);
CREATE INDEX calls_name IF NOT EXISTS FOR ()-[r:CALLS]-() ON (r.name);
CREATE INDEX inherits_name IF NOT EXISTS FOR ()-[r:INHERITS]-() ON (r.name)
