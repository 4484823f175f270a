"""The managed local Neo4j: provisioned into the cache directory, run on loopback, stopped cleanly.

Used whenever no `NEO4J_URI` is configured. The distribution is assembled from Maven Central with
`mvn` (the server, its Bolt connector and Neo4j Browser), or downloaded as the official tarball
where Maven is absent; Java 17+ runs it.
"""
