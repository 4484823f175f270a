"""A local assigned a call's value (`const x = f()`, Go `x := f()` and `x, err := f()`, Rust
`let x = f()`) is of the type the callee is declared to return: `x.m()` is `m` of that type,
in the file or in another one; a callee without a declared return leaves it a ghost."""

from __future__ import annotations

from pathlib import Path

from tests.unit.ingest.test_python_resolution import call, plan


def test_typescript_locals_of_calls_in_the_file_and_across_files(tmp_path: Path) -> None:
    found = plan(
        tmp_path,
        {
            "src/shape.ts": """
                export class Shape { area(): number { return 1 } }
                export function make(): Shape { return new Shape() }
                export function untyped() { return new Shape() }
            """,
            "src/use.ts": """
                import { make, untyped } from "./shape";
                import * as fs from "./shape";
                class Local { run(): void {} }
                function local(): Local { return new Local() }
                export class Holder {
                    own(): Local { return new Local() }
                    go() {
                        const a = make();
                        a.area();
                        const b = local();
                        b.run();
                        const c = this.own();
                        c.run();
                        const d = untyped();
                        d.area();
                        const e = fs.make();
                        e.area();
                        const typed: Local = make();
                        typed.run();
                        const chained = local();
                        chained.run().toString();
                    }
                }
            """,
        },
    )
    go = "src/use.ts::Holder.go"
    assert call(found, go, "a.area") == ("src/shape.ts::Shape.area", "typed")
    assert call(found, go, "b.run") == ("src/use.ts::Local.run", "local")
    assert call(found, go, "c.run") == ("src/use.ts::Local.run", "local")
    assert call(found, go, "d.area")[1] == "ghost"  # no declared return: never a guess
    assert call(found, go, "e.area") == ("src/shape.ts::Shape.area", "typed")
    assert call(found, go, "typed.run") == ("src/use.ts::Local.run", "local")  # the annotation


def test_go_short_declarations_take_the_first_result(tmp_path: Path) -> None:
    found = plan(
        tmp_path,
        {
            "go.mod": "module example.com/web\n",
            "engine.go": """
                package web
                type Engine struct{}
                func New() *Engine { return &Engine{} }
                func Open(name string) (*Engine, error) { return &Engine{}, nil }
                func (e *Engine) Handle() {}
            """,
            "sub/sub.go": """
                package sub
                import "example.com/web"
                func Run() {
                    e := web.New()
                    e.Handle()
                    o, err := web.Open("x")
                    o.Handle()
                    err.Error()
                }
            """,
            "local.go": """
                package web
                var shared = New()
                func run() {
                    e := New()
                    e.Handle()
                    shared.Handle()
                    var v, err = Open("x")
                    v.Handle()
                }
            """,
        },
    )
    run = "sub/sub.go::Run"
    assert call(found, run, "e.Handle") == ("engine.go::Engine.Handle", "typed")
    assert call(found, run, "o.Handle") == ("engine.go::Engine.Handle", "typed")
    assert call(found, run, "err.Error")[1] == "ghost"
    for ref in ("e.Handle", "shared.Handle", "v.Handle"):
        assert call(found, "local.go::run", ref) == ("engine.go::Engine.Handle", "typed"), ref


def test_rust_let_of_a_call_and_shadowing(tmp_path: Path) -> None:
    found = plan(
        tmp_path,
        {
            "src/lib.rs": """
                pub struct Bytes { pos: usize }
                impl Bytes {
                    pub fn slice(&self) -> Bytes { Bytes { pos: 0 } }
                    pub fn peek(&self) -> usize { self.pos }
                }
                pub fn make() -> Bytes { Bytes { pos: 0 } }
                pub fn run(given: &Bytes) {
                    let made = make();
                    made.peek();
                    let part = given.slice();
                    part.peek();
                    let s = s.trim();
                    s.len();
                }
            """,
        },
    )
    run = "src/lib.rs::run"
    assert call(found, run, "made.peek") == ("src/lib.rs::Bytes.peek", "local")
    assert call(found, run, "part.peek") == ("src/lib.rs::Bytes.peek", "local")
    assert call(found, run, "s.len")[1] == "ghost"


def test_rust_constructors_without_a_stated_return_give_their_type(tmp_path: Path) -> None:
    found = plan(
        tmp_path,
        {
            "Cargo.toml": '[package]\nname = "parse"\n',
            "src/lib.rs": """
                mod config;
                #[derive(Default)]
                pub struct Config { strict: bool }
                impl Config {
                    pub fn strict(&mut self) -> &mut Config { self }
                    pub fn parse(&self) {}
                }
                pub fn run() {
                    Config::default().strict().parse();
                    crate::Config::default().parse();
                    Config::make().parse();
                }
            """,
            "src/config.rs": """
                pub fn other() {
                    crate::Config::default().strict();
                    crate::Config::default().missing();
                }
            """,
        },
    )
    run = "src/lib.rs::run"
    assert call(found, run, "Config.default().strict") == ("src/lib.rs::Config.strict", "local")
    assert call(found, run, "Config.default().strict().parse") == (
        "src/lib.rs::Config.parse",
        "local",
    )
    assert call(found, run, "crate.Config.default().parse")[0] == "src/lib.rs::Config.parse"
    assert call(found, run, "Config.make().parse")[1] == "ghost"  # no constructor by name
    other = "src/config.rs::other"
    assert call(found, other, "crate.Config.default().strict")[0] == "src/lib.rs::Config.strict"
    assert call(found, other, "crate.Config.default().missing")[1] == "ghost"


def test_typescript_await_of_a_promise_gives_what_it_promises(tmp_path: Path) -> None:
    found = plan(
        tmp_path,
        {
            "src/shape.ts": """
                export class Shape { area(): number { return 1 } }
                export async function load(): Promise<Shape> { return new Shape() }
            """,
            "src/use.ts": """
                import { load } from "./shape";
                export async function go() {
                    const s = await load();
                    s.area();
                    load().then();
                }
            """,
        },
    )
    go = "src/use.ts::go"
    assert call(found, go, "s.area") == ("src/shape.ts::Shape.area", "typed")
    assert call(found, go, "load().then")[1] == "ghost"  # `Shape` has no `then`


def test_javascript_fields_created_in_the_constructor(tmp_path: Path) -> None:
    found = plan(
        tmp_path,
        {
            "src/shadow.js": "export class LightShadow { dispose() {} }\n",
            "src/light.js": """
                import { LightShadow } from "./shadow.js";
                export class Light {
                    constructor() {
                        this.shadow = new LightShadow(1);
                        this.other = make();
                    }
                    dispose() {
                        this.shadow.dispose();
                        this.other.dispose();
                    }
                }
            """,
        },
    )
    dispose = "src/light.js::Light.dispose"
    assert call(found, dispose, "this.shadow.dispose") == (
        "src/shadow.js::LightShadow.dispose",
        "import",
    )
    assert call(found, dispose, "this.other.dispose")[1] == "ghost"


def test_typescript_arrow_values_and_const_aliases_of_functions_return_their_type(
    tmp_path: Path,
) -> None:
    found = plan(
        tmp_path,
        {
            "src/types.ts": """
                export class ZodType { parse(): void {} }
                export class ZodString extends ZodType {
                    static create = (params?: object): ZodString => new ZodString();
                    min(): this { return this }
                }
                export const make = (): ZodString => new ZodString();
                export const pick = <T>(value: T): T => value;
                const stringType = ZodString.create;
                export { stringType as string };
            """,
            "src/use.ts": """
                import * as z from "./types";
                import { make, pick } from "./types";
                export function go() {
                    z.string().min().parse();
                    make().parse();
                    pick(make()).parse();
                    const { create } = z.ZodString;
                    create().parse();
                }
            """,
        },
    )
    go = "src/use.ts::go"
    assert call(found, go, "z.string().min")[0] == "src/types.ts::ZodString.min"
    assert call(found, go, "z.string().min().parse")[0] == "src/types.ts::ZodType.parse"
    assert call(found, go, "make().parse")[0] == "src/types.ts::ZodType.parse"
    assert call(found, go, "pick().parse")[1] == "ghost"  # a type parameter: never a guess
