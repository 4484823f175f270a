UNWIND $ids AS id
MATCH (r:Repo {id: id})
RETURN r.id AS id
