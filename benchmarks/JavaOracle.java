// The independent resolver of the Java accuracy benchmark: javac itself (the compiler tree API),
// asked about every method call, `new`, `extends`/`implements` and import of a corpus.
//
// Run by `java_oracle.py` (never by the project at run time), in source-launch mode:
//   java benchmarks/JavaOracle.java ROOT CLASSPATH_FILE SOURCES_FILE [REPORT_FILE]
// ROOT: the corpus root (paths are written relative to it); CLASSPATH_FILE: one line, the
// classpath (the corpus's dependencies, `mvn dependency:build-classpath`); SOURCES_FILE: the
// absolute paths of the .java files to compile, one a line; REPORT_FILE: the repo-relative
// paths whose sites are printed (all compiled files without it). Everything is parsed and
// attributed together (-proc:none, an empty -d in a temp directory, nothing generated);
// errors (a missing dependency) do not stop attribution (`should-stop.ifError=FLOW`): a site
// whose element javac cannot find has `decl: null` and counts as unknown.
//
// One JSON line per site on stdout (`start`/`end`: char offsets of the call, `new` or type tree;
// `line`: 1-based line of `start`; `super()` javac adds and enum constants' `new` are left out):
//   call: {k, file, line, start, end, form, recv, found, decl, type}: form `call`, `new`,
//     `super()` or `this()`; recv: the receiver of `x.m()` (`this`, `super`, `local`, `param`,
//     `field`, `type`, `package`, `expr`; `implicit` for a bare `m()`); found: for a bare name
//     `own`, `outer`, `inherited`, `outer-inherited` or `static-import`, for a receiver `direct`
//     (its static type declares it) or `inherited`; decl: the method or constructor; type: for
//     `new`, the class named (an anonymous `new I() {..}`: decl is that too).
//   base: {k, file, line, start, end, clause, child, decl}: clause `extends`/`implements` (an
//     interface's `extends` is `extends`), child: qualname of the declaring class.
//   import: {k, file, line, spec, static, star, to, outside, nested, unknown}: to: the files
//     declaring what is imported (for `import a.b.*` every compiled file of package a.b).
// A declaration: {f: repo-relative file, null outside the corpus; l: start line (modifiers
// included); kind; cls: qualname of its class in the file (`Outer.Inner`, `C.m.Local`; null in
// an anonymous class); name: method name, `<init>`, "" for a type; implicit: a default
// constructor; overloads: members of that name in the class; nested; how: where it is seen
// from (`same-file`, `static-import`, `same-package`, `import`, `on-demand`, `other`)}.
// Stderr: one summary line, then the first errors.

import com.sun.source.tree.*;
import com.sun.source.util.*;
import java.nio.charset.StandardCharsets;
import java.nio.file.*;
import java.util.*;
import javax.lang.model.element.*;
import javax.lang.model.type.*;
import javax.lang.model.util.*;
import javax.tools.*;

public class JavaOracle {
    static Path root;
    static Trees trees;
    static Elements elements;
    static Types types;
    static SourcePositions positions;
    static final Map<String, List<String>> packageFiles = new HashMap<>();
    static final StringBuilder out = new StringBuilder(1 << 20);

    public static void main(String[] args) throws Exception {
        root = Paths.get(args[0]).toAbsolutePath().normalize();
        String classpath = Files.readString(Paths.get(args[1])).trim();
        List<String> sources = new ArrayList<>();
        for (String line : Files.readAllLines(Paths.get(args[2]))) {
            if (!line.isBlank()) sources.add(line.trim());
        }
        Set<String> report = null;
        if (args.length > 3) report = new HashSet<>(Files.readAllLines(Paths.get(args[3])));
        JavaCompiler compiler = ToolProvider.getSystemJavaCompiler();
        DiagnosticCollector<JavaFileObject> diagnostics = new DiagnosticCollector<>();
        StandardJavaFileManager files =
                compiler.getStandardFileManager(diagnostics, null, StandardCharsets.UTF_8);
        Path classes = Files.createTempDirectory("java-oracle-");
        List<String> options = List.of(
                "-proc:none", "-d", classes.toString(), "-classpath", classpath,
                "-sourcepath", "", "-implicit:none", "-encoding", "UTF-8", "-nowarn",
                "-Xlint:none", "-XDshould-stop.ifError=FLOW", "-Xmaxerrs", "100000");
        JavacTask task = (JavacTask) compiler.getTask(
                null, files, diagnostics, options, null, files.getJavaFileObjectsFromStrings(sources));
        List<CompilationUnitTree> units = new ArrayList<>();
        for (CompilationUnitTree unit : task.parse()) units.add(unit);
        task.analyze();
        trees = Trees.instance(task);
        elements = task.getElements();
        types = task.getTypes();
        positions = trees.getSourcePositions();
        for (CompilationUnitTree unit : units) {
            String pkg = unit.getPackageName() == null ? "" : unit.getPackageName().toString();
            packageFiles.computeIfAbsent(pkg, k -> new ArrayList<>()).add(relative(unit));
        }
        int printed = 0;
        for (CompilationUnitTree unit : units) {
            String file = relative(unit);
            if (report != null && !report.contains(file)) continue;
            new Scanner(unit, file).run();
            printed++;
            if (out.length() > (1 << 19)) flush();
        }
        flush();
        Files.delete(classes);
        long errors = diagnostics.getDiagnostics().stream()
                .filter(d -> d.getKind() == Diagnostic.Kind.ERROR).count();
        System.err.println("javac: " + units.size() + " files compiled, " + printed
                + " reported, " + errors + " errors");
        diagnostics.getDiagnostics().stream()
                .filter(d -> d.getKind() == Diagnostic.Kind.ERROR).limit(5)
                .forEach(d -> System.err.println("  " + d.getSource().getName() + ":"
                        + d.getLineNumber() + ": " + d.getMessage(null).lines().findFirst().orElse("")));
    }

    static void flush() {
        System.out.print(out);
        System.out.flush();
        out.setLength(0);
    }

    static String relative(CompilationUnitTree unit) {
        Path path = Paths.get(unit.getSourceFile().toUri()).toAbsolutePath().normalize();
        return path.startsWith(root) ? root.relativize(path).toString().replace('\\', '/') : null;
    }

    static String q(String s) {
        if (s == null) return "null";
        StringBuilder b = new StringBuilder(s.length() + 2).append('"');
        for (char c : s.toCharArray()) {
            if (c == '"' || c == '\\') b.append('\\').append(c);
            else if (c < 0x20) b.append(String.format("\\u%04x", (int) c));
            else b.append(c);
        }
        return b.append('"').toString();
    }

    /** The repo-relative file declaring `e`, or null when it is not a source of this task. */
    static String fileOf(Element e) {
        Element top = null;
        for (Element cur = e; cur != null && !(cur instanceof PackageElement);
                cur = cur.getEnclosingElement()) {
            if (cur instanceof TypeElement) top = cur;
        }
        TreePath path = top == null ? null : trees.getPath(top);
        return path == null ? null : relative(path.getCompilationUnit());
    }

    static String qualname(Element e) {
        Deque<String> parts = new ArrayDeque<>();
        for (Element cur = e; cur != null && !(cur instanceof PackageElement);
                cur = cur.getEnclosingElement()) {
            if (cur instanceof TypeElement type) {
                if (type.getNestingKind() == NestingKind.ANONYMOUS) return null;
                parts.addFirst(type.getSimpleName().toString());
            } else if (cur instanceof ExecutableElement) {
                String name = cur.getSimpleName().toString();
                if (name.equals("<init>")) name = cur.getEnclosingElement().getSimpleName().toString();
                if (!name.isEmpty() && !name.equals("<clinit>")) parts.addFirst(name);
            }
        }
        return String.join(".", parts);
    }

    static TypeElement typeOf(TypeMirror t) {
        if (t instanceof DeclaredType d && d.asElement() instanceof TypeElement e) return e;
        return t instanceof TypeVariable v ? typeOf(v.getUpperBound()) : null;
    }

    static boolean encloses(Element outer, Element inner) {
        for (Element cur = inner; cur != null; cur = cur.getEnclosingElement()) {
            if (cur.equals(outer)) return true;
        }
        return false;
    }

    static final class Scanner extends TreePathScanner<Void, Void> {
        final CompilationUnitTree unit;
        final String file, pkg;
        final CharSequence content;
        final Set<String> singles = new HashSet<>(), stars = new HashSet<>();
        final Set<String> staticNames = new HashSet<>(), staticStars = new HashSet<>();

        Scanner(CompilationUnitTree unit, String file) throws java.io.IOException {
            this.content = unit.getSourceFile().getCharContent(true);
            this.unit = unit;
            this.file = file;
            this.pkg = unit.getPackageName() == null ? "" : unit.getPackageName().toString();
        }

        void run() {
            TreePath top = new TreePath(unit);
            for (ImportTree imp : unit.getImports()) {
                MemberSelectTree select = (MemberSelectTree) imp.getQualifiedIdentifier();
                String member = select.getIdentifier().toString();
                String owner = select.getExpression().toString();
                boolean star = member.equals("*");
                if (imp.isStatic()) (star ? staticStars : staticNames).add(star ? owner : member);
                else if (star) stars.add(owner);
                else singles.add(select.toString());
            }
            for (ImportTree imp : unit.getImports()) importSite(new TreePath(top, imp), imp);
            scan(top, null);
        }

        long line(long position) {
            return unit.getLineMap().getLineNumber(position);
        }

        String span(Tree tree) {
            long start = positions.getStartPosition(unit, tree);
            long end = positions.getEndPosition(unit, tree);
            return "\"file\":" + q(file) + ",\"line\":" + line(start) + ",\"start\":" + start
                    + ",\"end\":" + end;
        }

        void importSite(TreePath path, ImportTree imp) {
            MemberSelectTree select = (MemberSelectTree) imp.getQualifiedIdentifier();
            boolean star = select.getIdentifier().contentEquals("*");
            boolean whole = imp.isStatic() || star;
            Tree named = whole ? select.getExpression() : select;
            Element e = trees.getElement(new TreePath(new TreePath(path, select), named));
            if (e == null) {
                String name = named.toString();
                e = elements.getTypeElement(name);
                if (e == null && star && !imp.isStatic()) e = elements.getPackageElement(name);
            }
            List<String> to = new ArrayList<>();
            boolean unknown = e == null || e.asType().getKind() == TypeKind.ERROR;
            boolean nested = false;
            if (e instanceof PackageElement p) {
                to.addAll(packageFiles.getOrDefault(p.getQualifiedName().toString(), List.of()));
            } else if (e instanceof TypeElement t) {
                nested = t.getNestingKind() != NestingKind.TOP_LEVEL;
                String where = fileOf(e);
                if (where != null) to.add(where);
            }
            StringBuilder list = new StringBuilder("[");
            for (String t : to) list.append(list.length() > 1 ? "," : "").append(q(t));
            out.append("{\"k\":\"import\",\"file\":").append(q(file))
                    .append(",\"line\":").append(line(positions.getStartPosition(unit, imp)))
                    .append(",\"spec\":").append(q(select.toString()))
                    .append(",\"static\":").append(imp.isStatic())
                    .append(",\"star\":").append(star)
                    .append(",\"to\":").append(list).append("]")
                    .append(",\"outside\":").append(!unknown && to.isEmpty())
                    .append(",\"nested\":").append(nested)
                    .append(",\"unknown\":").append(unknown).append("}\n");
        }

        String how(Element declared, boolean bareStatic) {
            String where = fileOf(declared);
            if (file.equals(where)) return "same-file";
            TypeElement type = declared instanceof TypeElement
                    ? (TypeElement) declared : (TypeElement) declared.getEnclosingElement();
            if (bareStatic && (staticNames.contains(declared.getSimpleName().toString())
                    || staticStars.contains(type.getQualifiedName().toString()))) {
                return "static-import";
            }
            String declaredPkg = elements.getPackageOf(declared).getQualifiedName().toString();
            if (declaredPkg.equals(pkg)) return "same-package";
            String how = stars.contains(declaredPkg) ? "on-demand" : "other";
            for (Element cur = type; cur instanceof TypeElement t; cur = cur.getEnclosingElement()) {
                if (singles.contains(t.getQualifiedName().toString())) return "import";
                if (stars.contains(t.getQualifiedName().toString())) how = "on-demand";
            }
            return how;
        }

        String decl(Element e, boolean bareStatic) {
            if (e == null || e.asType() == null || e.asType().getKind() == TypeKind.ERROR) return "null";
            String where = fileOf(e);
            long at = 0;
            TreePath path = where == null ? null : trees.getPath(e);
            if (path != null) {
                CompilationUnitTree cu = path.getCompilationUnit();
                at = cu.getLineMap().getLineNumber(positions.getStartPosition(cu, path.getLeaf()));
            }
            boolean isType = e instanceof TypeElement;
            Element owner = isType ? e : e.getEnclosingElement();
            int overloads = 0;
            if (!isType && owner != null) {
                for (Element member : owner.getEnclosedElements()) {
                    if (member.getSimpleName().equals(e.getSimpleName())) overloads++;
                }
            }
            boolean nested = owner instanceof TypeElement t
                    && t.getNestingKind() != NestingKind.TOP_LEVEL;
            boolean implicit = e.getKind() == ElementKind.CONSTRUCTOR
                    && elements.getOrigin(e) == Elements.Origin.MANDATED;
            return "{\"f\":" + q(where) + ",\"l\":" + at
                    + ",\"kind\":" + q(e.getKind().toString().toLowerCase(Locale.ROOT))
                    + ",\"cls\":" + q(owner == null ? null : qualname(owner))
                    + ",\"name\":" + q(isType ? "" : e.getSimpleName().toString())
                    + ",\"implicit\":" + implicit + ",\"overloads\":" + overloads
                    + ",\"nested\":" + nested + ",\"how\":" + q(how(e, bareStatic)) + "}";
        }

        TypeElement enclosingClass() {
            for (TreePath p = getCurrentPath(); p != null; p = p.getParentPath()) {
                if (p.getLeaf() instanceof ClassTree && trees.getElement(p) instanceof TypeElement t) {
                    return t;
                }
            }
            return null;
        }

        @Override
        public Void visitMethodInvocation(MethodInvocationTree node, Void unused) {
            ExpressionTree select = node.getMethodSelect();
            Element e = trees.getElement(new TreePath(getCurrentPath(), select));
            if (e != null && e.getKind() != ElementKind.METHOD && e.getKind() != ElementKind.CONSTRUCTOR) {
                e = null;
            }
            String form = "call", recv, found = "";
            TypeElement declaring = e == null ? null : (TypeElement) e.getEnclosingElement();
            boolean bareStatic = false;
            if (select instanceof IdentifierTree ident) {
                String name = ident.getName().toString();
                recv = "implicit";
                if (name.equals("super") || name.equals("this")) {
                    if (!written(node, name)) return super.visitMethodInvocation(node, unused);
                    form = name + "()";
                } else if (declaring != null) {
                    bareStatic = e.getModifiers().contains(Modifier.STATIC);
                    found = bareFound(declaring, enclosingClass());
                }
            } else {
                ExpressionTree object = ((MemberSelectTree) select).getExpression();
                TreePath objectPath = new TreePath(new TreePath(getCurrentPath(), select), object);
                recv = receiver(object, trees.getElement(objectPath));
                TypeElement staticType = recv.equals("type")
                        ? (TypeElement) trees.getElement(objectPath)
                        : typeOf(trees.getTypeMirror(objectPath));
                if (declaring != null) found = declaring.equals(staticType) ? "direct" : "inherited";
            }
            out.append("{\"k\":\"call\",").append(span(node))
                    .append(",\"form\":").append(q(form)).append(",\"recv\":").append(q(recv))
                    .append(",\"found\":").append(q(found))
                    .append(",\"decl\":").append(decl(e, bareStatic)).append(",\"type\":null}\n");
            return super.visitMethodInvocation(node, unused);
        }

        /** How a bare `m()` finds its method: `own`, `outer` (an enclosing class declares it),
         * `inherited` (a supertype of the enclosing class), `outer-inherited` (a supertype of an
         * enclosing class), else `static-import`. */
        String bareFound(TypeElement declaring, TypeElement here) {
            if (declaring.equals(here)) return "own";
            if (here != null && encloses(declaring, here)) return "outer";
            TypeMirror target = types.erasure(declaring.asType());
            for (Element cur = here; cur != null; cur = cur.getEnclosingElement()) {
                if (cur instanceof TypeElement && types.isSubtype(types.erasure(cur.asType()), target)) {
                    return cur.equals(here) ? "inherited" : "outer-inherited";
                }
            }
            return "static-import";
        }

        String receiver(ExpressionTree object, Element e) {
            if (object instanceof IdentifierTree || object instanceof MemberSelectTree) {
                String name = object instanceof IdentifierTree i ? i.getName().toString()
                        : ((MemberSelectTree) object).getIdentifier().toString();
                if (name.equals("this") || name.equals("super")) return name;
                if (e == null) return "unknown";
                return switch (e.getKind()) {
                    case PARAMETER -> "param";
                    case FIELD, ENUM_CONSTANT -> "field";
                    case PACKAGE -> "package";
                    case LOCAL_VARIABLE, RESOURCE_VARIABLE, EXCEPTION_PARAMETER, BINDING_VARIABLE -> "local";
                    default -> e instanceof TypeElement ? "type" : "other";
                };
            }
            return "expr";
        }

        /** javac adds `super()` to constructors without one and makes a `new` of each enum
         * constant: not written in the source, not a site. */
        boolean written(Tree tree, String word) {
            int start = (int) positions.getStartPosition(unit, tree);
            return start >= 0 && start + word.length() <= content.length()
                    && content.subSequence(start, start + word.length()).toString().equals(word);
        }

        @Override
        public Void visitNewClass(NewClassTree node, Void unused) {
            if (node.getEnclosingExpression() == null && !written(node, "new")) {
                return super.visitNewClass(node, unused);
            }
            Element ctor = trees.getElement(getCurrentPath());
            Element type = trees.getElement(new TreePath(getCurrentPath(), node.getIdentifier()));
            if (!(type instanceof TypeElement)) type = null;
            if (node.getClassBody() != null || (ctor != null && ctor.getKind() != ElementKind.CONSTRUCTOR)) {
                ctor = null;
            }
            String typeDecl = decl(type, false);
            String ctorDecl = ctor == null ? typeDecl : decl(ctor, false);
            out.append("{\"k\":\"call\",").append(span(node))
                    .append(",\"form\":\"new\",\"recv\":\"new\",\"found\":\"direct\"")
                    .append(",\"decl\":").append(ctorDecl).append(",\"type\":").append(typeDecl)
                    .append("}\n");
            return super.visitNewClass(node, unused);
        }

        @Override
        public Void visitClass(ClassTree node, Void unused) {
            Element child = trees.getElement(getCurrentPath());
            if (child instanceof TypeElement t && t.getNestingKind() == NestingKind.ANONYMOUS) {
                return super.visitClass(node, unused);  // javac's own `extends` of `new I() {}`
            }
            String childName = child == null ? null : qualname(child);
            boolean iface = node.getKind() == Tree.Kind.INTERFACE
                    || node.getKind() == Tree.Kind.ANNOTATION_TYPE;
            List<Tree> bases = new ArrayList<>(node.getImplementsClause());
            if (node.getExtendsClause() != null) bases.add(0, node.getExtendsClause());
            for (Tree t : bases) {
                String clause = iface || t == node.getExtendsClause() ? "extends" : "implements";
                if (positions.getStartPosition(unit, t) < 0) continue;
                Element base = trees.getElement(new TreePath(getCurrentPath(), t));
                if (!(base instanceof TypeElement)) base = null;
                out.append("{\"k\":\"base\",").append(span(t))
                        .append(",\"clause\":").append(q(clause))
                        .append(",\"child\":").append(q(childName))
                        .append(",\"decl\":").append(decl(base, false)).append("}\n");
            }
            return super.visitClass(node, unused);
        }
    }
}
