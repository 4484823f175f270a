UNWIND $wanted AS w
MATCH (c:Chunk {claim: w.claim})
WHERE c.start_line <= w.last AND c.end_line >= w.first
RETURN DISTINCT c.claim AS claim, c.seq AS seq, c.start_line AS start_line,
       c.end_line AS end_line, c.text AS text
ORDER BY claim, seq
