// The text of a batch of files, chunk by chunk in order
UNWIND $files AS file
MATCH (c:Chunk {claim: file})
RETURN c.file AS path, c.seq AS seq, c.start_line AS start_line, c.text AS text
ORDER BY path, seq
