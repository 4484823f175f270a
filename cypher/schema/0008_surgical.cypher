CREATE CONSTRAINT edit_preview_id IF NOT EXISTS FOR (n:EditPreview) REQUIRE n.id IS UNIQUE;
CREATE INDEX edit_preview_expires IF NOT EXISTS FOR (n:EditPreview) ON (n.expires_ms);
CREATE INDEX edit_preview_agent IF NOT EXISTS FOR (n:EditPreview) ON (n.agent_id);
CREATE CONSTRAINT proof_mark_id IF NOT EXISTS FOR (n:ProofMark) REQUIRE n.id IS UNIQUE;
CREATE INDEX proof_mark_expires IF NOT EXISTS FOR (n:ProofMark) ON (n.expires_ms)
