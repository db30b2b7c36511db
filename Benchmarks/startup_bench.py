#!/usr/bin/env python3
"""Start-up to the first prompt: strut in a pseudo-terminal (so libedit is used), timed from
the fork to the moment "strut> " is read; median of --runs runs, one JSON line.

Usage: startup_bench.py PATH/TO/strut [--runs R]
"""
import json
import os
import pty
import select
import statistics
import sys
import tempfile
import time

strut = sys.argv[1]
runs = int(sys.argv[sys.argv.index("--runs") + 1]) if "--runs" in sys.argv else 10
state = tempfile.mkdtemp(prefix="strut-startup-")
times = []
for _ in range(runs):
    start = time.perf_counter()
    pid, fd = pty.fork()
    if pid == 0:
        os.execve(strut, [strut], dict(os.environ, XDG_STATE_HOME=state, TERM="xterm"))
    data = b""
    while b"strut> " not in data:
        ready, _, _ = select.select([fd], [], [], 5)
        if not ready:
            sys.exit("no prompt within 5 s")
        data += os.read(fd, 4096)
    times.append((time.perf_counter() - start) * 1000)
    os.write(fd, b"quit\r")
    os.waitpid(pid, 0)
print(json.dumps({"impl": "strut", "workload": "startup", "n": 1, "ms": round(statistics.median(times), 3)}))
