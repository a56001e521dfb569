# Schemathesis hooks for `npm run test:conformance` (loaded through SCHEMATHESIS_HOOKS). Two rules of the API
# that OpenAPI cannot state, applied to every request just before it is sent, and nothing else:
# - An Idempotency-Key is scoped to one request: the same key with other parameters is refused with 422
#   idempotency_key_reused. The fuzzer draws keys from a small space ("0", "a", ...) and reuses them across
#   operations, so every valid key it generates gets a unique suffix (still 1..255 printable ASCII). Invalid keys
#   are left as generated, so the negative checks still see them.
# - `Sandbox-Simulate: timeout` closes the connection without an answer, on purpose (API.md, sandbox
#   simulations): a fuzzer can only report it as a network error, so that one value is taken out of the header.
import re
import uuid

import schemathesis

VALID_KEY = re.compile(r"^[\x20-\x7e]{1,255}$")


def _header(headers, name):
    for key in list(headers or {}):
        if key.lower() == name:
            return key
    return None


@schemathesis.hook
def before_call(context, case, kwargs):
    headers = case.headers
    if not headers:
        return
    key = _header(headers, "idempotency-key")
    if key is not None and isinstance(headers[key], str) and VALID_KEY.match(headers[key]):
        headers[key] = f"{headers[key][:200]}-{uuid.uuid4().hex}"
    simulate = _header(headers, "sandbox-simulate")
    if simulate is not None and isinstance(headers[simulate], str):
        values = [v for v in headers[simulate].split(",") if v.strip() != "timeout"]
        if values != headers[simulate].split(","):
            if values:
                headers[simulate] = ",".join(values)
            else:
                del headers[simulate]
