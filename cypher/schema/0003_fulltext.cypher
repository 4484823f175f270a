CREATE FULLTEXT INDEX symbol_names IF NOT EXISTS FOR (n:Symbol) ON EACH [n.name, n.qualname, n.signature]
  OPTIONS {indexConfig: {`fulltext.analyzer`: 'standard-no-stop-words'}};
CREATE FULLTEXT INDEX file_paths IF NOT EXISTS FOR (n:File) ON EACH [n.path]
  OPTIONS {indexConfig: {`fulltext.analyzer`: 'standard-no-stop-words'}};
CREATE FULLTEXT INDEX chunk_text IF NOT EXISTS FOR (n:Chunk) ON EACH [n.text]
  OPTIONS {indexConfig: {`fulltext.analyzer`: 'standard-no-stop-words'}}
