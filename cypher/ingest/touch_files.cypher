UNWIND $rows AS row
MATCH (f:File {id: row.id})
SET f.mtime_ns = row.mtime_ns, f.size = row.size
