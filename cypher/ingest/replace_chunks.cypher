// A one-transaction changeset's chunk writes in one round trip, in the order of the statements
// they stand for (see each for why it is so): ingest/delete_chunks_by_id ($ids),
// ingest/move_chunks ($moves) and ingest/create_chunks ($rows, $repo, $part).
CALL () {
  UNWIND $ids AS chunk_id
  MATCH (c:Chunk {id: chunk_id})
  DELETE c
}
CALL () {
  UNWIND $moves AS row
  MATCH (c:Chunk {id: row.old})
  SET c.id = row.old + ' (moving)'
  WITH collect({c: c, row: row}) AS moves
  UNWIND moves AS move
  WITH move.c AS c, move.row AS row
  SET c.id = row.id, c.seq = row.seq, c.start_line = row.start_line, c.end_line = row.end_line,
      c.digest = row.digest
}
CALL () {
  OPTIONAL MATCH (r:Repo {id: $repo})
  WITH coalesce(r.chunk_part, $part) AS part
  UNWIND $rows AS row
  CREATE (c:Chunk:$(part))
  SET c = row
}
