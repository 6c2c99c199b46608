"""Serves the data file of a Kubernetes ConfigMap example with spec-server, to prove it valid.

usage: python Tests/api/configmap_data.py deploy/kubernetes/custom-data/configmap.yaml path/to/spec-server
"""

import json
import os
import subprocess
import sys
import tempfile

import yaml


def main():
    manifest, binary = sys.argv[1], sys.argv[2]
    with open(manifest) as file:
        documents = [d for d in yaml.safe_load_all(file) if d and d.get("kind") == "ConfigMap"]
    assert len(documents) == 1, f"expected one ConfigMap in {manifest}"
    text = documents[0]["data"]["specs.json"]
    # The example shows the schema the embedded data file uses, not an older one the loader
    # still reads.
    root = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")
    with open(os.path.join(root, "Data", "specs.json")) as file:
        current = json.load(file)["schemaVersion"]
    if json.loads(text)["schemaVersion"] != current:
        sys.exit(f"{manifest}: the example's schemaVersion is not the data file's ({current})")
    with tempfile.TemporaryDirectory() as work:
        path = os.path.join(work, "specs.json")
        with open(path, "w") as file:
            file.write(text)
        # Port 0 and a start that is stopped at once: the line that reports serving comes only
        # after the store loaded; a refused file exits non-zero with one line naming the fault.
        server = subprocess.Popen(
            [binary, "--host", "127.0.0.1", "--port", "0", "--threads", "1", "--log", "off", "--data", path],
            stderr=subprocess.PIPE,
            text=True,
        )
        line = server.stderr.readline()
        server.terminate()
        server.wait(timeout=20)
        if not line.startswith("spec-server: serving version "):
            sys.exit(f"{manifest}: the data file is refused: {line.strip()}")
        print(f"{manifest}: {line.strip()}")


if __name__ == "__main__":
    main()
