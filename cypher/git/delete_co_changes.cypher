UNWIND $rows AS row
MATCH (:File {id: row.a})-[e:CO_CHANGES]->(:File {id: row.b})
DELETE e
