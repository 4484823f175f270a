// The independent resolver of the TypeScript/JavaScript accuracy benchmark: the TypeScript
// compiler's checker, asked about every call, heritage clause and import of sampled files.
//
// Run by `ts_oracle.py` (never by the project at run time):
//   node benchmarks/ts_oracle.mjs <typescript prefix> <request.json>
// The request is {"root": corpus root, "files": [repo-relative paths], "tsconfig": path or null}.
// The program's root names are the sampled files; the compiler pulls in what they import.
// Options: the corpus's tsconfig.json `compilerOptions` when there is one (paths, baseUrl,
// moduleResolution, customConditions, ...), over ESNext + `bundler` resolution, always with
// `allowJs`, `checkJs: false`, `noEmit`, `types: []` (no @types: the corpus is alone).
//
// One JSON line per site on stdout:
//   call: {k, file, line, start, end, new, text, head, recv, tags, decls, inits}
//     `start`/`end`: UTF-8 byte offsets of the callee expression (the harness finds the same
//     node with tree-sitter and writes its callee text the way the extractor does); the checker
//     is asked at the callee's last identifier (`a.b.c()` -> `c`; `super` for `super()`).
//     `decls`: [file (repo-relative, null outside the corpus), 1-based start line, kind,
//     qualname in its file] of the symbol, aliases followed hop by hop; `tags` how the aliases
//     went (`import`, `reexport`, `reexport-as`, `export-local`, `star`: an `export *` was
//     crossed, `export=`); `head` what the chain's first name is bound to (`named`, `default`,
//     `namespace`, `require`, `import=`, `this`, `super`, `param`, `var`, `file-var` (top level),
//     `local`, `global`,
//     `outside`, `expr`, `unknown`); `recv` what the object of a member call is (`module`,
//     `class`, `value`, or null for a bare name); `inits`: for a const whose initialiser is a
//     name (`export const map = core.map`), the declarations of that name, followed the same way.
//   base: {k, file, line, start, end, clause, text, head, tags, decls}
//   import: {k, file, line, spec, form, to, outside}: `to` the repo-relative file the compiler
//     resolves the specifier to (null: outside the corpus or unresolved; `outside` tells which).
import { createRequire } from 'node:module';
import fs from 'node:fs';
import path from 'node:path';

const [, , prefix, requestPath] = process.argv;
const ts = createRequire(path.join(prefix, 'noop.js'))('typescript');
const request = JSON.parse(fs.readFileSync(requestPath, 'utf8'));
const root = path.resolve(request.root);
const K = ts.SyntaxKind;

function compilerOptions() {
  let options = {};
  if (request.tsconfig) {
    const file = path.resolve(root, request.tsconfig);
    const read = ts.readConfigFile(file, ts.sys.readFile);
    const parsed = ts.parseJsonConfigFileContent(read.config ?? {}, ts.sys, path.dirname(file),
      undefined, file);
    options = parsed.options;
  }
  return {
    target: ts.ScriptTarget.ESNext,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    ...options,
    allowJs: true,
    checkJs: false,
    noEmit: true,
    skipLibCheck: true,
    types: [],
    incremental: undefined,
    composite: undefined,
    tsBuildInfoFile: undefined,
  };
}

const options = compilerOptions();
const host = ts.createCompilerHost(options, true);
const program = ts.createProgram(request.files.map((f) => path.join(root, f)), options, host);
const checker = program.getTypeChecker();
const cache = ts.createModuleResolutionCache(root, (s) => s, options);

function relative(fileName) {
  const rel = path.relative(root, fileName).split(path.sep).join('/');
  if (rel.startsWith('..') || path.isAbsolute(rel) || rel.split('/').includes('node_modules')) {
    return null;
  }
  return rel;
}

// UTF-16 positions (the compiler's) to UTF-8 byte offsets (tree-sitter's)
function byteOffsets(text) {
  if (Buffer.byteLength(text, 'utf8') === text.length) return null;
  const at = new Uint32Array(text.length + 1);
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    at[i] = bytes;
    const code = text.charCodeAt(i);
    if (code < 0x80) bytes += 1;
    else if (code < 0x800) bytes += 2;
    else if (code >= 0xd800 && code <= 0xdbff) { bytes += 4; at[++i] = bytes; }
    else bytes += 3;
  }
  at[text.length] = bytes;
  return at;
}

function nameOf(node) {
  if (node.name && (ts.isIdentifier(node.name) || ts.isStringLiteral(node.name)
    || ts.isPrivateIdentifier(node.name))) return node.name.text;
  if ((ts.isClassExpression(node) || ts.isFunctionExpression(node) || ts.isArrowFunction(node))
    && node.parent && ts.isVariableDeclaration(node.parent) && ts.isIdentifier(node.parent.name)) {
    return node.parent.name.text;
  }
  return null;
}

const isFunctionValue = (n) => n && (ts.isArrowFunction(n) || ts.isFunctionExpression(n));

function kindOf(d) {
  switch (d.kind) {
    case K.FunctionDeclaration: case K.FunctionExpression: case K.ArrowFunction: return 'function';
    case K.MethodDeclaration: case K.MethodSignature: return 'method';
    case K.Constructor: case K.ConstructSignature: return 'constructor';
    case K.GetAccessor: case K.SetAccessor: return 'accessor';
    case K.ClassDeclaration: case K.ClassExpression: return 'class';
    case K.InterfaceDeclaration: return 'interface';
    case K.TypeAliasDeclaration: case K.JSDocTypedefTag: case K.JSDocCallbackTag: return 'type';
    case K.EnumDeclaration: return 'enum';
    case K.ModuleDeclaration: return 'namespace';
    case K.SourceFile: return 'module';
    case K.Parameter: return 'parameter';
    case K.BindingElement: return 'variable';
    case K.VariableDeclaration:
      if (isFunctionValue(d.initializer)) return 'function';
      if (d.initializer && ts.isClassExpression(d.initializer)) return 'class';
      return ts.isSourceFile(d.parent.parent.parent) ? 'const' : 'variable';
    case K.PropertyDeclaration: return isFunctionValue(d.initializer) ? 'method' : 'property';
    case K.PropertyAssignment:
      return isFunctionValue(d.initializer) ? 'object-method' : 'property';
    case K.PropertySignature: case K.ShorthandPropertyAssignment: return 'property';
    case K.BinaryExpression: case K.PropertyAccessExpression: return 'assignment';
    case K.ExportAssignment: return 'export=';
    default: return ts.SyntaxKind[d.kind];
  }
}

// Dotted names of the enclosing named definitions, as the graph writes qualnames
function qualnameOf(d) {
  if (ts.isBinaryExpression(d)) return d.left.getText();  // `exports.f = ...`, `A.B = ...`
  if (ts.isPropertyAccessExpression(d)) return d.getText();
  const parts = [];
  for (let n = d; n && !ts.isSourceFile(n); n = n.parent) {
    const named = ts.isClassLike(n) || ts.isInterfaceDeclaration(n) || ts.isEnumDeclaration(n)
      || ts.isFunctionDeclaration(n) || ts.isMethodDeclaration(n) || ts.isMethodSignature(n)
      || (ts.isModuleDeclaration(n) && ts.isIdentifier(n.name))
      || ts.isTypeAliasDeclaration(n) || ts.isPropertyDeclaration(n)
      || (ts.isVariableDeclaration(n) && ts.isIdentifier(n.name));
    if (!named) continue;
    const name = nameOf(n);
    if (name && (parts.length === 0 || !(ts.isVariableDeclaration(n) && n.initializer
      && ts.isClassExpression(n.initializer)))) parts.unshift(name);
  }
  return parts.join('.');
}

function describe(d) {
  const sf = d.getSourceFile();
  const line = sf.getLineAndCharacterOfPosition(d.getStart(sf)).line + 1;
  return [relative(sf.fileName), line, kindOf(d), qualnameOf(d)];
}

function moduleFileOf(specifier) {
  const symbol = specifier && checker.getSymbolAtLocation(specifier);
  const decl = symbol?.valueDeclaration ?? symbol?.declarations?.[0];
  return decl?.getSourceFile().fileName ?? null;
}

function aliasSpecifier(d) {
  // the module specifier an alias declaration takes its name from (null: a local alias)
  for (let n = d; n; n = n.parent) {
    if (ts.isImportDeclaration(n) || ts.isExportDeclaration(n)) return n.moduleSpecifier ?? null;
    if (ts.isImportEqualsDeclaration(n)) {
      return ts.isExternalModuleReference(n.moduleReference) ? n.moduleReference.expression : null;
    }
    if (ts.isVariableDeclaration(n) && n.initializer && ts.isCallExpression(n.initializer)) {
      return n.initializer.arguments[0] ?? null;
    }
    if (ts.isSourceFile(n)) return null;
  }
  return null;
}

function hopTag(d) {
  if (ts.isExportSpecifier(d)) {
    const from = d.parent.parent.moduleSpecifier;
    const renamed = d.propertyName && d.propertyName.text !== d.name.text;
    if (!from) return 'export-local';
    return renamed ? 'reexport-as' : 'reexport';
  }
  if (ts.isExportAssignment(d)) return 'export=';
  if (ts.isNamespaceExport(d)) return 'reexport-ns';
  return 'import';
}

// Follow aliases one hop at a time: the final symbol and how it got there
function follow(symbol, expectFile) {
  const tags = [];
  let expected = expectFile;
  for (let hops = 0; symbol && symbol.flags & ts.SymbolFlags.Alias && hops < 32; hops++) {
    const d = symbol.declarations?.[0];
    if (d) {
      tags.push(hopTag(d));
      const specifier = aliasSpecifier(d);
      if (specifier) expected = moduleFileOf(specifier);
    }
    const next = checker.getImmediateAliasedSymbol(symbol);
    if (!next || next === symbol) { symbol = undefined; break; }
    symbol = next;
  }
  const decls = symbol?.declarations ?? [];
  if (expected && decls.length && !decls.some((d) => d.getSourceFile().fileName === expected)) {
    tags.push('star');
  }
  return { symbol, decls, tags };
}

function initialiserDecls(decls) {
  // `export const map = core.map`: what the const is bound to, a few levels deep
  const found = [];
  let current = decls;
  for (let depth = 0; depth < 4; depth++) {
    const d = current.find((x) => ts.isVariableDeclaration(x) && x.initializer
      && (ts.isIdentifier(x.initializer) || ts.isPropertyAccessExpression(x.initializer)));
    if (!d) break;
    const init = d.initializer;
    const at = ts.isPropertyAccessExpression(init) ? init.name : init;
    current = follow(checker.getSymbolAtLocation(at), null).decls;
    found.push(...current.map(describe));
  }
  return found;
}

function chainHead(expr) {
  let e = expr;
  while (ts.isPropertyAccessExpression(e) || ts.isNonNullExpression(e)) e = e.expression;
  return e;
}

function headKind(head, sf) {
  if (head.kind === K.ThisKeyword) return 'this';
  if (head.kind === K.SuperKeyword) return 'super';
  if (!ts.isIdentifier(head)) return 'expr';
  const symbol = checker.getSymbolAtLocation(head);
  if (!symbol) return 'unknown';
  if (symbol.flags & ts.SymbolFlags.Alias) {
    const d = symbol.declarations?.[0];
    if (!d) return 'alias';
    if (ts.isImportSpecifier(d)) return 'named';
    if (ts.isImportClause(d)) return 'default';
    if (ts.isNamespaceImport(d)) return 'namespace';
    if (ts.isImportEqualsDeclaration(d)) return 'import=';
    if (ts.isVariableDeclaration(d) || ts.isBindingElement(d)) return 'require';
    return 'alias';
  }
  const d = symbol.valueDeclaration ?? symbol.declarations?.[0];
  if (!d) return 'unknown';
  if (relative(d.getSourceFile().fileName) === null) return 'outside';
  if (d.getSourceFile() !== sf) return 'global';
  if (ts.isParameter(d)) return 'param';
  if (ts.isVariableDeclaration(d) && ts.isSourceFile(d.parent.parent.parent)) return 'file-var';
  if (ts.isVariableDeclaration(d) || ts.isBindingElement(d)) return 'var';
  return 'local';
}

function receiverKind(expr) {
  if (!ts.isPropertyAccessExpression(expr)) return null;
  let object = expr.expression;
  while (ts.isNonNullExpression(object)) object = object.expression;
  if (object.kind === K.ThisKeyword) return 'this';
  if (object.kind === K.SuperKeyword) return 'super';
  const at = ts.isPropertyAccessExpression(object) ? object.name : object;
  let symbol = checker.getSymbolAtLocation(at);
  if (symbol && symbol.flags & ts.SymbolFlags.Alias) symbol = follow(symbol, null).symbol;
  if (symbol && symbol.flags & (ts.SymbolFlags.Class | ts.SymbolFlags.Enum)) return 'class';
  if (symbol && symbol.flags & (ts.SymbolFlags.ValueModule | ts.SymbolFlags.NamespaceModule)) {
    return 'module';
  }
  return 'value';
}

function anchorOf(expr) {
  let e = expr;
  while (ts.isNonNullExpression(e)) e = e.expression;
  if (ts.isIdentifier(e) || e.kind === K.SuperKeyword) return e;
  if (ts.isPropertyAccessExpression(e) && ts.isIdentifier(e.name)) return e.name;
  return null;
}

function out(record) {
  process.stdout.write(JSON.stringify(record) + '\n');
}

function visitFile(sf, rel) {
  const bytes = byteOffsets(sf.text);
  const offset = (pos) => (bytes ? bytes[pos] : pos);
  const lineOf = (node) => sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1;
  const span = (node) => [offset(node.getStart(sf)), offset(node.getEnd())];

  function importSite(node, specifier, form) {
    if (!specifier || !ts.isStringLiteralLike(specifier)) return;
    const mode = program.getModeForUsageLocation(sf, specifier);
    const found = ts.resolveModuleName(specifier.text, sf.fileName, options, host, cache,
      undefined, mode).resolvedModule;
    const to = found ? relative(found.resolvedFileName) : null;
    out({ k: 'import', file: rel, line: lineOf(node), spec: specifier.text, form, to,
      outside: to === null && !!found });
  }

  function referenceSite(kind, expr, extra) {
    const anchor = anchorOf(expr);
    if (!anchor) return;
    const head = chainHead(expr);
    let expected = null;
    if (ts.isPropertyAccessExpression(expr) && ts.isIdentifier(head)) {
      const headSymbol = checker.getSymbolAtLocation(head);
      const d = headSymbol?.declarations?.[0];
      if (d && (ts.isNamespaceImport(d) || ts.isImportEqualsDeclaration(d))) {
        expected = moduleFileOf(aliasSpecifier(d));
      }
    }
    let symbol;
    try {
      symbol = checker.getSymbolAtLocation(anchor);
    } catch {
      symbol = undefined;
    }
    const { decls, tags } = follow(symbol, expected);
    const [start, end] = span(expr);
    out({
      k: kind, file: rel, line: lineOf(expr), start, end, text: expr.getText(sf),
      head: headKind(head, sf), tags, decls: decls.map(describe), ...extra,
      ...(kind === 'call' ? { inits: initialiserDecls(decls) } : {}),
    });
  }

  function visit(node) {
    if (ts.isCallExpression(node)) {
      const callee = node.expression;
      if (callee.kind === K.ImportKeyword) {
        importSite(node, node.arguments[0], 'dynamic');
      } else if (ts.isIdentifier(callee) && callee.text === 'require'
        && node.arguments.length === 1 && ts.isStringLiteralLike(node.arguments[0])) {
        importSite(node, node.arguments[0], 'require');
      } else {
        referenceSite('call', callee, { new: false, recv: receiverKind(callee) });
      }
    } else if (ts.isNewExpression(node)) {
      referenceSite('call', node.expression, { new: true, recv: receiverKind(node.expression) });
    } else if (ts.isHeritageClause(node)) {
      const clause = node.token === K.ExtendsKeyword ? 'extends' : 'implements';
      for (const type of node.types) referenceSite('base', type.expression, { clause });
    } else if (ts.isImportDeclaration(node)) {
      importSite(node, node.moduleSpecifier, 'import');
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier) {
      importSite(node, node.moduleSpecifier, 'export');
    } else if (ts.isImportEqualsDeclaration(node)
      && ts.isExternalModuleReference(node.moduleReference)) {
      importSite(node, node.moduleReference.expression, 'import=');
    }
    ts.forEachChild(node, visit);
  }
  visit(sf);
}

for (const rel of request.files) {
  const sf = program.getSourceFile(path.join(root, rel));
  if (sf) visitFile(sf, rel);
  else process.stderr.write(`not in the program: ${rel}\n`);
}
