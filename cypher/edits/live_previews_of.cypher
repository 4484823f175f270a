// Which of the previews `$ids` (made by one server process) are still live: its server cap.
MATCH (p:EditPreview)
WHERE p.id IN $ids AND p.expires_ms > $now_ms
RETURN collect(p.id) AS ids
