"""C++ definitions around macros tree-sitter cannot expand (`languages.c.macros`), conversion
operators and statements misread as functions after an error."""

from __future__ import annotations

from textwrap import dedent

from coderooms.core.kinds import SymbolKind
from coderooms.ingest.languages import extract
from coderooms.languages.c.macros import blank_bare_macros, first_branches
from coderooms.languages.cpp.branches import live_branches, nth_branches


def symbols(source: str, path: str = "x.hpp") -> dict[str, tuple[SymbolKind, int]]:
    ex = extract("cpp", path, dedent(source).lstrip("\n").encode())
    return {s.qualname: (s.kind, s.start_line) for s in ex.symbols if s.qualname}


def test_a_namespace_macro_alone_on_its_line_leaves_the_template_struct_whole() -> None:
    # nlohmann/json: `NLOHMANN_JSON_NAMESPACE_BEGIN` made `template <...> struct` an error
    assert symbols(
        """
        #include <utility>
        NLOHMANN_JSON_NAMESPACE_BEGIN
        template<typename ValueType, typename>
        struct adl_serializer
        {
            template<typename BasicJsonType>
            JSON_HEDLEY_WARN_UNUSED_RESULT
            static auto from_json(BasicJsonType&& j) -> int
            {
                return 1;
            }
        };
        NLOHMANN_JSON_NAMESPACE_END
        """
    ) == {
        "adl_serializer": (SymbolKind.CLASS, 3),
        "adl_serializer.from_json": (SymbolKind.METHOD, 6),
    }


def test_annotation_and_export_macros_are_blanked_where_they_stand() -> None:
    # leveldb: `class LOCKABLE Mutex {`, `void Lock() EXCLUSIVE_LOCK_FUNCTION() {`,
    # nlohmann/json: `JSON_HEDLEY_NON_NULL(3)` above a constructor
    assert symbols(
        """
        class LOCKABLE Mutex {
         public:
          void Lock() EXCLUSIVE_LOCK_FUNCTION() { mu_.lock(); }
          void Remove(const std::string& f) const
              EXCLUSIVE_LOCKS_REQUIRED(mu_) {
          }
         protected:
          JSON_HEDLEY_NON_NULL(3)
          Mutex(int id, const char* what) : id_(id) {}
        };
        """
    ) == {
        "Mutex": (SymbolKind.CLASS, 1),
        "Mutex.Lock": (SymbolKind.METHOD, 3),
        "Mutex.Remove": (SymbolKind.METHOD, 4),
        "Mutex.Mutex": (SymbolKind.METHOD, 9),
    }


def test_a_macro_standing_for_an_access_label_reads_as_one() -> None:
    # nlohmann/json: `JSON_PRIVATE_UNLESS_TESTED:` split the class body around it
    assert symbols(
        """
        class serializer {
          public:
            void dump() {}

          JSON_PRIVATE_UNLESS_TESTED:
            void dump_escaped(const string_t& s, const bool ensure_ascii) {}
          public Q_SLOTS:
            void slot() {}
        };
        """
    ) == {
        "serializer": (SymbolKind.CLASS, 1),
        "serializer.dump": (SymbolKind.METHOD, 3),
        "serializer.dump_escaped": (SymbolKind.METHOD, 6),
        "serializer.slot": (SymbolKind.METHOD, 8),
    }


def test_what_is_no_macro_statement_stays() -> None:
    source = dedent(
        """
        enum e {
          A,
          LAST
        };
        #define BEGIN \\
          FOO
        void f() {
          ASSERT_TRUE(ok())
              << "message";
          TEST_MACRO(a, b)
          {
          }
        }
        """
    ).encode()
    assert blank_bare_macros(source) == source


def test_conversion_operators_are_named_as_ctags_names_them() -> None:
    assert symbols(
        """
        struct A {
            constexpr operator size_t() const { return 0; }
            explicit operator const char*() { return 0; }
        };
        A::operator int() const { return 1; }
        """
    ) == {
        "A": (SymbolKind.CLASS, 1),
        "A.operatorsize_t": (SymbolKind.METHOD, 2),
        "A.operatorconstchar*": (SymbolKind.METHOD, 3),
        "A.operatorint": (SymbolKind.METHOD, 5),
    }


def test_statements_misread_as_functions_are_no_symbols() -> None:
    found = symbols(
        """
        int at(int i)
        {
            JSON_TRY
            {
                return g(i);
            }
            JSON_CATCH (std::out_of_range&)
            {
                return 0;
            }
        }
        """
    )
    assert found == {"at": (SymbolKind.FUNCTION, 1)}


def test_a_specifier_macro_before_operator_is_blanked() -> None:
    # nlohmann json.hpp:1896: `JSON_EXPLICIT` (`explicit` or nothing) read as a return type
    # made the conversion operator a function `ValueType`
    found = symbols(
        """
        struct A {
            JSON_EXPLICIT operator ValueType() const
            {
                return get<ValueType>();
            }
        };
        """
    )
    assert found == {"A": (SymbolKind.CLASS, 1), "A.operatorValueType": (SymbolKind.METHOD, 2)}


def test_a_macro_given_a_block_is_no_function() -> None:
    # leveldb's tests: `TEST(...) { }` is gtest's macro (a class and its `TestBody`), no
    # function `TEST`; an all-capitals class's constructor stays
    found = symbols(
        """
        TEST(DBTest, Empty) {
          ASSERT_TRUE(db_ != nullptr);
        }
        MATCHER(IsOK, "") { return arg.ok(); }
        inline int RandomSeed() { return 1; }
        struct RGB {
          RGB() {}
        };
        RGB::RGB(int) {}
        """
    )
    assert found == {
        "RandomSeed": (SymbolKind.FUNCTION, 5),
        "RGB": (SymbolKind.CLASS, 6),
        "RGB.RGB": (SymbolKind.METHOD, 7),
    }


def test_a_file_split_by_a_conditional_is_read_again_with_its_first_branches() -> None:
    # leveldb env_posix.cc: `#if !defined(NDEBUG)` inside an initialiser list made the rest of
    # the file an error
    found = symbols(
        """
        class Limiter {
         public:
          Limiter(int max)
              :
        #if !defined(NDEBUG)
                max_(max),
        #endif
                left_(max) {}
          bool Acquire() { return true; }
        };
        #if 0
        void dead() {}
        #else
        void alive() {}
        #endif
        """,
        "env.cc",
    )
    assert found == {
        "Limiter": (SymbolKind.CLASS, 1),
        "Limiter.Limiter": (SymbolKind.METHOD, 3),
        "Limiter.Acquire": (SymbolKind.METHOD, 9),
        "alive": (SymbolKind.FUNCTION, 14),
    }


def test_first_branches_keep_lines_offsets_and_every_branch_s_defines() -> None:
    source = b"#ifdef A\nint a;\n#define X 1\n#else\nint b;\n#define X 2\n#endif\n"
    read = first_branches(source)
    assert len(read) == len(source)
    assert read.split(b"\n") == [
        b" " * 8,
        b"int a;",
        b"#define X 1",
        b" " * 5,
        b" " * 6,
        b"#define X 2",
        b" " * 6,
        b"",
    ]


def test_a_file_read_with_its_first_branches_keeps_what_the_others_define() -> None:
    # nlohmann/json: `#if` lines inside a template argument list make the file parse only with
    # first branches, and the `#else` of `JSON_HAS_THREE_WAY_COMPARISON` has `operator<`
    found = symbols(
        """
        template<typename T, typename = typename std::enable_if<
        #if defined(JSON_HAS_CPP_17)
                     is_a<T>::value
        #endif
                     >::type>
        struct holder {};
        class json {
         public:
        #if JSON_HAS_THREE_WAY_COMPARISON
          bool operator<=>(const json& other) const { return true; }
          bool operator==(const json& other) const { return true; }
        #else
          bool operator<(const json& other) const { return true; }
          bool operator==(const json& other) const { return false; }
        #endif
        };
        #if 0
        void dead() {}
        #elif defined(_WIN32)
        void windows() {}
        #else
        void posix() {}
        #endif
        """
    )
    assert found == {
        "holder": (SymbolKind.CLASS, 1),
        "json": (SymbolKind.CLASS, 7),
        "json.operator<=>": (SymbolKind.METHOD, 10),
        "json.operator==": (SymbolKind.METHOD, 11),  # the first branch's: the first wins
        "json.operator<": (SymbolKind.METHOD, 13),
        "windows": (SymbolKind.FUNCTION, 20),
        "posix": (SymbolKind.FUNCTION, 22),
    }


def test_nth_branches_take_branch_k_of_each_conditional_and_never_an_if_0() -> None:
    source = b"#if 0\nint d;\n#else\nint e;\n#endif\n#ifdef A\nint a;\n#elif B\nint b;\n#endif\n"
    assert [len(live) for live in live_branches(source)] == [1, 2]
    second = nth_branches(source, 1)
    assert len(second) == len(source)
    assert second.split() == [b"int", b"e;", b"int", b"b;"]
    assert nth_branches(source, 0).split() == [b"int", b"e;", b"int", b"a;"]


def test_a_further_branch_reading_with_more_errors_is_not_merged() -> None:
    found = symbols(
        """
        template<typename T, typename = typename std::enable_if<
        #if defined(JSON_HAS_CPP_17)
                     is_a<T>::value
        #endif
                     >::type>
        struct holder {};
        #ifdef FAST
        void fast() {}
        #else
        void slow() { return ) ; }
        #endif
        """
    )
    assert found == {"holder": (SymbolKind.CLASS, 1), "fast": (SymbolKind.FUNCTION, 8)}
