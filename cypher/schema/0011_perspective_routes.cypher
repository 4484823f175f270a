CREATE INDEX symbol_qualname IF NOT EXISTS FOR (n:Symbol) ON (n.qualname);
CREATE TEXT INDEX symbol_name_text IF NOT EXISTS FOR (n:Symbol) ON (n.name);
CREATE FULLTEXT INDEX symbol_words IF NOT EXISTS FOR (n:Symbol) ON EACH [n.name, n.signature, n.repo]
  OPTIONS {indexConfig: {`fulltext.analyzer`: 'simple', `fulltext.eventually_consistent`: true}};
CREATE FULLTEXT INDEX file_words IF NOT EXISTS FOR (n:File) ON EACH [n.path, n.repo]
  OPTIONS {indexConfig: {`fulltext.analyzer`: 'simple', `fulltext.eventually_consistent`: true}}
