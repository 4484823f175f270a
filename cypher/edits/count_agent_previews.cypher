MATCH (p:EditPreview {agent_id: $agent_id})
WHERE p.expires_ms > $now_ms
RETURN count(p) AS live
