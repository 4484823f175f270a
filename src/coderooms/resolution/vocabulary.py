"""The marks a file's references are written with, shared by the extractors (which write them),
the file's scope (which reads them) and the resolver: a leaf, so that an extractor imports no
resolution module to write one."""

from __future__ import annotations

from coderooms.core.kinds import SymbolKind

INHERITED = "^"
"""In an alternative's qual, between a type and a member looked up in it and up its bases."""
CLOSED = "!^"
"""In an alternative's qual, between a type and a member looked up in it and up its bases
where the chain must end in the repo (Java: a bare `m()` past a class's own bases, before a
static import's `m`, `member_tables.closed_member`): no `m` up a chain read to its end moves on
to the next alternative; a chain that leaves the repo ends the lookup (a ghost)."""
CALLED = "()"
"""Suffix of a callee part that is called (`a().b` -> parts `a()`, `b`)."""
VALUE_OF = "="
"""Prefix of a declared "type" that is a path of names the local was assigned instead
(`const { f: x } = y` -> `=y.f`): `x.m()` is looked up as `y.f.m()` is (JavaScript)."""
CONSTRUCTED = "new()"
"""Java, JS/TS: the last part of a created object (`new Foo(..).m()` -> `Foo.new().m`): a
`Foo`."""
FIELD = "."
"""Prefix of a `RefRequest.then` step that is a field (`.tagPending`): the type the field is
declared with (Java), instead of a member of what a function returns."""
OVERLOAD = "overload"
"""The value of a BIND fact of a class naming a member it has overloads of (C++): which one a
call by name means is not known."""
AGREE = "|"
"""Between the declared types of a Java name that lambdas of different calls of one definition
bind (`get(.., (q, a) -> ..)` beside `post(.., (q, a) -> ..)`): a call on the name resolves
only where every one of them gives the same target (`reference_requests.agreed`)."""
PARAMETER = "#"
"""In a Java class's declared names, `m#k/n`: parameter `k` of `n` of method `m`
(`languages.java.lambdas`)."""
LAMBDA_CHAIN = "().#"
"""In a declared type, the mark of a Java lambda's parameter typed through its call
(`languages.java.lambdas`: `get().#1/2.#1/2`)."""
SELF_TYPED = "<self>"
"""Java: the declared name of a class whose base takes the class itself as a type argument
(`Builder extends AbstractBuilder<T, Builder>`), declared of the class: a method of that base
the repo cannot read returns it (`member_tables.follow_returns`). No identifier is spelled so."""
ELEMENT = "<"
"""In a Java method's declared return, between a JDK container and its element's type
(`Map<V>`: `languages.java.containers`)."""
_MAP = frozenset({"get", "getOrDefault", "put", "putIfAbsent", "remove"})
_LIST = frozenset({"get", "getFirst", "getLast", "removeFirst", "removeLast"})
_QUEUE = frozenset({"peek", "poll", "element", "pop", "peekFirst", "peekLast", "pollFirst",
                    "pollLast", "getFirst", "getLast", "removeFirst", "removeLast"})  # fmt: skip
_OPTIONAL = frozenset({"get", "orElse", "orElseGet", "orElseThrow"})
CONTAINER_ELEMENTS: dict[str, frozenset[str]] = {
    **dict.fromkeys(
        ("Map", "HashMap", "LinkedHashMap", "TreeMap", "SortedMap", "NavigableMap",
         "ConcurrentMap", "ConcurrentHashMap", "EnumMap", "WeakHashMap", "IdentityHashMap"),
        _MAP,
    ),
    **dict.fromkeys(("List", "ArrayList", "LinkedList", "CopyOnWriteArrayList"), _LIST),
    **dict.fromkeys(("Deque", "Queue", "ArrayDeque", "BlockingQueue"), _QUEUE),
    **dict.fromkeys(("Iterator", "ListIterator"), frozenset({"next", "previous"})),
    **dict.fromkeys(("Optional",), _OPTIONAL),
    **dict.fromkeys(
        ("Supplier", "ThreadLocal", "AtomicReference", "SoftReference", "WeakReference"),
        frozenset({"get"}),
    ),
    **dict.fromkeys(("Future", "CompletableFuture"), frozenset({"get", "join"})),
    "Callable": frozenset({"call"}),
}  # fmt: skip
"""JDK containers (by simple name) -> the methods that give one of their elements."""
RECEIVERS = frozenset({"self", "this", "cls", "Self"})
UNKNOWN_RECEIVER = "?"
NOT_CALLABLE = frozenset({SymbolKind.VARIABLE, SymbolKind.MODULE})
TYPE_KINDS = frozenset({SymbolKind.CLASS, SymbolKind.INTERFACE})
CARRIER_ELEMENTS: dict[str, frozenset[str]] = {
    "Result": frozenset({"unwrap", "expect"}),
    "Option": frozenset({"unwrap", "expect"}),
}
"""Rust's `Result<T, E>` and `Option<T>` (by simple name) -> the methods that give the `T` they
carry (`languages.rust.carried`: a function declared to return one is recorded `Result<T`; `?`
and an `Ok(x)` / `Some(x)` pattern are written as `unwrap`)."""
