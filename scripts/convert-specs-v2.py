#!/usr/bin/env python3
"""Convert a schemaVersion 1 data file to schemaVersion 2 (Docs/schema.md), in place or to OUT.

    python3 scripts/convert-specs-v2.py Data/specs.json [OUT]

Version 2 declares each citation source (page, section, URL) once under "sources" and cites it by
id; gives each collection the field values all its records share under "defaults"; and writes one
record per line, so adding a fact is one line and a review diff shows only the facts that changed.
A file already at version 2 is rewritten in the same layout (useful after hand edits).
"""
import json
import re
import sys
from collections import Counter

COLLECTIONS = ["devices", "sizeClasses", "widgets", "widgetFamilies", "dynamicType", "textStyles", "tracking",
               "metrics", "rules", "myths"]
# Fields a collection may default: the provenance and flag fields records repeat most.
DEFAULTABLE = ["platforms", "status", "unit", "citations", "since", "seen"]


def slug(text):
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")


def expand(data):
    """A version-2 file as version 1 has it (defaults filled in, sources resolved)."""
    sources = data.get("sources", {})
    defaults = data.get("defaults", {})

    def resolve(citations):
        out = []
        for c in citations:
            if isinstance(c, str):
                out.append(dict(sources[c]))
            elif isinstance(c, dict) and "source" in c:
                merged = dict(sources[c["source"]])
                merged.update({k: v for k, v in c.items() if k != "source"})
                out.append(merged)
            else:
                out.append(c)
        return out

    for name in COLLECTIONS:
        for record in data.get(name, []):
            for key, value in defaults.get(name, {}).items():
                record.setdefault(key, value)
            if "citations" in record:
                record["citations"] = resolve(record["citations"])
            for entry in record.get("history", []):
                if "citations" in entry["values"]:
                    entry["values"]["citations"] = resolve(entry["values"]["citations"])
    data.pop("sources", None)
    data.pop("defaults", None)
    data["schemaVersion"] = 1
    return data


def convert(data):
    if data.get("schemaVersion") == 2:
        data = expand(data)
    sources = {}
    ids = {}

    def source_id(citation):
        key = (citation["page"], citation.get("section", ""), citation["url"])
        if key not in ids:
            page = slug(citation["page"].replace("HIG ›", "").replace("›", " "))
            section = slug(citation.get("section", ""))
            if len(section) > 48:
                section = section[:48].rsplit("-", 1)[0]
            base = page + ("." + section if section else "")
            candidate, n = base, 2
            while candidate in sources:
                candidate, n = f"{base}-{n}", n + 1
            ids[key] = candidate
            sources[candidate] = {k: v for k, v in (("page", key[0]), ("section", citation.get("section")),
                                                    ("url", key[2])) if v is not None}
        return ids[key]

    def cite(citations):
        out = []
        for c in citations:
            extra = {k: v for k, v in c.items() if k not in ("page", "section", "url")}
            sid = source_id(c)
            out.append(dict({"source": sid}, **extra) if extra else sid)
        return out

    for name in COLLECTIONS:
        for record in data.get(name, []):
            if "citations" in record:
                record["citations"] = cite(record["citations"])
            for entry in record.get("history", []):
                if "citations" in entry["values"]:
                    entry["values"]["citations"] = cite(entry["values"]["citations"])
    defaults = {}
    for name in COLLECTIONS:
        records = data.get(name, [])
        chosen = {}
        for key in DEFAULTABLE:
            # Only a field every record has can default: a record never has to opt out.
            if not records or any(key not in r for r in records):
                continue
            value, count = Counter(json.dumps(r[key], ensure_ascii=False) for r in records).most_common(1)[0]
            if count * 2 > len(records) and count > 1:
                chosen[key] = json.loads(value)
        for record in records:
            for key, value in chosen.items():
                if record.get(key) == value:
                    del record[key]
        if chosen:
            defaults[name] = chosen
    out = {"schemaVersion": 2, "title": data.get("title", ""), "versions": data["versions"],
           "sources": dict(sorted(sources.items())), "defaults": defaults}
    if "subjects" in data:
        out["subjects"] = data["subjects"]
    for name in COLLECTIONS:
        if name in data:
            out[name] = data[name]
    return out


def write(data, path):
    def line(value):
        return json.dumps(value, ensure_ascii=False, separators=(", ", ": "))

    parts = ["{"]
    keys = list(data)
    for index, key in enumerate(keys):
        comma = "," if index < len(keys) - 1 else ""
        value = data[key]
        if isinstance(value, list):
            parts.append(f'  "{key}": [')
            parts += [f"    {line(item)}{',' if i < len(value) - 1 else ''}" for i, item in enumerate(value)]
            parts.append(f"  ]{comma}")
        elif isinstance(value, dict) and key in ("sources", "defaults", "subjects"):
            parts.append(f'  "{key}": {{')
            items = list(value.items())
            parts += [f"    {line(k)}: {line(v)}{',' if i < len(items) - 1 else ''}" for i, (k, v) in enumerate(items)]
            parts.append(f"  }}{comma}")
        else:
            parts.append(f'  "{key}": {line(value)}{comma}')
    parts.append("}")
    with open(path, "w", encoding="utf-8") as handle:
        handle.write("\n".join(parts) + "\n")


def main():
    if len(sys.argv) not in (2, 3):
        sys.exit(__doc__)
    with open(sys.argv[1], encoding="utf-8") as handle:
        data = json.load(handle)
    write(convert(data), sys.argv[2] if len(sys.argv) == 3 else sys.argv[1])


if __name__ == "__main__":
    main()
