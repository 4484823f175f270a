UNWIND $rows AS row
MATCH (a:File {id: row.a})
MATCH (b:File {id: row.b})
MERGE (a)-[e:CO_CHANGES]->(b)
SET e.weight = row.weight,
    e.repo = $repo,
    e.claim = $claim,
    e.commits_considered = $commits_considered
RETURN count(e) AS merged
