# Definitions of Ruby files as Ruby's own parser (Ripper) reads them, one JSON object a line:
# {"path", "kind", "name", "line"}, or {"path", "error"} for a file Ripper cannot parse.
# Used by definitions_vs_parsers.py (its docstring says what each kind is and why).
#
# Run: ruby benchmarks/ruby_definitions.rb FILE...
require "json"
require "ripper"

ACCESSORS = %w[attr_reader attr_writer attr_accessor].freeze
CALLED = %w[alias_method define_method].freeze
ANONYMOUS = %w[Class Module].freeze

# [name, line] of a token `[:@ident, "x", [line, col]]` (any scanner event), else nil.
def token(node)
  node.is_a?(Array) && node[0].is_a?(Symbol) && node[0].to_s.start_with?("@") ? [node[1], node[2][0]] : nil
end

# The last constant of `A`, `A::B`, `::A` as [name, line]; nil when a part is no constant.
def constant(node)
  case node && node[0]
  when :const_ref, :top_const_ref, :var_ref, :var_field
    t = token(node[1])
    t if node[1][0] == :@const
  when :const_path_ref
    constant(node[1]) && token(node[2])
  when :@const
    token(node)
  end
end

# `:x`, `:"x"`, `"x"` (no interpolation) -> [name, line]; nil for anything else.
def literal(node)
  case node && node[0]
  when :symbol_literal
    inner = node[1]
    inner = inner[1] if inner.is_a?(Array) && inner[0] == :symbol
    token(inner)
  when :dyna_symbol, :string_literal
    parts = node[1]
    parts = parts[1..] if parts.is_a?(Array) && parts[0] == :string_content
    parts.is_a?(Array) && parts.length == 1 && parts[0][0] == :@tstring_content ? token(parts[0]) : nil
  end
end

# A receiverless call `name args` / `name(args)` -> [name, line, [arg, ...]], else nil.
def command(node)
  case node[0]
  when :command
    head, args = node[1], node[2]
  when :method_add_arg
    return nil unless node[1].is_a?(Array) && node[1][0] == :fcall
    head = node[1][1]
    args = node[2] && node[2][1]
  else
    return nil
  end
  t = token(head)
  return nil unless t && head[0] == :@ident
  args = args[1] if args.is_a?(Array) && args[0] == :args_add_block
  [t[0], t[1], args.is_a?(Array) ? args : []]
end

# `Class.new`, `Module.new(Base)`, `Class.new do ... end`.
def anonymous_class?(node)
  node = node[1] while node.is_a?(Array) && %i[method_add_arg method_add_block].include?(node[0])
  return false unless node.is_a?(Array) && node[0] == :call
  receiver = node[1]
  receiver.is_a?(Array) && receiver[0] == :var_ref && receiver[1][0] == :@const &&
    ANONYMOUS.include?(receiver[1][1]) && token(node[3])&.first == "new"
end

def walk(node, out)
  return unless node.is_a?(Array)
  case node[0]
  when :class, :module
    name = constant(node[1])
    out << ["type", *name] if name
  when :def
    out << ["function", *token(node[1])]
  when :defs
    target = node[1]
    kind = target[0] == :vcall || target[0] == :var_ref ? target[1][0] : nil
    out << ["function", *token(node[3])] if %i[@kw @const @ident].include?(kind) &&
                                             (kind != :@kw || target[1][1] == "self")
  when :alias
    name = literal(node[1]) || token(node[1])
    out << ["alias", *name] if name
  when :assign
    if node[1][0] == :var_field && node[1][1][0] == :@const && anonymous_class?(node[2])
      out << ["type", *token(node[1][1])]
    end
  end
  call = node[0].is_a?(Symbol) ? command(node) : nil
  if call
    name, line, args = call
    if ACCESSORS.include?(name)
      args.each do |arg|
        next unless arg[0] == :symbol_literal && (attribute = literal(arg))
        out << ["function", attribute[0], line] unless name == "attr_writer"
        out << ["function", "#{attribute[0]}=", line] unless name == "attr_reader"
      end
    elsif CALLED.include?(name) && (first = literal(args[0]))
      out << [name == "alias_method" ? "alias" : "function", first[0], line]
    end
  end
  node.each { |child| walk(child, out) if child.is_a?(Array) }
end

ARGV.each do |path|
  tree = Ripper.sexp(File.read(path, encoding: "UTF-8"))
  if tree.nil?
    puts JSON.generate({path: path, error: "syntax"})
    next
  end
  found = []
  walk(tree, found)
  found.each { |kind, name, line| puts JSON.generate({path: path, kind: kind, name: name, line: line}) }
end
