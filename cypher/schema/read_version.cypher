OPTIONAL MATCH (v:SchemaVersion {id: 'coderooms'})
RETURN coalesce(v.version, 0) AS version
