"""Semantic signals: an offline sentence-embedding model, symbol vectors kept in a Neo4j vector
index, and the nearest-neighbour queries the search and perspective rooms use."""
