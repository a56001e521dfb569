# Schemathesis hooks for `npm run test:conformance` (loaded through SCHEMATHESIS_HOOKS). Rules of the API that
# OpenAPI cannot state, and one thing Schemathesis cannot send, and nothing else:
# - An Idempotency-Key is scoped to one request: the same key with other parameters is refused with 422
#   idempotency_key_reused. The fuzzer draws keys from a small space ("0", "a", ...) and reuses them across
#   operations, so every valid key it generates gets a unique suffix (still 1..255 printable ASCII). Invalid keys
#   are left as generated, so the negative checks still see them.
# - `Sandbox-Simulate: timeout` closes the connection without an answer, on purpose (docs/api.md, sandbox
#   simulations): a fuzzer can only report it as a network error, so that one value is taken out of the header.
#   `rate_limited` answers 429 before anything else is looked at (documented, and tested in rate-limit.test.ts);
#   left in, it is drawn so often that Schemathesis warns that the writes "mostly returned 429", their logic
#   untested, so it is taken out too.
# - A payment link's reference_id is unique within the account (a second link with it is 400): a valid one gets a
#   unique tail, as keys do.
# - Nested fields of a form body travel in bracket notation (`metadata[key]=value`), which the document states as
#   `deepObject` encoding; Schemathesis 4.32 does not apply an encoding to form bodies (it sends the keys of a
#   nested object as values of the field), so form-encoded cases with nested values are left to the JSON cases of
#   the same operation and to the project's own tests of form bodies (test/integration/bodies.test.ts).
# - A query parameter whose value is an empty list (`created[x]=[]`, `[[]]`) is sent as nothing at all, so the
#   request on the wire holds only the other parameters; Schemathesis would still judge it as the case it drew
#   (an additional deepObject key the service "accepted"). Such cases are left out: they test nothing that is sent.
import re
import uuid

import schemathesis

VALID_KEY = re.compile(r"^[\x20-\x7e]{1,255}$")
SIMULATIONS_LEFT_OUT = {"timeout", "rate_limited"}


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
        values = [v for v in headers[simulate].split(",") if v.strip() not in SIMULATIONS_LEFT_OUT]
        if values != headers[simulate].split(","):
            if values:
                headers[simulate] = ",".join(values)
            else:
                del headers[simulate]


def _sends_nothing(value):
    return isinstance(value, list) and all(_sends_nothing(v) for v in value)


@schemathesis.hook
def filter_case(context, case):
    if any(_sends_nothing(value) for value in (case.query or {}).values()):
        return False
    if (case.media_type or "").startswith("application/x-www-form-urlencoded") and isinstance(case.body, dict):
        return not any(isinstance(value, (dict, list)) for value in case.body.values())
    return True


@schemathesis.hook("before_call")
def unique_reference_id(context, case, kwargs):
    if case.method.upper() == "POST" and case.path == "/v1/payment_links" and isinstance(case.body, dict):
        ref = case.body.get("reference_id")
        if isinstance(ref, str) and 1 <= len(ref) <= 40:
            case.body["reference_id"] = ref[:28] + uuid.uuid4().hex[:12]
