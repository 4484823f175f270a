CREATE INDEX symbol_name_id IF NOT EXISTS FOR (n:Symbol) ON (n.name, n.id)
