// Scala definitions as scalameta parses them, one JSON object a line, for
// benchmarks/definitions_vs_parsers.py: {"path", "kind", "name", "line"} per definition, or
// {"path", "error"} for a file neither dialect parses. Build and run: see benchmarks/README.md.
//
// Kinds, as languages/scala.py makes symbols: class, case class, object, case object, trait,
// enum (Scala 3) and package object -> "type"; def (a definition, an abstract declaration, a
// macro; in a class, object, trait, anonymous class, extension or block alike) -> "function".
// Auxiliary constructors (`def this`), val/var, given, type members and enum cases are none.
// The name is the name's value (backticks dropped); the line (1-based) is the name's.
import scala.meta._
import java.nio.file.{Files, Paths}

object ScalaDefinitions {
  private def json(s: String): String = {
    val out = new StringBuilder("\"")
    s.foreach {
      case '"' => out.append("\\\"")
      case '\\' => out.append("\\\\")
      case c if c < ' ' => out.append(f"\\u${c.toInt}%04x")
      case c => out.append(c)
    }
    out.append('"').toString
  }

  private def parse(path: String, text: String, dialect: Dialect): Option[Source] =
    dialect(Input.VirtualFile(path, text)).parse[Source] match {
      case Parsed.Success(tree) => Some(tree)
      case _ => None
    }

  def main(args: Array[String]): Unit = {
    val out = new java.io.PrintStream(System.out, false, "UTF-8")
    for (path <- args) {
      val text = new String(Files.readAllBytes(Paths.get(path)), "UTF-8")
      parse(path, text, dialects.Scala213).orElse(parse(path, text, dialects.Scala3)) match {
        case None => out.println(s"""{"path": ${json(path)}, "error": "parse"}""")
        case Some(source) =>
          val found = source.collect {
            case t: Defn.Class => ("type", t.name)
            case t: Defn.Trait => ("type", t.name)
            case t: Defn.Object => ("type", t.name)
            case t: Defn.Enum => ("type", t.name)
            case t: Pkg.Object => ("type", t.name)
            case t: Defn.Def => ("function", t.name)
            case t: Decl.Def => ("function", t.name)
            case t: Defn.Macro => ("function", t.name)
          }
          for ((kind, name) <- found) {
            val line = name.pos.startLine + 1
            out.println(
              s"""{"path": ${json(path)}, "kind": "$kind", "name": ${json(name.value)}, "line": $line}"""
            )
          }
      }
    }
    out.flush()
  }
}
