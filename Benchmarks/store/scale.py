"""Writes a data file k times the size of Data/specs.json: every record of every collection
repeated k times, each copy with its own id (`…-copy-N`) and name, so the copies load and serve
as records of their own.

    python3 Benchmarks/store/scale.py Data/specs.json K OUT.json
"""

import copy
import json
import sys

NAMED = ("name", "label", "claim")


def scaled(source, factor):
    data = json.load(open(source, encoding="utf-8"))
    for key, value in list(data.items()):
        if not isinstance(value, list) or not value or not isinstance(value[0], dict) or "id" not in value[0]:
            continue
        if key in ("versions", "sources", "subjects", "elements"):
            continue
        copies = []
        for n in range(1, factor):
            for record in value:
                twin = copy.deepcopy(record)
                twin["id"] = f"{record['id']}-copy-{n}"
                for field in NAMED:
                    if isinstance(twin.get(field), str):
                        twin[field] = f"{twin[field]} (copy {n})"
                copies.append(twin)
        data[key] = value + copies
    return data


if __name__ == "__main__":
    source, factor, out = sys.argv[1], int(sys.argv[2]), sys.argv[3]
    with open(out, "w", encoding="utf-8") as handle:
        json.dump(scaled(source, factor), handle, ensure_ascii=False, indent=1)
