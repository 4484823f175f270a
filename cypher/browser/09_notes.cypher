// coderooms: the notes agents left on the repo's code, each with the node it is anchored to
// (none when that code is gone) and the state last recorded (set $repo)
MATCH (n:Note {repo_id: $repo})-[:ANCHORED_AT]->(a:NoteAnchor)
OPTIONAL MATCH (code) WHERE (code:Symbol OR code:File OR code:Repo) AND code.id = a.target
RETURN n.id AS note, n.kind AS kind, n.author AS author, n.text AS text, a.label AS anchor,
       a.state AS recorded_state, code, n.expires_ms AS expires_ms
ORDER BY n.updated_ms DESC, note, anchor
