#!/usr/bin/env python3
"""A signed /v1 call with Python's standard library only (docs/signing.md).

    python3 clients/python/signed_request.py METHOD PATH_WITH_QUERY [JSON_BODY]

Reads SERVICE_URL (default http://localhost:8080), API_KEY and API_SECRET
(`source .demo-data/demo.env` sets them). Prints the JSON answer; exits 1 on
an error status, printing the error body on stderr.
"""
import hashlib
import hmac
import json
import os
import sys
import time
import urllib.error
import urllib.request


def signature(secret: str, timestamp: str, method: str, path_with_query: str, body: str = "") -> str:
    """Lowercase hex HMAC-SHA256 of timestamp + METHOD + path (with query, as sent) + raw body."""
    message = f"{timestamp}{method.upper()}{path_with_query}{body}".encode("utf-8")
    return hmac.new(secret.encode("utf-8"), message, hashlib.sha256).hexdigest()


def signed_request(method: str, path_with_query: str, body: str = ""):
    base_url = os.environ.get("SERVICE_URL", "http://localhost:8080")
    timestamp = str(int(time.time() * 1000))
    headers = {
        "X-Service-API-Key": os.environ["API_KEY"],
        "X-Service-Timestamp": timestamp,
        "X-Service-Signature": signature(os.environ["API_SECRET"], timestamp, method, path_with_query, body),
    }
    if body:
        headers["content-type"] = "application/json"
    request = urllib.request.Request(base_url + path_with_query, data=body.encode("utf-8") if body else None, headers=headers, method=method.upper())
    with urllib.request.urlopen(request, timeout=30) as response:
        text = response.read().decode("utf-8")
        return json.loads(text) if text else None


def main(argv):
    if len(argv) < 3:
        print(__doc__, file=sys.stderr)
        return 2
    try:
        answer = signed_request(argv[1], argv[2], argv[3] if len(argv) > 3 else "")
    except urllib.error.HTTPError as error:
        print(f"{error.code} {error.read().decode('utf-8')}", file=sys.stderr)
        return 1
    print(json.dumps(answer, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
