"""The JSON Schema of `beagle-mock schema` and `beagle-mock validate` agree.

    schema_agreement.py BEAGLE_MOCK_BINARY FOLDER...

Checks the schema against JSON Schema's 2020-12 meta-schema, then reads every .json file under
the folders (the published screens of the conformance data, the sample app) with both: `validate
FILE` (one screen alone: its structure, no routes) and the `jsonschema` package with the schema.
A file one of them accepts and the other refuses is a difference, listed by file with the
validator's errors (line:column) and the schema's (JSON Pointer); the script exits 1 when there is
any. Warnings of `validate` (duplicate keys, Beagle 1.x fields, a root that is not a component) are
not errors for either. A file with `{{` is a beagle-mock template, JSON only once rendered: it is
left out and named. Text that is not JSON is refused by both (an editor flags it as it parses).
"""

import json
import pathlib
import subprocess
import sys

from jsonschema import Draft202012Validator

# What a generic validator (check-jsonschema, an editor) prints first about a broken screen, the
# first error of the schema's own (not one found inside an anyOf's branches): the real problem, not
# "is not valid under any of the given schemas" with "is not of type 'null'" as its best match.
FIRST_ERRORS = [
    ({"_beagleComponent_": "beagle:container", "children": [{"_beagleComponent_": "beagle:button", "onPress": []}]},
     "'text' is a required property"),
    ({"_beagleComponent_": "beagle:container", "children": [{"_beagleComponent_": "beagle:text", "text": "a", "styleId": 3}]},
     "3 is not of type 'string'"),
    ({"_beagleComponent_": "beagle:screenComponent", "child": {"_beagleComponent_": "beagle:container", "children": [
        {"_beagleComponent_": "beagle:image", "path": {"_beagleImagePath_": "remote"}}]}},
     "'url' is a required property"),
    ({"_beagleComponent_": "beagle:container", "onInit": [{"_beagleAction_": "beagle:alert"}]},
     "'message' is a required property"),
]


def pointer(path):
    return "/" + "/".join(str(part).replace("~", "~0").replace("/", "~1") for part in path)


def main():
    binary, folders = sys.argv[1], sys.argv[2:]
    schema = json.loads(subprocess.run([binary, "schema"], check=True, capture_output=True, text=True).stdout)
    Draft202012Validator.check_schema(schema)
    print("the schema is valid against JSON Schema 2020-12's meta-schema")
    validator = Draft202012Validator(schema)
    for document, expected in FIRST_ERRORS:
        first = next(iter(validator.iter_errors(document)), None)
        if first is None or expected not in first.message:
            print(f"the first error for {json.dumps(document)} is {first.message if first else None!r}, not {expected!r}")
            return 1
    print(f"a generic validator's first error names the problem ({len(FIRST_ERRORS)} broken screens)")

    compared, refused, templates, differences = 0, 0, [], []
    for folder in folders:
        for path in sorted(pathlib.Path(folder).rglob("*.json")):
            text = path.read_text(encoding="utf-8", errors="replace")
            if "{{" in text:
                templates.append(str(path))
                continue
            run = subprocess.run([binary, "validate", str(path), "--format", "json"], capture_output=True, text=True)
            report = json.loads(run.stdout)
            errors = [d for d in report["diagnostics"] if d["severity"] == "error"]
            validate_accepts = not errors
            try:
                document = json.loads(text)
            except ValueError as error:
                schema_errors = [f"not JSON: {error}"]
            else:
                schema_errors = [
                    f"{pointer(e.absolute_path)}: {e.message[:160]}" for e in validator.iter_errors(document)
                ]
            compared += 1
            refused += not validate_accepts and bool(schema_errors)
            if validate_accepts != (not schema_errors):
                differences.append((path, errors, schema_errors))

    print(
        f"{compared} files read by both ({refused} refused by both); "
        f"{len(templates)} templates left out (JSON only once rendered)"
    )
    for path in templates:
        print(f"  template: {path}")
    if not differences:
        print("validate and the schema agree on every file")
        return 0
    print(f"{len(differences)} files where they differ:")
    for path, errors, schema_errors in differences:
        print(f"  {path}")
        print(f"    validate: {'accepts' if not errors else 'refuses'}")
        for error in errors:
            print(f"      {error['line']}:{error['column']}: {error['message']}")
        print(f"    schema: {'accepts' if not schema_errors else 'refuses'}")
        for error in schema_errors:
            print(f"      {error}")
    return 1


if __name__ == "__main__":
    sys.exit(main())
