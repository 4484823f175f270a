UNWIND $ids AS id
MATCH (g:Ghost {id: id})
WHERE NOT (g)--()
DELETE g
RETURN count(*) AS collected
