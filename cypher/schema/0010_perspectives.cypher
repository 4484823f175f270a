CREATE CONSTRAINT perspective_id IF NOT EXISTS FOR (n:Perspective) REQUIRE n.id IS UNIQUE;
CREATE INDEX perspective_agent IF NOT EXISTS FOR (n:Perspective) ON (n.agent_id);
CREATE CONSTRAINT perspective_owner_key IF NOT EXISTS FOR (n:PerspectiveOwner) REQUIRE n.agent_key IS UNIQUE;
CREATE INDEX perspective_checkpoint_seq IF NOT EXISTS FOR (n:PerspectiveCheckpoint) ON (n.perspective_id, n.seq)
