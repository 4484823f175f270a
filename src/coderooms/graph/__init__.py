"""The Neo4j side: driver and retries, the Cypher loader, schema migrations, session entities."""
