"""Prometheus metrics of one service process (``GET /metrics``).

Request counts and latency by route template (``/v1/users/{user}/...``, so
user ids never become label values), the engine's append latency, and two
gauges read when scraped: projection lag, live API keys and distillation lag. Each app has its
own registry, so two apps in one process (tests, benchmarks) do not collide.
With ``--workers N`` each worker counts its own requests; scrape them
through the port and sum, or run one worker per port.
"""

from __future__ import annotations

from collections.abc import Callable

from prometheus_client import CollectorRegistry, Counter, Gauge, Histogram, generate_latest

from ledgermind.api.distilling import DistillLag

__all__ = ["CONTENT_TYPE", "Metrics"]

CONTENT_TYPE = "text/plain; version=0.0.4; charset=utf-8"
_BUCKETS = (0.0005, 0.001, 0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0)


class Metrics:
    def __init__(self, lag: Callable[[], float], keys: Callable[[], float]) -> None:
        self.registry = CollectorRegistry(auto_describe=True)
        self.requests = Counter(
            "ledgermind_http_requests",
            "HTTP requests answered",
            ["method", "route", "status"],
            registry=self.registry,
        )
        self.latency = Histogram(
            "ledgermind_http_request_seconds",
            "HTTP request latency",
            ["method", "route"],
            buckets=_BUCKETS,
            registry=self.registry,
        )
        self.append = Histogram(
            "ledgermind_append_seconds",
            "engine time of one message append request (validated and durable)",
            buckets=_BUCKETS,
            registry=self.registry,
        )
        lag_gauge = Gauge(
            "ledgermind_projection_lag", "events the slowest projection is behind the log", registry=self.registry
        )
        lag_gauge.set_function(lag)
        keys_gauge = Gauge("ledgermind_api_keys", "live (unrevoked) API keys", registry=self.registry)
        keys_gauge.set_function(keys)

    def watch_distillation(self, lag: Callable[[], DistillLag], holding: Callable[[], float]) -> None:
        """Gauges read when scraped: messages not yet distilled, the oldest
        one's age, and whether this process is the one distilling (holds
        the distiller's lease). A database that does not answer reads NaN."""
        messages = Gauge(
            "ledgermind_distill_lag_messages", "messages not yet distilled into beliefs", registry=self.registry
        )
        messages.set_function(lambda: _or_nan(lambda: float(lag().messages)))
        seconds = Gauge(
            "ledgermind_distill_lag_seconds", "age of the oldest message not yet distilled", registry=self.registry
        )
        seconds.set_function(lambda: _or_nan(lambda: lag().seconds))
        holder = Gauge(
            "ledgermind_distiller_holding", "1 while this process distils (holds the lease)", registry=self.registry
        )
        holder.set_function(lambda: _or_nan(holding))

    def observe(self, method: str, route: str, status: int, seconds: float) -> None:
        self.requests.labels(method, route, str(status)).inc()
        self.latency.labels(method, route).observe(seconds)

    def render(self) -> bytes:
        return generate_latest(self.registry)


def _or_nan(read: Callable[[], float]) -> float:
    try:
        return read()
    except Exception:
        return float("nan")
