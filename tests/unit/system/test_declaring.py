"""A verb declared at module level (`coderooms.verbs.declaring.Verb`) is listed with `agent_id` then
its request's fields, flat, and answers with the request built once from the call."""

from __future__ import annotations

import inspect
from dataclasses import dataclass
from typing import Annotated, Any

from pydantic import Field

from coderooms.verbs.declaring import Verb, as_written_in_a_factory
from coderooms.verbs.effects import READS
from coderooms.verbs.spec import Freshness


@dataclass(frozen=True, slots=True)
class EchoRequest:
    text: Annotated[str, Field(description="What to echo.")]
    times: Annotated[int, Field(description="How often.")] = 1


class Caller:
    def __init__(self) -> None:
        self.checked: list[str] = []

    def agent(self, agent_id: str) -> str:
        self.checked.append(agent_id)
        return agent_id.upper()


def echo(ctx: Any, agent: str, request: EchoRequest) -> dict[str, Any]:
    """Echo a text.

    As often as asked."""
    return {"agent": agent, "said": request.text * request.times}


def test_the_signature_is_agent_id_then_the_request_fields() -> None:
    spec = Verb(echo, EchoRequest, READS, name="echo_verb", freshness=Freshness.BRIEF).spec(
        Caller()  # type: ignore[arg-type]
    )
    parameters = inspect.signature(spec.fn).parameters
    assert list(parameters) == ["agent_id", "text", "times"]
    assert parameters["text"].default is inspect.Parameter.empty
    assert parameters["times"].default == 1
    assert spec.name == "echo_verb"
    assert spec.freshness is Freshness.BRIEF
    assert spec.summary == "Echo a text."


def test_a_call_checks_the_caller_and_builds_the_request() -> None:
    caller = Caller()
    spec = Verb(echo, EchoRequest, READS).spec(caller)  # type: ignore[arg-type]
    assert spec.fn("a", "ho", times=2) == {"agent": "A", "said": "hoho"}
    assert spec.fn(agent_id="b", text="x") == {"agent": "B", "said": "x"}
    assert caller.checked == ["a", "b"]


def test_help_reads_the_docstring_as_a_factory_closure_had_it() -> None:
    assert as_written_in_a_factory(echo.__doc__ or "") == (
        "Echo a text.\n\n        As often as asked."
    )
