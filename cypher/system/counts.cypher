CALL () { MATCH (n:Repo) RETURN count(n) AS repos }
CALL () { MATCH (n:File) RETURN count(n) AS files }
CALL () { MATCH (n:Symbol) RETURN count(n) AS symbols }
CALL () { MATCH (n:Ghost) RETURN count(n) AS ghosts }
CALL () { MATCH ()-[r]->() RETURN count(r) AS edges }
CALL () { MATCH (n:Agent) RETURN count(n) AS agents }
RETURN repos, files, symbols, ghosts, edges, agents
