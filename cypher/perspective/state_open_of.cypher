// Which of the perspectives `$ids` (made by one server process) are still open: its server cap.
MATCH (p:Perspective)
WHERE p.id IN $ids
RETURN collect(p.id) AS ids
