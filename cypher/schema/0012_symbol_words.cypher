DROP INDEX symbol_text IF EXISTS;
CREATE FULLTEXT INDEX symbol_text IF NOT EXISTS FOR (n:Symbol) ON EACH [n.name, n.qualname, n.signature, n.words, n.repo_key]
  OPTIONS {indexConfig: {`fulltext.analyzer`: 'standard-no-stop-words', `fulltext.eventually_consistent`: true}}
