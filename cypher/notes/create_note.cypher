CREATE (n:Note)
SET n = $note
WITH n
UNWIND $anchors AS anchor
CREATE (n)-[:ANCHORED_AT]->(a:NoteAnchor)
SET a = anchor
RETURN count(a) AS anchors
