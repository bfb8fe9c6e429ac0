#!/usr/bin/env python3
"""A seat-protocol probe for the tests: logs every line it is sent to
DIR/<pid>.log (and its answers to DIR/<pid>.answers), answers each decide
with its first lawful action, and after `over` writes EXIT and exits, or
with `stay` says "stay": true and waits for the next game. At the end of
its input it writes EOF."""

import json
import os
import sys

folder = sys.argv[1]
stay = len(sys.argv) > 2 and sys.argv[2] == "stay"
base = os.path.join(folder, str(os.getpid()))
with open(base + ".log", "a") as log, open(base + ".answers", "a") as answers:
    for line in sys.stdin:
        log.write(line)
        log.flush()
        msg = json.loads(line)
        if msg["type"] == "decide":
            answer = {"action": msg["legal"][0]}
            if stay:
                answer["stay"] = True
            text = json.dumps(answer)
            answers.write(text + "\n")
            answers.flush()
            sys.stdout.write(text + "\n")
            sys.stdout.flush()
        elif msg["type"] == "over" and not stay:
            log.write("EXIT\n")
            log.flush()
            sys.exit(0)
    log.write("EOF\n")
