MERGE (v:SchemaVersion {id: 'coderooms'})
SET v.version = CASE WHEN coalesce(v.version, 0) > $version THEN v.version ELSE $version END,
    v.applied = coalesce(v.applied, []) + [$name],
    v.updated_at = datetime()
RETURN v.version AS version
