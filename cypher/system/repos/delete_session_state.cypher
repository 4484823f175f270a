// What agents kept about the repo: alerts, proof marks, edit previews (few: one statement).
CALL () { MATCH (a:Alert {repo_id: $repo}) DETACH DELETE a RETURN count(*) AS alerts }
CALL () { MATCH (m:ProofMark {repo: $repo}) DETACH DELETE m RETURN count(*) AS proof_marks }
CALL () { MATCH (p:EditPreview {repo: $repo}) DETACH DELETE p RETURN count(*) AS previews }
RETURN alerts, proof_marks, previews
