"""Waiting for what other processes do: polling with a deadline, and the failure raised when
something does not come in time or cannot run."""
import time


class BenchFailure(RuntimeError):
    """Something the benchmark needs did not happen in time or could not run."""


def wait_until(condition, timeout: float, what: str, interval: float = 0.02):
    """Polls condition() until it returns something truthy (returned), or raises after
    timeout seconds. The polling is for other processes, which cannot tell us."""
    deadline = time.monotonic() + timeout
    while True:
        value = condition()
        if value:
            return value
        if time.monotonic() >= deadline:
            raise BenchFailure(f"no {what} within {timeout:g} s")
        time.sleep(interval)
