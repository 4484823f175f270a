// Where the unresolved call sites of each of $names are: the edges to the bare-name ghost
UNWIND $names AS name
MATCH (g:Ghost {id: $repo + ':?:' + name})<-[r:CALLS|INHERITS]-(caller:Symbol)
WITH name, caller, r
ORDER BY caller.file, r.line
WITH name, collect({path: caller.file, line: r.line, ref: r.ref})[..$per_name] AS sites
RETURN name, sites
