"""How long a call waits on the graph before it fails: a deadlock is retried for seconds, a
server that refuses connections fails the call at once (it took 14-17 s: the driver's own loop
retried it as long as a deadlock). Time is simulated: no test waits on a clock."""

from __future__ import annotations

import pytest
from neo4j import exceptions as neo4j_errors

from coderooms.graph import driver
from coderooms.graph.driver import MAX_TRANSACTION_RETRY_S, UNREACHABLE_FAIL_S, _retried


class Clock:
    def __init__(self) -> None:
        self.now = 0.0

    def monotonic(self) -> float:
        return self.now

    def sleep(self, seconds: float) -> None:
        self.now += seconds


@pytest.fixture
def clock(monkeypatch: pytest.MonkeyPatch) -> Clock:
    fake = Clock()
    monkeypatch.setattr(driver.time, "monotonic", fake.monotonic)
    monkeypatch.setattr(driver.time, "sleep", fake.sleep)
    return fake


def failing(error: Exception, attempts: list[float], clock: Clock, *, until: int = 10**6):
    def attempt() -> str:
        attempts.append(clock.now)
        if len(attempts) < until:
            raise error
        return "answered"

    return attempt


def test_an_unreachable_server_fails_the_call_within_its_short_patience(clock: Clock) -> None:
    attempts: list[float] = []
    with pytest.raises(neo4j_errors.ServiceUnavailable):
        _retried(failing(neo4j_errors.ServiceUnavailable("refused"), attempts, clock))
    assert clock.now <= UNREACHABLE_FAIL_S
    assert len(attempts) > 1  # a restarting server still gets a second chance


def test_a_deadlock_is_retried_for_much_longer_and_then_answers(clock: Clock) -> None:
    attempts: list[float] = []
    deadlock = neo4j_errors.TransientError("deadlock")
    assert deadlock.is_retryable()
    assert _retried(failing(deadlock, attempts, clock, until=8)) == "answered"
    assert clock.now > UNREACHABLE_FAIL_S
    with pytest.raises(neo4j_errors.TransientError):
        _retried(failing(deadlock, [], clock))
    assert clock.now <= UNREACHABLE_FAIL_S + 2 * MAX_TRANSACTION_RETRY_S


def test_an_error_that_cannot_succeed_on_a_retry_is_raised_at_once(clock: Clock) -> None:
    attempts: list[float] = []
    with pytest.raises(neo4j_errors.ClientError):
        _retried(failing(neo4j_errors.ClientError("syntax"), attempts, clock))
    assert attempts == [0.0]
