DROP INDEX symbol_names IF EXISTS;
DROP INDEX file_paths IF EXISTS;
DROP INDEX chunk_text IF EXISTS;
CREATE FULLTEXT INDEX symbol_text IF NOT EXISTS FOR (n:Symbol) ON EACH [n.name, n.qualname, n.signature]
  OPTIONS {indexConfig: {`fulltext.analyzer`: 'standard-no-stop-words', `fulltext.eventually_consistent`: true}};
CREATE FULLTEXT INDEX file_path_words IF NOT EXISTS FOR (n:File) ON EACH [n.path]
  OPTIONS {indexConfig: {`fulltext.analyzer`: 'standard-no-stop-words', `fulltext.eventually_consistent`: true}};
CREATE TEXT INDEX chunk_text_trigrams IF NOT EXISTS FOR (n:Chunk) ON (n.text);
CREATE INDEX chunk_claim IF NOT EXISTS FOR (n:Chunk) ON (n.claim);
CREATE INDEX chunk_repo IF NOT EXISTS FOR (n:Chunk) ON (n.repo)
