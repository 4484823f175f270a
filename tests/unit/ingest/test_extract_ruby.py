"""Ruby extraction, require targets and constant lookup (the fixture snapshots cover a repo)."""

from __future__ import annotations

from textwrap import dedent

from coderooms.core.kinds import SymbolKind
from coderooms.ingest.import_requests import build_record
from coderooms.ingest.languages import extract
from coderooms.languages.ruby.rules import ruby_require
from coderooms.resolution.extraction import Extraction, ImportRef, InheritRef
from coderooms.resolution.ref_requests import decode_alternative
from coderooms.resolution.targets import Target


def run(source: str, path: str = "lib/a.rb") -> Extraction:
    return extract("ruby", path, dedent(source).lstrip("\n").encode())


def test_modules_classes_methods_and_singleton_methods() -> None:
    ex = run(
        """
        require "foo/bar"
        require_relative "../x"
        require "#{dir}/dynamic"
        # Doc for A.
        module A
          # Doc for C.
          class B::C < Base
            include Comparable
            extend Forwardable, ::Other
            attr_accessor :x
            def m(a, b = 1)
              helper(a)
              Foo::Bar.baz
              obj.call
              B.new(1)
              self.class.name
              f(1).g
            end
            def self.s; end
            class << self
              def t; end
            end
            def ==(other) = true
            def obj.single; end
          end
        end
        def top; end
        """
    )
    syms = {s.qualname: (s.kind, s.parent, s.start_line, s.signature) for s in ex.symbols}
    assert syms == {
        "": (SymbolKind.MODULE, None, 1, ""),
        "A": (SymbolKind.CLASS, "", 5, "module A"),
        "A.B.C": (SymbolKind.CLASS, "A", 7, "class B::C < Base"),
        "A.B.C.x": (SymbolKind.METHOD, "A.B.C", 10, "attr_accessor :x"),
        "A.B.C.x=": (SymbolKind.METHOD, "A.B.C", 10, "attr_accessor :x"),
        "A.B.C.m": (SymbolKind.METHOD, "A.B.C", 11, "def m(a, b = 1)"),
        "A.B.C.s": (SymbolKind.METHOD, "A.B.C", 19, "def self.s"),
        "A.B.C.t": (SymbolKind.METHOD, "A.B.C", 21, "def t"),
        "A.B.C.==": (SymbolKind.METHOD, "A.B.C", 23, "def ==(other)"),
        "A.B.C.obj.single": (SymbolKind.METHOD, "A.B.C", 24, "def obj.single"),
        "top": (SymbolKind.FUNCTION, "", 27, "def top"),
    }
    docs = {s.qualname: s.doc for s in ex.symbols if s.doc}
    assert docs == {"A": "Doc for A.", "A.B.C": "Doc for C."}
    assert [(c.caller, c.callee) for c in ex.calls] == [
        ("A.B.C.m", "helper"),
        ("A.B.C.m", "Foo.Bar.baz"),
        ("A.B.C.m", "obj.call"),
        ("A.B.C.m", "B"),
        ("A.B.C.m", "self.class"),
        ("A.B.C.m", "self.class.name"),
        ("A.B.C.m", "?.g"),
        ("A.B.C.m", "f"),
    ]
    assert ex.imports == [ImportRef("foo/bar", (), None, 1), ImportRef("../x", (), None, 2)]
    assert ex.inherits == [
        InheritRef("A.B.C", "Base", 7),
        InheritRef("A.B.C", "Comparable", 8),
        InheritRef("A.B.C", "Forwardable", 9),
        InheritRef("A.B.C", "Other", 9),
    ]
    assert ex.problems == []


def test_require_relative_is_written_relative() -> None:
    ex = run('require_relative "item"\nload "tasks.rb"\nautoload :Cart, "shop/cart"\n')
    assert [i.module for i in ex.imports] == ["./item", "tasks.rb", "shop/cart"]


def test_require_targets() -> None:
    assert ruby_require("lib/shop/cart.rb", "./item") == (Target("=", "lib/shop/item.rb"),)
    assert ruby_require("lib/shop.rb", "../x") == (Target("=", "x.rb"),)
    assert ruby_require("lib/shop.rb", "../../x") == ()  # out of the repo
    assert ruby_require("test/t.rb", "shop/cart") == (
        Target("~", "lib/shop/cart.rb"),
        Target("~", "test/shop/cart.rb"),
        Target("~", "spec/shop/cart.rb"),
    )
    assert ruby_require("a.rb", "/abs/x") == ()


def test_names_are_looked_up_lexically_then_in_required_files() -> None:
    source = """
    require "shop/item"
    module Shop
      class Cart
        def add
          helper
          touch()
          Item.new
          self.save
          value.round(2)
        end
        def touch; end
      end
    end
    """
    ex = run(source, "lib/shop/cart.rb")
    record = build_record("lib/shop/cart.rb", "ruby", ex)
    by_ref = {r.ref: r for r in record.references}
    assert by_ref["touch"].local == "Shop.Cart.touch"  # implicit self: a method of the class
    item = by_ref["Item"]
    assert item.bound
    assert item.local is None
    quals = [decode_alternative(a).qual for a in item.alternatives]
    assert quals == ["Shop.Cart.Item", "Shop.Item", "Item"]  # Module.nesting, innermost first
    assert {t for a in item.alternatives for t in decode_alternative(a).targets} == {
        Target("~", "lib/shop/item.rb"),
        Target("~", "test/shop/item.rb"),
        Target("~", "spec/shop/item.rb"),
    }
    # a method of self: its class, then the top level (not the enclosing module: no constant)
    assert [decode_alternative(a).qual for a in by_ref["self.save"].alternatives] == [
        "Shop.Cart.save",
        "save",
    ]
    value = by_ref["value.round"]
    assert value.bound
    assert value.alternatives == ()


def test_methods_of_self_are_looked_up_in_ancestors() -> None:
    source = """
    require "remote/api"
    module Shop
      module Helpers
        def fmt; end
      end
      class Base
        def save; end
      end
      class Cart < Base
        include Helpers
        include Remote::Api
        def add
          fmt(1)
          save()
          post(2)
        end
      end
    end
    """
    ex = run(source, "lib/shop/cart.rb")
    record = build_record("lib/shop/cart.rb", "ruby", ex)
    by_ref = {r.ref: r for r in record.references}
    assert by_ref["fmt"].local == "Shop.Helpers.fmt"  # a mixin the file defines
    assert by_ref["save"].local == "Shop.Base.save"  # the superclass
    post = by_ref["post"]
    assert post.local is None
    quals = [decode_alternative(a).qual for a in post.alternatives]
    assert list(dict.fromkeys(quals)) == [
        "Shop.Cart.post",
        "Shop.Cart.Remote.Api.post",  # the last mixin, where its constant may be defined
        "Shop.Remote.Api.post",
        "Remote.Api.post",
        "Shop.Helpers.post",
        "Shop.Base.post",
        "post",
    ]


def test_definitions_written_as_calls_and_constructors_of_self() -> None:
    """`alias`/`alias_method`/`define_method(:lit)` define methods, `E = Class.new(Base) do`
    a class; `define_method(name)` (computed) and `c = Class.new` (a local) do not. A bare
    `new(...)` or `self.new` in `class << self` or `def self.m` constructs the class itself."""
    ex = extract(
        "ruby",
        "lib/a.rb",
        dedent(
            """
            class A
              alias agent user_agent
              alias_method :bump, :touch
              define_method(:clear) { reset(1) }
              names.each { |n| define_method(n) { n } }
              E = Class.new(RuntimeError) do
                def message = "e"
              end
              class << self
                def build = new(1)
              end
              def self.make
                self.new(2)
              end
              def inst
                c = Class.new
                new(3)
              end
            end
            """
        ).encode(),
    )
    assert [(s.kind, s.qualname) for s in ex.symbols[1:]] == [
        (SymbolKind.CLASS, "A"),
        (SymbolKind.METHOD, "A.agent"),
        (SymbolKind.METHOD, "A.bump"),
        (SymbolKind.METHOD, "A.clear"),
        (SymbolKind.CLASS, "A.E"),
        (SymbolKind.METHOD, "A.E.message"),
        (SymbolKind.METHOD, "A.build"),
        (SymbolKind.METHOD, "A.make"),
        (SymbolKind.METHOD, "A.inst"),
    ]
    assert ("A.E", "RuntimeError") in [(i.child, i.base) for i in ex.inherits]
    calls = [(c.caller, c.callee) for c in ex.calls]
    assert ("A.clear", "reset") in calls
    assert ("A.E", "Class") not in calls  # the definition, no call
    assert [c for c in calls if c[0] in ("A.build", "A.make", "A.inst")] == [
        ("A.build", "A"),
        ("A.make", "A"),
        ("A.inst", "Class"),
        ("A.inst", "new"),
    ]
