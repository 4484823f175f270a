// Edges whose only change is the line they sit on (an edit above them moved it): updated in place,
// not deleted and created again.
UNWIND $rows AS row
MATCH ()-[r]->()
WHERE elementId(r) = row.rid
SET r.line = row.line, r.digest = row.digest
