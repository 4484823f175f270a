// coderooms: a file and everything it defines (set $repo and $path first, e.g. :param repo => 'myrepo')
MATCH (f:File {repo: $repo, path: $path})-[d:DEFINES]->(s:Symbol)
OPTIONAL MATCH (s)-[c:CONTAINS]->(child:Symbol)
RETURN f, d, s, c, child
