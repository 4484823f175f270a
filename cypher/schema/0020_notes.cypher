CREATE CONSTRAINT note_id IF NOT EXISTS FOR (n:Note) REQUIRE n.id IS UNIQUE;
CREATE CONSTRAINT note_anchor_id IF NOT EXISTS FOR (n:NoteAnchor) REQUIRE n.id IS UNIQUE;
CREATE INDEX note_repo IF NOT EXISTS FOR (n:Note) ON (n.repo_id);
CREATE INDEX note_anchor_target IF NOT EXISTS FOR (n:NoteAnchor) ON (n.target);
CREATE INDEX note_anchor_file IF NOT EXISTS FOR (n:NoteAnchor) ON (n.file);
CREATE INDEX note_anchor_repo IF NOT EXISTS FOR (n:NoteAnchor) ON (n.repo_id)
