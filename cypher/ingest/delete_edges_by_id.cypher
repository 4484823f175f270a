UNWIND $ids AS rid
MATCH ()-[r]->()
WHERE elementId(r) = rid
DELETE r
