"""``benchmarks/web.py``'s settings: production's, plus a hello-world view (the floor) and a
middleware that counts each request's queries (``X-Queries``) and, asked by the benchmark
(``X-Bench-Invalidate``), raises every tournament's and club's version first: a request
"just after a change". Never used outside the benchmark."""

from __future__ import annotations

from config.settings_production import *  # noqa: F403
from config.settings_production import MIDDLEWARE

ROOT_URLCONF = "benchmarks._web_urls"
MIDDLEWARE = ["benchmarks._web_urls.BenchMiddleware", *MIDDLEWARE]
