// Command go_oracle is the independent resolver of the Go accuracy benchmark
// (benchmarks/resolution_accuracy_go.py): it loads packages of a corpus with
// golang.org/x/tools/go/packages, type-checked, tests included, and prints one JSON
// line per site of every file it checked:
//
//	{"k":"file","file":F}
//	{"k":"call","file":F,"line":L,"start":S,"end":E,"alt":[S,E]|null,"head":H,"sel":K,
//	 "promoted":B,"decl":[FILE|null,LINE,KIND,QUAL]|null}
//	{"k":"base","file":F,"line":L,"start":S,"end":E,"decl":[...]|null}
//	{"k":"import","file":F,"line":L,"spec":PATH,"to":DIR|null}
//	{"k":"error","pkg":ID,"msg":M}
//
// F, FILE and DIR are relative to the corpus root, null outside it. start/end are byte
// offsets of the call's function expression (alt: the same without its type arguments,
// `f[int]` -> `f`), or of an embedded type. KIND is func, method, iface (a method of an
// interface: a call through an interface resolves to it), conversion, builtin, field,
// pkgvar, var (a call of a function value) or unknown; QUAL is the name as the extractor
// qualifies it (`T.M` for methods, `I.M` for interface methods). head is what the leftmost
// identifier of a selector chain is (pkg, var, type, func, ?, expr; name for a bare call),
// sel the selection's kind (method, expr, field; "" when there is none).
//
// Usage: go_oracle ROOT DIR... (directories relative to ROOT; each is loaded from the
// nearest go.mod above it, so a corpus may hold several modules).
package main

import (
	"encoding/json"
	"fmt"
	"go/ast"
	"go/types"
	"os"
	"path/filepath"
	"runtime"
	"sort"
	"strconv"
	"strings"

	"golang.org/x/tools/go/packages"
)

type oracle struct {
	root   string
	goroot string
	out    *json.Encoder
	seen   map[string]bool
	files  map[string]bool
}

func main() {
	if len(os.Args) < 3 {
		fmt.Fprintln(os.Stderr, "usage: go_oracle ROOT DIR...")
		os.Exit(2)
	}
	root, err := filepath.Abs(os.Args[1])
	check(err)
	root, err = filepath.EvalSymlinks(root)
	check(err)
	o := &oracle{root: root, goroot: runtime.GOROOT(), out: json.NewEncoder(os.Stdout),
		seen: map[string]bool{}, files: map[string]bool{}}
	groups := map[string][]string{}
	for _, dir := range os.Args[2:] {
		abs := filepath.Join(root, dir)
		module := moduleDir(root, abs)
		rel, err := filepath.Rel(module, abs)
		check(err)
		groups[module] = append(groups[module], "./"+filepath.ToSlash(rel))
	}
	modules := make([]string, 0, len(groups))
	for m := range groups {
		modules = append(modules, m)
	}
	sort.Strings(modules)
	for _, module := range modules {
		o.load(module, groups[module])
	}
}

func check(err error) {
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}

func moduleDir(root, dir string) string {
	for d := dir; strings.HasPrefix(d, root); d = filepath.Dir(d) {
		if _, err := os.Stat(filepath.Join(d, "go.mod")); err == nil {
			return d
		}
		if d == root {
			break
		}
	}
	return root
}

func (o *oracle) rel(filename string) (string, bool) {
	if rest, ok := strings.CutPrefix(filename, "$GOROOT"); ok {
		filename = o.goroot + rest
	}
	rel, err := filepath.Rel(o.root, filename)
	if err != nil || rel == ".." || strings.HasPrefix(rel, "../") {
		return "", false
	}
	return filepath.ToSlash(rel), true
}

func (o *oracle) load(module string, patterns []string) {
	env := append(os.Environ(), "CGO_ENABLED=0")
	cfg := &packages.Config{
		Mode: packages.NeedName | packages.NeedFiles | packages.NeedCompiledGoFiles |
			packages.NeedSyntax | packages.NeedTypes | packages.NeedTypesInfo,
		Dir: module, Tests: true, Env: env,
	}
	pkgs, err := packages.Load(cfg, patterns...)
	if err != nil {
		o.out.Encode(map[string]any{"k": "error", "pkg": module, "msg": err.Error()})
		return
	}
	imports := map[string]bool{}
	type pending struct {
		file, spec string
		line       int
		path       string
	}
	var specs []pending
	for _, pkg := range pkgs {
		for _, e := range pkg.Errors {
			o.out.Encode(map[string]any{"k": "error", "pkg": pkg.ID, "msg": e.Error()})
		}
		if pkg.TypesInfo == nil {
			continue
		}
		for _, file := range pkg.Syntax {
			name, ok := o.rel(pkg.Fset.File(file.Pos()).Name())
			if !ok || o.files[name] {
				continue
			}
			o.files[name] = true
			o.out.Encode(map[string]any{"k": "file", "file": name})
			o.visit(pkg, file, name)
			for _, spec := range file.Imports {
				path, _ := strconv.Unquote(spec.Path.Value)
				resolved := ""
				if pn := pkg.TypesInfo.PkgNameOf(spec); pn != nil {
					resolved = pn.Imported().Path()
					imports[resolved] = true
				}
				line := pkg.Fset.Position(spec.Pos()).Line
				specs = append(specs, pending{name, path, line, resolved})
			}
		}
	}
	dirs := o.directories(module, env, imports)
	for _, s := range specs {
		var to any
		if dir, ok := dirs[s.path]; ok {
			to = dir
		}
		o.out.Encode(map[string]any{"k": "import", "file": s.file, "line": s.line,
			"spec": s.spec, "to": to})
	}
}

// directories maps import paths to their directory relative to the root (absent: outside).
func (o *oracle) directories(module string, env []string, paths map[string]bool) map[string]string {
	found := map[string]string{}
	if len(paths) == 0 {
		return found
	}
	patterns := make([]string, 0, len(paths))
	for p := range paths {
		if p != "C" && p != "unsafe" {
			patterns = append(patterns, p)
		}
	}
	cfg := &packages.Config{Mode: packages.NeedName | packages.NeedFiles, Dir: module, Env: env}
	pkgs, err := packages.Load(cfg, patterns...)
	if err != nil {
		return found
	}
	for _, pkg := range pkgs {
		files := append(append([]string{}, pkg.GoFiles...), pkg.IgnoredFiles...)
		dir := pkg.Dir
		if dir == "" && len(files) > 0 {
			dir = filepath.Dir(files[0])
		}
		if rel, ok := o.rel(dir); ok && dir != "" {
			if rel == "." {
				rel = ""
			}
			found[pkg.PkgPath] = rel
		}
	}
	if dir, ok := o.rel(filepath.Join(o.goroot, "src", "unsafe")); ok && paths["unsafe"] {
		found["unsafe"] = dir
	}
	return found
}

func (o *oracle) visit(pkg *packages.Package, file *ast.File, name string) {
	ast.Inspect(file, func(n ast.Node) bool {
		switch x := n.(type) {
		case *ast.CallExpr:
			o.call(pkg, x, name)
		case *ast.TypeSpec: // a named type's embedded types (not an anonymous struct's)
			var fields *ast.FieldList
			switch t := x.Type.(type) {
			case *ast.StructType:
				fields = t.Fields
			case *ast.InterfaceType:
				fields = t.Methods
			}
			if fields == nil {
				break
			}
			for _, field := range fields.List {
				if len(field.Names) == 0 {
					o.base(pkg, field.Type, name)
				}
			}
		}
		return true
	})
}

func (o *oracle) span(pkg *packages.Package, e ast.Expr) (int, int, int) {
	start := pkg.Fset.Position(e.Pos())
	end := pkg.Fset.Position(e.End())
	return start.Line, start.Offset, end.Offset
}

func (o *oracle) call(pkg *packages.Package, call *ast.CallExpr, file string) {
	fun := call.Fun
	var target ast.Expr = fun
	var alt any
	switch f := fun.(type) {
	case *ast.IndexExpr:
		target = f.X
	case *ast.IndexListExpr:
		target = f.X
	}
	if id := ident(target); id == nil || !hasInstance(pkg.TypesInfo, id) {
		target = fun // an index expression (`handlers[i](x)`), not type arguments
	}
	if target != fun {
		_, s, e := o.span(pkg, target)
		alt = []int{s, e}
	}
	key := fmt.Sprintf("%s:%d", file, pkg.Fset.Position(fun.Pos()).Offset)
	if o.seen[key] {
		return
	}
	o.seen[key] = true
	info := pkg.TypesInfo
	var obj types.Object
	sel, promoted := "", false
	switch t := target.(type) {
	case *ast.Ident:
		obj = info.Uses[t]
	case *ast.SelectorExpr:
		if s, ok := info.Selections[t]; ok {
			obj = s.Obj()
			promoted = len(s.Index()) > 1
			sel = map[types.SelectionKind]string{types.MethodVal: "method",
				types.MethodExpr: "expr", types.FieldVal: "field"}[s.Kind()]
		} else {
			obj = info.Uses[t.Sel]
		}
	}
	line, start, end := o.span(pkg, fun)
	o.out.Encode(map[string]any{"k": "call", "file": file, "line": line, "start": start,
		"end": end, "alt": alt, "head": head(info, target), "sel": sel,
		"promoted": promoted, "decl": o.decl(pkg, obj)})
}

func (o *oracle) base(pkg *packages.Package, e ast.Expr, file string) {
	if star, ok := e.(*ast.StarExpr); ok {
		e = star.X
	}
	t := e
	switch x := e.(type) {
	case *ast.IndexExpr:
		t = x.X
	case *ast.IndexListExpr:
		t = x.X
	}
	var obj types.Object
	switch x := t.(type) {
	case *ast.Ident:
		obj = pkg.TypesInfo.Uses[x]
	case *ast.SelectorExpr:
		obj = pkg.TypesInfo.Uses[x.Sel]
	default:
		return // a union or an interface literal: no base
	}
	line, start, end := o.span(pkg, e)
	o.out.Encode(map[string]any{"k": "base", "file": file, "line": line, "start": start,
		"end": end, "decl": o.decl(pkg, obj)})
}

func ident(e ast.Expr) *ast.Ident {
	switch x := e.(type) {
	case *ast.Ident:
		return x
	case *ast.SelectorExpr:
		return x.Sel
	}
	return nil
}

func hasInstance(info *types.Info, id *ast.Ident) bool {
	_, ok := info.Instances[id]
	return ok
}

func head(info *types.Info, e ast.Expr) string {
	if _, ok := e.(*ast.Ident); ok {
		return "name"
	}
	for {
		switch x := e.(type) {
		case *ast.SelectorExpr:
			e = x.X
			continue
		case *ast.Ident:
			switch info.Uses[x].(type) {
			case *types.PkgName:
				return "pkg"
			case *types.Var:
				return "var"
			case *types.TypeName:
				return "type"
			case *types.Func:
				return "func"
			}
			return "?"
		}
		return "expr"
	}
}

// decl is [file relative to the root or nil, line, kind, qualname] of what a call names.
func (o *oracle) decl(pkg *packages.Package, obj types.Object) any {
	if obj == nil {
		return nil
	}
	kind, qual := "unknown", obj.Name()
	switch x := obj.(type) {
	case *types.Builtin:
		kind = "builtin"
	case *types.TypeName:
		kind = "conversion"
	case *types.Var:
		kind = "var"
		if x.IsField() {
			kind = "field"
		} else if x.Pkg() != nil && x.Parent() == x.Pkg().Scope() {
			kind = "pkgvar"
		}
	case *types.Func:
		fn := x.Origin()
		obj = fn
		kind = "func"
		if recv := fn.Type().(*types.Signature).Recv(); recv != nil {
			kind = "method"
			rt := recv.Type()
			if p, ok := rt.(*types.Pointer); ok {
				rt = p.Elem()
			}
			if types.IsInterface(rt) {
				kind = "iface"
			}
			owner := "?"
			if named, ok := rt.(*types.Named); ok {
				owner = named.Obj().Name()
			} else if alias, ok := rt.(*types.Alias); ok {
				owner = alias.Obj().Name()
			}
			qual = owner + "." + fn.Name()
		}
	}
	if obj.Pkg() == nil || !obj.Pos().IsValid() {
		return []any{nil, 0, kind, qual}
	}
	pos := pkg.Fset.Position(obj.Pos())
	if rel, ok := o.rel(pos.Filename); ok {
		return []any{rel, pos.Line, kind, qual}
	}
	return []any{nil, pos.Line, kind, qual}
}
