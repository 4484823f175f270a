// $part: the repo's part label (graph/chunk_parts.py), which the trigram index of its part holds
UNWIND $rows AS row
CREATE (c:Chunk:$($part))
SET c = row
