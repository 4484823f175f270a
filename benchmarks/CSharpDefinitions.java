// The C# definitions of each file given, as JSON lines, read by the grammars-v4 C# grammar
// (ANTLR 4): the reference `benchmarks/definitions_vs_parsers.py` compares our C# extractor
// with. Built as benchmarks/README.md says ("The C# oracle"); not part of the package.
//
// A file is parsed once per preprocessor configuration: no symbol defined, every symbol its
// `#if`/`#elif` lines name defined, and each of those symbols alone (up to 12 symbols); what
// any configuration that parses without a syntax error defines is a definition of the file
// (the first line seen). A file whose first configuration does not parse, or whose parse
// does not end within `-Dcsharp.timeout.ms` (60 s), is reported as `{"path": ..., "error": ...}`.
//
// Kinds and names, as `definitions_vs_ctags._csharp_kind` compares our symbols:
// * "type": class, struct, interface, enum, record (`record`, `record class`, `record
//   struct`);
// * "function": methods (an explicit interface implementation `I.M` is `M`), constructors and
//   static constructors (the type's name), finalizers (`~C`), operators (`operator+`,
//   conversions `operatorint`), and delegates (ctags' kind for them); not local functions,
//   lambdas, indexers, accessors;
// * "property": properties, and events with accessors (`event H E { add; remove; }`); not
//   field-like events, fields, constants, enum members.
// The line is that of the name's token (the `operator` keyword for an operator).

import java.lang.reflect.Field;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.antlr.v4.runtime.BailErrorStrategy;
import org.antlr.v4.runtime.BaseErrorListener;
import org.antlr.v4.runtime.CharStreams;
import org.antlr.v4.runtime.CommonTokenStream;
import org.antlr.v4.runtime.ParserRuleContext;
import org.antlr.v4.runtime.RecognitionException;
import org.antlr.v4.runtime.Recognizer;
import org.antlr.v4.runtime.Token;
import org.antlr.v4.runtime.atn.PredictionContextCache;
import org.antlr.v4.runtime.atn.PredictionMode;
import org.antlr.v4.runtime.misc.ParseCancellationException;
import org.antlr.v4.runtime.tree.ParseTree;
import org.antlr.v4.runtime.tree.TerminalNode;

public final class CSharpDefinitions {
    private static final Pattern CONDITION = Pattern.compile("(?m)^\\s*#\\s*(?:if|elif)\\b(.*)$");
    private static final Pattern SYMBOL = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*");
    private static final int MOST_SYMBOLS = 12;

    /** A syntax error (lexer or parser) aborts the configuration's parse. */
    private static final class Errors extends BaseErrorListener {
        String first;

        @Override
        public void syntaxError(Recognizer<?, ?> r, Object symbol, int line, int column,
                String message, RecognitionException e) {
            if (first == null) first = line + ":" + column + " " + message;
        }
    }

    public static void main(String[] args) throws Exception {
        StringBuilder out = new StringBuilder();
        for (String arg : args) {
            String path = arg;
            String source = new String(Files.readAllBytes(Path.of(path)), StandardCharsets.UTF_8);
            if (source.startsWith("\uFEFF")) source = source.substring(1); // a byte-order mark
            lines(source);
            Map<String, Integer> found = new LinkedHashMap<>();
            String[] error = {null};
            final String text = source;
            Thread worker = new Thread(null, () -> {
                List<Set<String>> configurations = configurations(text);
                for (int i = 0; i < configurations.size(); i++) {
                    Map<String, Integer> one = new LinkedHashMap<>();
                    String failed = definitions(text, configurations.get(i), one);
                    if (failed != null) {
                        if (i == 0) {
                            error[0] = failed;
                            break;
                        }
                        continue;
                    }
                    synchronized (found) {
                        for (Map.Entry<String, Integer> e : one.entrySet())
                            found.merge(e.getKey(), e.getValue(), Math::min);
                    }
                }
            }, "parse", 1L << 28);
            worker.start();
            worker.join(TIMEOUT_MS);
            if (worker.isAlive()) { // ALL(*) prediction gone exponential: the file is rejected
                stop(worker);
                error[0] = "timeout after " + TIMEOUT_MS + " ms";
                found.clear();
            }
            if (error[0] != null) {
                out.append("{\"path\": ").append(quote(path)).append(", \"error\": ")
                        .append(quote(error[0])).append("}\n");
            } else {
                for (Map.Entry<String, Integer> e : found.entrySet()) {
                    String[] key = e.getKey().split("\u0000", 2);
                    out.append("{\"path\": ").append(quote(path)).append(", \"kind\": ")
                            .append(quote(key[0])).append(", \"name\": ").append(quote(key[1]))
                            .append(", \"line\": ").append(e.getValue()).append("}\n");
                }
            }
            Runtime runtime = Runtime.getRuntime();
            if (runtime.totalMemory() - runtime.freeMemory() > runtime.maxMemory() / 2)
                clearCaches(); // the prediction caches only grow: past half the heap, GC thrashes
            System.out.print(out); // file by file: a slow file shows where it is
            System.out.flush();
            out.setLength(0);
        }
        System.out.print(out);
        System.out.flush();
    }

    private static final long TIMEOUT_MS = Long.getLong("csharp.timeout.ms", 60_000L);

    @SuppressWarnings({"deprecation", "removal"})
    private static void stop(Thread worker) throws InterruptedException {
        worker.stop(); // Java 17: still stops it; its half-built prediction caches are dropped
        worker.join();
        clearCaches();
    }

    private static void clearCaches() {
        CSharpLexer lexer = new CSharpLexer(CharStreams.fromString(""));
        lexer.getInterpreter().clearDFA();
        new CSharpParser(new CommonTokenStream(lexer)).getInterpreter().clearDFA();
        try { // the contexts the DFA states shared, which no method of the runtime clears
            Field cache = PredictionContextCache.class.getDeclaredField("cache");
            cache.setAccessible(true);
            ((Map<?, ?>) cache.get(CSharpParser._sharedContextCache)).clear();
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException(e);
        }
    }

    /** No symbol, all symbols, each symbol alone (the symbols the `#if`/`#elif` lines name). */
    static List<Set<String>> configurations(String source) {
        Set<String> symbols = new LinkedHashSet<>();
        Matcher line = CONDITION.matcher(source);
        while (line.find()) {
            Matcher symbol = SYMBOL.matcher(line.group(1).replaceAll("//.*", ""));
            while (symbol.find())
                if (!symbol.group().equals("true") && !symbol.group().equals("false"))
                    symbols.add(symbol.group());
        }
        List<Set<String>> found = new ArrayList<>();
        found.add(Set.of());
        if (symbols.isEmpty()) return found;
        found.add(symbols);
        if (symbols.size() > 1 && symbols.size() <= MOST_SYMBOLS)
            for (String symbol : symbols) found.add(Set.of(symbol));
        return found;
    }

    /** Parse `source` with `defined` symbols into `found`; the first syntax error, or null. */
    static String definitions(String source, Set<String> defined, Map<String, Integer> found) {
        // CSharpLexerBase reads its predefined symbols (`--DSYM`) from this property
        StringBuilder command = new StringBuilder("CSharpDefinitions");
        for (String symbol : defined) command.append(" --D").append(symbol);
        System.setProperty("sun.java.command", command.toString());
        Errors errors = new Errors();
        CSharpLexer lexer = new CSharpLexer(CharStreams.fromString(source));
        lexer.removeErrorListeners();
        lexer.addErrorListener(errors);
        CommonTokenStream tokens = new CommonTokenStream(lexer);
        tokens.fill();
        if (errors.first != null) return errors.first;
        ParseTree tree;
        try { // SLL prediction first (fast, exact when it succeeds), full LL where it fails
            CSharpParser parser = new CSharpParser(tokens);
            parser.removeErrorListeners();
            parser.setErrorHandler(new BailErrorStrategy());
            parser.getInterpreter().setPredictionMode(PredictionMode.SLL);
            tree = parser.compilation_unit();
        } catch (ParseCancellationException e) {
            tokens.seek(0);
            CSharpParser parser = new CSharpParser(tokens);
            parser.removeErrorListeners();
            parser.addErrorListener(errors);
            parser.getInterpreter().setPredictionMode(PredictionMode.LL);
            tree = parser.compilation_unit();
        }
        if (errors.first != null) return errors.first;
        walk(tree, found);
        return null;
    }

    /** Offsets of the source's line starts (a token's own line count goes wrong after a
     *  skipped `#if` section: the line is found from its offset instead). */
    private static int[] lineStarts = new int[] {0};

    private static void lines(String source) {
        List<Integer> starts = new ArrayList<>();
        starts.add(0);
        int[] points = source.codePoints().toArray(); // ANTLR's offsets count code points
        for (int i = 0; i < points.length; i++) if (points[i] == '\n') starts.add(i + 1);
        lineStarts = starts.stream().mapToInt(Integer::intValue).toArray();
    }

    private static void add(Map<String, Integer> found, String kind, String name, Token at) {
        int line = Arrays.binarySearch(lineStarts, at.getStartIndex());
        line = line >= 0 ? line + 1 : -line - 1;
        found.merge(kind + "\u0000" + name, line, Math::min);
    }

    private static ParserRuleContext child(ParserRuleContext node, Class<?> type) {
        for (int i = 0; i < node.getChildCount(); i++)
            if (type.isInstance(node.getChild(i))) return (ParserRuleContext) node.getChild(i);
        return null;
    }

    private static TerminalNode token(ParserRuleContext node, String text) {
        for (int i = 0; i < node.getChildCount(); i++)
            if (node.getChild(i) instanceof TerminalNode t && t.getText().equals(text)) return t;
        return null;
    }

    /** `M` for `member_name` `M` or `I.M` (the last identifier). */
    private static ParserRuleContext lastIdentifier(ParserRuleContext node) {
        ParserRuleContext last = null;
        for (int i = 0; i < node.getChildCount(); i++)
            if (node.getChild(i) instanceof CSharpParser.IdentifierContext id) last = id;
        return last;
    }

    private static void named(Map<String, Integer> found, String kind, ParserRuleContext name) {
        if (name != null) add(found, kind, name.getText(), name.getStart());
    }

    private static void walk(ParseTree node, Map<String, Integer> found) {
        if (node instanceof ParserRuleContext ctx) {
            define(ctx, found);
            for (int i = 0; i < ctx.getChildCount(); i++) walk(ctx.getChild(i), found);
        }
    }

    private static void define(ParserRuleContext ctx, Map<String, Integer> found) {
        if (ctx instanceof CSharpParser.Class_declarationContext
                || ctx instanceof CSharpParser.Struct_declarationContext
                || ctx instanceof CSharpParser.Interface_declarationContext
                || ctx instanceof CSharpParser.Enum_declarationContext
                || ctx instanceof CSharpParser.Record_declarationContext) {
            named(found, "type", child(ctx, CSharpParser.IdentifierContext.class));
        } else if (ctx instanceof CSharpParser.Delegate_headerContext) {
            named(found, "function", child(ctx, CSharpParser.IdentifierContext.class));
        } else if (ctx instanceof CSharpParser.Method_headerContext) {
            ParserRuleContext member = child(ctx, CSharpParser.Member_nameContext.class);
            if (member != null) named(found, "function", lastIdentifier(member));
        } else if (ctx instanceof CSharpParser.Constructor_declaratorContext
                || ctx instanceof CSharpParser.Static_constructor_declarationContext) {
            named(found, "function", child(ctx, CSharpParser.IdentifierContext.class));
        } else if (ctx instanceof CSharpParser.Finalizer_declarationContext) {
            ParserRuleContext name = child(ctx, CSharpParser.IdentifierContext.class);
            if (name != null) add(found, "function", "~" + name.getText(), name.getStart());
        } else if (ctx instanceof CSharpParser.Unary_operator_declaratorContext
                || ctx instanceof CSharpParser.Binary_operator_declaratorContext) {
            TerminalNode keyword = token(ctx, "operator");
            ParserRuleContext operator = ctx.getChild(ParserRuleContext.class, 1);
            if (keyword != null && operator != null)
                add(found, "function", "operator" + operator.getText(), keyword.getSymbol());
        } else if (ctx instanceof CSharpParser.Conversion_operator_declaratorContext) {
            TerminalNode keyword = token(ctx, "operator");
            ParserRuleContext type = child(ctx, CSharpParser.Type_Context.class);
            if (keyword != null && type != null)
                add(found, "function", "operator" + type.getText(), keyword.getSymbol());
        } else if (ctx instanceof CSharpParser.Property_declarationContext) {
            ParserRuleContext member = child(ctx, CSharpParser.Member_nameContext.class);
            if (member != null) named(found, "property", lastIdentifier(member));
        } else if (ctx instanceof CSharpParser.Event_declarationContext) {
            ParserRuleContext member = child(ctx, CSharpParser.Member_nameContext.class);
            if (member != null) named(found, "property", lastIdentifier(member));
        }
    }

    private static String quote(String text) {
        StringBuilder quoted = new StringBuilder("\"");
        for (char ch : text.toCharArray()) {
            if (ch == '"' || ch == '\\') quoted.append('\\').append(ch);
            else if (ch < 0x20) quoted.append(String.format("\\u%04x", (int) ch));
            else quoted.append(ch);
        }
        return quoted.append('"').toString();
    }
}
