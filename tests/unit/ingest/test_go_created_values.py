"""Go values whose type the function writes where it creates them (issue 32, rules-32k): `new(T)`,
the elements of a slice literal (`decs := []T{..}`, a table test's `[]struct{..}{..}`), the
fields of an anonymous struct (`var doc struct{ Amount T }`, `tc.given.m()`), the elements of a
variadic parameter (`rest ...T`) and a parameter or receiver copied into a local (`total :=
first`, `n, result := d, New()`)."""

from __future__ import annotations

from pathlib import Path

from tests.unit.ingest.test_python_resolution import call, plan

_FILES = {
    "go.mod": "module example.com/dec\n",
    "decimal.go": """
        package dec
        type Decimal struct{ v int }
        type Config struct{}
        func (c *Config) Build() int { return 0 }
        type digits struct{}
        func (d *digits) Shift(n int) {}
        func New(v int) Decimal { return Decimal{} }
        func (d Decimal) Mul(o Decimal) Decimal { return d }
        func (d Decimal) Cmp(o Decimal) int { return 0 }
        func (d Decimal) Pow(exp int) Decimal {
            n, result := d, New(1)
            result.Mul(n)
            n.Cmp(result)
            return result
        }
        func Max(first Decimal, rest ...Decimal) Decimal {
            best := first
            for _, item := range rest {
                item.Cmp(best)
            }
            return best.Mul(first)
        }
    """,
    "decimal_test.go": """
        package dec
        func TestAll() {
            upper := new(digits)
            upper.Shift(1)
            var lower = new(digits)
            lower.Shift(2)
            decs := []Decimal{New(1), New(2)}
            for _, d := range decs {
                d.Cmp(d)
            }
            var doc struct {
                Amount Decimal
                *Config
            }
            doc.Amount.Mul(doc.Amount)
            doc.Config.Build()
            var cases = []struct {
                name  string
                given *Config
            }{{name: "a"}}
            for _, tc := range cases {
                tc.given.Build()
            }
            for _, row := range []struct{ want Decimal }{{}} {
                row.want.Cmp(row.want)
            }
            var plain []Decimal
            for _, p := range plain {
                p.Cmp(p)
            }
        }
    """,
}


def test_created_values_and_anonymous_structs_have_their_types(tmp_path: Path) -> None:
    found = plan(tmp_path, _FILES)
    test = "decimal_test.go::TestAll"
    assert call(found, test, "upper.Shift")[0] == "decimal.go::digits.Shift"
    assert call(found, test, "lower.Shift")[0] == "decimal.go::digits.Shift"
    assert call(found, test, "d.Cmp")[0] == "decimal.go::Decimal.Cmp"
    assert call(found, test, "doc.Amount.Mul")[0] == "decimal.go::Decimal.Mul"
    assert call(found, test, "doc.Config.Build")[0] == "decimal.go::Config.Build"
    assert call(found, test, "tc.given.Build")[0] == "decimal.go::Config.Build"
    assert call(found, test, "row.want.Cmp")[0] == "decimal.go::Decimal.Cmp"
    assert call(found, test, "p.Cmp")[0] == "decimal.go::Decimal.Cmp"


def test_parameters_copied_into_locals_and_variadic_elements(tmp_path: Path) -> None:
    found = plan(tmp_path, _FILES)
    pow_, max_ = "decimal.go::Decimal.Pow", "decimal.go::Max"
    assert call(found, pow_, "result.Mul")[0] == "decimal.go::Decimal.Mul"
    assert call(found, pow_, "n.Cmp")[0] == "decimal.go::Decimal.Cmp"
    assert call(found, max_, "item.Cmp")[0] == "decimal.go::Decimal.Cmp"
    assert call(found, max_, "best.Mul")[0] == "decimal.go::Decimal.Mul"


def test_an_anonymous_struct_field_is_no_local_of_its_own(tmp_path: Path) -> None:
    """`doc.Amount` is typed, `Amount` alone and a field of another local are not."""
    files = dict(_FILES)
    files["other_test.go"] = """
        package dec
        func TestOther() {
            var doc struct{ Amount Decimal }
            var other struct{ Total Decimal }
            other.Amount.Mul(doc.Amount)
        }
    """
    found = plan(tmp_path, files)
    assert call(found, "other_test.go::TestOther", "other.Amount.Mul")[1] == "ghost"


_AGREEING = {
    "go.mod": "module example.com/dec\n",
    "decimal.go": """
        package dec
        type Decimal struct{ v int }
        type Rat struct{}
        func (r Rat) String() string { return "" }
        func New(v int) Decimal { return Decimal{} }
        func Parse(s string) (Decimal, error) { return Decimal{}, nil }
        func NewRat() Rat { return Rat{} }
        func (d Decimal) Mul(o Decimal) Decimal { return d }
        func (d Decimal) String() string { return "" }
    """,
    "decimal_test.go": """
        package dec
        func TestMul() {
            for _, s := range []string{"1"} {
                a, _ := Parse(s)
                c := a.Mul(a)
                c.String()
            }
            c := New(1).Mul(New(2))
            c.String()
        }
        func TestMixed() {
            {
                v := New(1)
                v.String()
            }
            v := NewRat()
            v.String()
        }
    """,
}


def test_a_local_bound_to_two_calls_links_where_they_agree(tmp_path: Path) -> None:
    """`c := a.Mul(a)` in a loop and `c := New(1).Mul(..)` after it: both a `Decimal`; `v`
    bound to a `Decimal` and to a `Rat` stays a ghost (no guess between them)."""
    found = plan(tmp_path, _AGREEING)
    assert call(found, "decimal_test.go::TestMul", "c.String")[0] == "decimal.go::Decimal.String"
    assert call(found, "decimal_test.go::TestMixed", "v.String")[1] == "ghost"
