UNWIND $rows AS row
CREATE (c:Chunk)
SET c = row
