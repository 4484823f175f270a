// Chunks whose text is unchanged but that sit at other lines (an edit above them moved them, and
// content-defined boundaries kept their text): id, seq, lines and digest updated in place, the
// text untouched, so the trigram index is not asked to index it again. Every moved chunk first
// takes a temporary id, so that two of them trading ids never hold one id at once.
UNWIND $rows AS row
MATCH (c:Chunk {id: row.old})
SET c.id = row.old + ' (moving)'
WITH collect({c: c, row: row}) AS moves
UNWIND moves AS move
WITH move.c AS c, move.row AS row
SET c.id = row.id, c.seq = row.seq, c.start_line = row.start_line, c.end_line = row.end_line,
    c.digest = row.digest
