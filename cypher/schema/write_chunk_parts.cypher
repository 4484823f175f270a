UNWIND $rows AS row
MATCH (c:Chunk {id: row.id})
SET c:$(row.part)
