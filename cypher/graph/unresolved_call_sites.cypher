// How complete a list of callers is: per name of the symbols $ids (symbol ids, or file ids
// standing for every symbol the file defines), the call sites of its repo that may be further
// callers the graph could not prove. Those are the CALLS edges (and INHERITS, for a class or an
// interface) named like the symbol that end at the bare-name ghost of that name: `x.run()` with
// a receiver nothing proved is `?:run`; a dotted ghost (`numpy.array`, `pkg.mod.f`) went
// through an import to something else and is no candidate. The count is an UPPER bound of the
// missing callers (each such site may or may not call this symbol) and, when it is not zero,
// marks the list a LOWER bound.
// Left out, by construction: a bare name in a language whose bare names resolve by scope
// ($scoped_groups: Python), where an unresolved one is a builtin or bound nowhere in the repo;
// edges of another language group than the symbol's (a JS `x.run()` never calls a Python
// method; ghosts are per repo and name, not per language); dunder names (`__init__`,
// `__eq__`: the language calls them, mostly from no call site at all). A `via: unique` edge of
// the other languages is never an alternative here: it is made only when the name has one
// fitting symbol in its group, and an ambiguous one is a bare-name ghost, counted above.
// Index-backed: the ghost is sought by its unique id (`<repo>:?:<name>`, as
// ingest/identity.ghost_id writes it), which yields exactly the edges of that repo whose
// `ghost` is the name (the relationship index on CALLS(name) would also read every resolved
// call of the name, in every repo). Bounded: a ghost with more than $edges_max edges (a
// count from the degree store, no edge read) is not counted but reported `capped`: its
// name's list is a lower bound all the same.
UNWIND $ids AS id
CALL (id) {
  MATCH (s:Symbol {id: id})
  RETURN s
  UNION
  MATCH (:File {id: id})-[:DEFINES]->(s:Symbol)
  RETURN s
}
WITH s
WHERE s.kind IN $callable_kinds AND NOT (s.name STARTS WITH '__' AND s.name ENDS WITH '__')
WITH s.repo AS repo, s.name AS name, collect(DISTINCT s.kind) AS kinds,
     collect(DISTINCT $groups[coalesce(s.language, '')]) AS groups
WITH repo, name, groups, any(kind IN kinds WHERE kind IN $type_kinds) AS types
OPTIONAL MATCH (ghost:Ghost {id: repo + ':?:' + name})
WITH name, types, groups, ghost,
     CASE WHEN ghost IS NULL THEN 0 ELSE COUNT { (ghost)<-[:CALLS|INHERITS]-() } END AS degree
WHERE degree > 0
CALL (ghost, name, types, groups, degree) {
  WITH ghost WHERE degree <= $edges_max
  MATCH (ghost)<-[r:CALLS|INHERITS]-()
  WHERE r.name = name AND r.group IN groups AND (types OR type(r) = 'CALLS')
    AND (r.ref CONTAINS '.' OR NOT r.group IN $scoped_groups)
  RETURN sum(coalesce(r.count, 1)) AS sites,
         sum(CASE WHEN r.ref CONTAINS '.' THEN 0 ELSE coalesce(r.count, 1) END) AS bare
}
WITH name, sites, bare, degree > $edges_max AS capped
WHERE sites > 0 OR capped
ORDER BY name
RETURN collect({name: name, sites: sites, bare: bare, capped: capped}) AS rows
