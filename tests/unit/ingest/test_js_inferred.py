"""Issue 32, JavaScript: types the code shows without an annotation (`languages/javascript/
inferred.py`): a function whose every return is `new C(..)` (or null, or a parameter it tests
with `instanceof C`) returns a `C`; `let x = null` assigned only `new C(..)` is a `C`. Any other
return or assignment leaves the call a ghost. Planned as a full ingest plans them."""

from __future__ import annotations

from pathlib import Path

from tests.unit.ingest.test_python_resolution import call, plan

CLASSES = """
class SemVer { compare(o) { return 0 } }
class Range { test(v) { return true } }
module.exports = { SemVer, Range }
"""


def test_returned_and_reassigned_classes_type_their_locals(tmp_path: Path) -> None:
    found = plan(
        tmp_path,
        {
            "classes.js": CLASSES,
            "parse.js": """
                const { SemVer } = require('./classes')
                const parse = (version, options) => {
                  if (!version) return
                  if (version instanceof SemVer) {
                    return version
                  }
                  try {
                    return new SemVer(version, options)
                  } catch (er) {
                    return null
                  }
                }
                module.exports = parse
            """,
            "mixed.js": """
                const { SemVer, Range } = require('./classes')
                function either(x) {
                  if (x) return new SemVer(x)
                  return new Range(x)
                }
                function other(x) {
                  if (x instanceof Range) return x
                  return new SemVer(x)
                }
                module.exports = { either, other }
            """,
            "use.js": """
                const parse = require('./parse')
                const { Range } = require('./classes')
                const { either, other } = require('./mixed')
                function diff(a, b) {
                  const v1 = parse(a)
                  v1.compare(b)
                  const e = either(a)
                  e.test(b)
                  const o = other(a)
                  o.compare(b)
                }
                function max(range) {
                  let rangeObj = null
                  try {
                    rangeObj = new Range(range)
                  } catch (er) {
                    return null
                  }
                  rangeObj.test(1)
                  let maybe = null
                  maybe = new Range(range)
                  maybe = range
                  maybe.test(2)
                }
            """,
        },
    )
    assert call(found, "use.js::diff", "v1.compare")[0] == "classes.js::SemVer.compare"
    assert call(found, "use.js::diff", "e.test")[1] == "ghost"  # two classes returned
    assert call(found, "use.js::diff", "o.compare")[1] == "ghost"  # a Range returned too
    assert call(found, "use.js::max", "rangeObj.test")[0] == "classes.js::Range.test"
    assert call(found, "use.js::max", "maybe.test")[1] == "ghost"  # also assigned a parameter


def test_a_function_assigned_to_a_property_of_a_function_is_its_member(tmp_path: Path) -> None:
    found = plan(
        tmp_path,
        {
            "src/index.js": """
                const dayjs = function (date) { return date }
                dayjs.extend = (plugin) => { plugin(); return dayjs }
                dayjs.locale = parse
                const notFunction = {}
                notFunction.go = () => 1
                export default dayjs
            """,
            "test/use.test.js": """
                import dayjs from '../src'
                function go() {
                  dayjs.extend(() => 1)
                  dayjs.locale('de')
                }
            """,
        },
    )
    assert call(found, "test/use.test.js::go", "dayjs.extend")[0] == "src/index.js::dayjs.extend"
    assert call(found, "test/use.test.js::go", "dayjs.locale")[1] == "ghost"


def test_a_const_holding_this_in_a_method_is_the_instance(tmp_path: Path) -> None:
    # rules-32l: `const me = this` in a method, `me.m()` in its callback is `this.m()`
    # (inherited methods too); outside a method, or under a `function` that has its own
    # `this`, nothing is known
    found = plan(
        tmp_path,
        {
            "lib/base.js": "class Base {\n  log() {}\n}\nmodule.exports = Base;\n",
            "lib/http.js": """
                const Base = require('./base');
                class Http extends Base {
                  send() {
                    const me = this;
                    setTimeout(function () { me.flush(); me.log(); }, 1);
                    setTimeout(() => { const self = this; self.flush(); }, 1);
                    [1].forEach(function () { const own = this; own.flush(); });
                  }
                  flush() {}
                }
                function loose() { const self = this; self.flush(); }
            """,
        },
    )
    send = "lib/http.js::Http.send"
    assert call(found, send, "me.flush") == ("lib/http.js::Http.flush", "local")
    assert call(found, send, "me.log") == ("lib/base.js::Base.log", "import")
    assert call(found, send, "self.flush") == ("lib/http.js::Http.flush", "local")
    assert call(found, send, "own.flush")[1] == "ghost"
    assert call(found, "lib/http.js::loose", "self.flush")[1] == "ghost"
