"""Answer a batch of robots.txt questions with CPython's urllib.robotparser.

Reads one JSON object from stdin:
    {"cases": [{"body": <base64 bytes>, "queries": [[token, url], ...]}, ...]}
and prints a first line {"version": [major, minor]}, then one JSON object per
case, in order:
    {"decode_error": bool, "parse_raised": bool, "verdicts": ["allow" | "disallow" | "raise", ...]}

The body is read as RobotFileParser.read() does: body.decode("utf-8"), then
parse(text.splitlines()). Where that decode fails, the case is recorded and
the body is decoded with errors="replace" instead. Where parse() raises
ValueError, that is recorded and the questions are still asked of the parser
as parse() left it. Where can_fetch() raises ValueError, the verdict is
"raise".
"""

import base64
import json
import sys
import urllib.robotparser


def answer(case):
    body = base64.b64decode(case["body"])
    out = {"decode_error": False, "parse_raised": False, "verdicts": []}
    try:
        text = body.decode("utf-8")
    except UnicodeDecodeError:
        out["decode_error"] = True
        text = body.decode("utf-8", "replace")
    rp = urllib.robotparser.RobotFileParser()
    try:
        rp.parse(text.splitlines())
    except ValueError:
        out["parse_raised"] = True
    for token, url in case["queries"]:
        try:
            verdict = "allow" if rp.can_fetch(token, url) else "disallow"
        except ValueError:
            verdict = "raise"
        out["verdicts"].append(verdict)
    return out


def main():
    batch = json.loads(sys.stdin.buffer.read())
    write = sys.stdout.write
    write(json.dumps({"version": list(sys.version_info[:2])}) + "\n")
    for case in batch["cases"]:
        write(json.dumps(answer(case)) + "\n")


if __name__ == "__main__":
    main()
