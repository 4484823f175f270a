// Chunks partitioned by repo for the trigram index (graph/chunk_parts.py): one TEXT index per
// part label; the one index on every chunk is dropped (migration 18's data step labels the
// chunks of older graphs first).
CREATE TEXT INDEX chunk_text_part_00 IF NOT EXISTS FOR (n:ChunkPart00) ON (n.text);
CREATE TEXT INDEX chunk_text_part_01 IF NOT EXISTS FOR (n:ChunkPart01) ON (n.text);
CREATE TEXT INDEX chunk_text_part_02 IF NOT EXISTS FOR (n:ChunkPart02) ON (n.text);
CREATE TEXT INDEX chunk_text_part_03 IF NOT EXISTS FOR (n:ChunkPart03) ON (n.text);
CREATE TEXT INDEX chunk_text_part_04 IF NOT EXISTS FOR (n:ChunkPart04) ON (n.text);
CREATE TEXT INDEX chunk_text_part_05 IF NOT EXISTS FOR (n:ChunkPart05) ON (n.text);
CREATE TEXT INDEX chunk_text_part_06 IF NOT EXISTS FOR (n:ChunkPart06) ON (n.text);
CREATE TEXT INDEX chunk_text_part_07 IF NOT EXISTS FOR (n:ChunkPart07) ON (n.text);
CREATE TEXT INDEX chunk_text_part_08 IF NOT EXISTS FOR (n:ChunkPart08) ON (n.text);
CREATE TEXT INDEX chunk_text_part_09 IF NOT EXISTS FOR (n:ChunkPart09) ON (n.text);
CREATE TEXT INDEX chunk_text_part_10 IF NOT EXISTS FOR (n:ChunkPart10) ON (n.text);
CREATE TEXT INDEX chunk_text_part_11 IF NOT EXISTS FOR (n:ChunkPart11) ON (n.text);
CREATE TEXT INDEX chunk_text_part_12 IF NOT EXISTS FOR (n:ChunkPart12) ON (n.text);
CREATE TEXT INDEX chunk_text_part_13 IF NOT EXISTS FOR (n:ChunkPart13) ON (n.text);
CREATE TEXT INDEX chunk_text_part_14 IF NOT EXISTS FOR (n:ChunkPart14) ON (n.text);
CREATE TEXT INDEX chunk_text_part_15 IF NOT EXISTS FOR (n:ChunkPart15) ON (n.text);
CREATE TEXT INDEX chunk_text_part_16 IF NOT EXISTS FOR (n:ChunkPart16) ON (n.text);
CREATE TEXT INDEX chunk_text_part_17 IF NOT EXISTS FOR (n:ChunkPart17) ON (n.text);
CREATE TEXT INDEX chunk_text_part_18 IF NOT EXISTS FOR (n:ChunkPart18) ON (n.text);
CREATE TEXT INDEX chunk_text_part_19 IF NOT EXISTS FOR (n:ChunkPart19) ON (n.text);
CREATE TEXT INDEX chunk_text_part_20 IF NOT EXISTS FOR (n:ChunkPart20) ON (n.text);
CREATE TEXT INDEX chunk_text_part_21 IF NOT EXISTS FOR (n:ChunkPart21) ON (n.text);
CREATE TEXT INDEX chunk_text_part_22 IF NOT EXISTS FOR (n:ChunkPart22) ON (n.text);
CREATE TEXT INDEX chunk_text_part_23 IF NOT EXISTS FOR (n:ChunkPart23) ON (n.text);
CREATE TEXT INDEX chunk_text_part_24 IF NOT EXISTS FOR (n:ChunkPart24) ON (n.text);
CREATE TEXT INDEX chunk_text_part_25 IF NOT EXISTS FOR (n:ChunkPart25) ON (n.text);
CREATE TEXT INDEX chunk_text_part_26 IF NOT EXISTS FOR (n:ChunkPart26) ON (n.text);
CREATE TEXT INDEX chunk_text_part_27 IF NOT EXISTS FOR (n:ChunkPart27) ON (n.text);
CREATE TEXT INDEX chunk_text_part_28 IF NOT EXISTS FOR (n:ChunkPart28) ON (n.text);
CREATE TEXT INDEX chunk_text_part_29 IF NOT EXISTS FOR (n:ChunkPart29) ON (n.text);
CREATE TEXT INDEX chunk_text_part_30 IF NOT EXISTS FOR (n:ChunkPart30) ON (n.text);
CREATE TEXT INDEX chunk_text_part_31 IF NOT EXISTS FOR (n:ChunkPart31) ON (n.text);
DROP INDEX chunk_text_trigrams IF EXISTS;
