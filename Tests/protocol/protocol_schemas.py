"""Loads Protocols/schemas and checks protocol messages against them.

Shared by test_schemas.py (example transcripts) and test_python_example.py (a live adapter).
"""

import json
from pathlib import Path

from jsonschema import Draft202012Validator
from referencing import Registry, Resource

ROOT = Path(__file__).resolve().parents[2]
SCHEMA_DIR = ROOT / "Protocols" / "schemas"
EXAMPLE_DIR = ROOT / "Protocols" / "examples"
BASE = "https://kidneyhub.invalid/schemas/adapter-protocol/1.0/"
HUB, ADAPTER = "hub->adapter", "adapter->hub"
OTHER = {HUB: ADAPTER, ADAPTER: HUB}


def load_schemas():
    """{file name: schema} for every *.schema.json."""
    return {p.name: json.loads(p.read_text()) for p in sorted(SCHEMA_DIR.glob("*.schema.json"))}


class Schemas:
    def __init__(self):
        self.files = load_schemas()
        self.registry = Registry().with_resources(
            (schema["$id"], Resource.from_contents(schema)) for schema in self.files.values())
        # method name -> schema file, read from each method schema's properties.method.const
        self.methods = {}
        for name, schema in self.files.items():
            method = schema.get("properties", {}).get("method", {}).get("const")
            if method:
                self.methods[method] = name
        self._validators = {}

    def validator(self, ref):
        """A validator for a reference such as 'ping.schema.json#/$defs/response'."""
        if ref not in self._validators:
            self._validators[ref] = Draft202012Validator({"$ref": BASE + ref}, registry=self.registry)
        return self._validators[ref]

    def errors(self, ref, instance):
        """Readable validation errors (empty when the instance is valid)."""
        found = []
        for error in self.validator(ref).iter_errors(instance):
            for leaf in self._closest_branch(error):
                where = "/".join(str(p) for p in leaf.absolute_path) or "(root)"
                found.append(f"{ref}: {where}: {leaf.message[:300]}")
        return found

    @staticmethod
    def _closest_branch(error):
        """For a failed oneOf/anyOf, the errors of the branch that got deepest into the instance
        (e.g. the success branch of a response that has a result); otherwise the error itself."""
        if not error.context:
            return [error]
        branches = {}
        for sub in error.context:
            branches.setdefault(sub.relative_schema_path[0], []).append(sub)
        return max(branches.values(), key=lambda errs: min(len(e.absolute_path) for e in errs))

    def direction(self, method):
        return self.files[self.methods[method]].get("x-direction")


class Checker:
    """Checks a stream of messages in both directions, matching responses to requests by id."""

    def __init__(self, schemas):
        self.schemas = schemas
        self.pending = {}  # (sender direction, id) -> method of that unanswered request
        self.requests = {}  # (sender direction, id) -> the request message, answered or not

    def check(self, direction, message):
        """Return (category, method, problems) for one message sent in `direction`."""
        s = self.schemas
        problems = s.errors("jsonrpc-message.schema.json", message)
        if problems or not isinstance(message, dict):
            return "invalid", None, problems or ["not an object"]
        method = message.get("method")
        if method is not None:
            category = "request" if "id" in message else "notification"
            if method in s.methods:
                problems += s.errors(s.methods[method], message)
                expected = s.direction(method)
                if expected not in ("both", direction):
                    problems.append(f"{method} must travel {expected}, not {direction}")
            if category == "request":
                key = (direction, message["id"])
                if key in self.pending:
                    problems.append(f"request id {message['id']!r} reused while still unanswered")
                self.pending[key] = method
                self.requests[key] = message
            return category, method, problems
        category = "response" if "result" in message else "error"
        if message["id"] is None:
            return category, None, problems
        key = (OTHER[direction], message["id"])
        method = self.pending.pop(key, None)
        if key not in self.requests:
            problems.append(f"response to id {message['id']!r}, which {OTHER[direction]} never sent")
        elif method is None:
            problems.append(f"second response to id {message['id']!r}")
        elif method in s.methods:
            problems += s.errors(s.methods[method] + "#/$defs/response", message)
        return category, method, problems
