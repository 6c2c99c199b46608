"""Runs Benchmarks/agents/questions.json through the official MCP Python SDK against a server.

usage: python Benchmarks/agents/run.py http://127.0.0.1:PORT [--json OUT] [--mode 2026-07-28|legacy]

Each question's plan is the first of its plans whose tools the server lists and whose arguments
validate against those tools' inputSchemas. Each call goes through the SDK, which checks structuredContent
against the tool's outputSchema. The answer is graded against the facts written beside the
question: right (every fact, and a citation where one is asked for), partly (some), wrong
(none, or a call failed). Bytes are the text content of the answers an agent reads.
"""

import argparse
import json
import statistics

import anyio
import jsonschema
from mcp.client import Client


def walk(value):
    yield value
    if isinstance(value, dict):
        for member in value.values():
            yield from walk(member)
    elif isinstance(value, list):
        for element in value:
            yield from walk(element)


def same(found, expected):
    if isinstance(found, bool) or isinstance(expected, bool):
        return found is expected
    if isinstance(found, (int, float)) and isinstance(expected, (int, float)):
        return abs(found - expected) < 1e-9
    if isinstance(found, str) and isinstance(expected, (int, float)):
        return found == f"{expected:g}"  # a search hit writes its value as text: "371"
    return found == expected


def holds(answers, fact):
    if "any" in fact:
        return any(holds(answers, alternative) for alternative in fact["any"])
    if "text" in fact:
        return any(fact["text"] in json.dumps(answer, ensure_ascii=False) for answer in answers)
    key, expected = fact["key"], fact["value"]
    for answer in answers:
        for node in walk(answer):
            if isinstance(node, dict) and key in node and same(node[key], expected):
                return True
    return False


def cited(answers):
    return any("https://developer.apple.com/" in json.dumps(answer) for answer in answers)


def usable(plan, tools):
    for step in plan:
        tool = tools.get(step["tool"])
        if tool is None:
            return False
        try:
            jsonschema.validate(step["args"], tool.input_schema)
        except jsonschema.ValidationError:
            return False
    return True


async def run(base, mode, questions):
    async with Client(base + "/mcp", mode=mode, cache=None, read_timeout_seconds=60) as session:
        listed = await session.list_tools()
        tools = {tool.name: tool for tool in listed.tools}
        dumped = [tool.model_dump(by_alias=True, exclude_none=True) for tool in listed.tools]
        whole = len(json.dumps({"tools": dumped}, separators=(",", ":"), ensure_ascii=False).encode())
        read = sum(
            len(tool.name.encode()) + len((tool.description or "").encode())
            + len(json.dumps(tool.input_schema, separators=(",", ":"), ensure_ascii=False).encode())
            for tool in listed.tools
        )
        results = []
        for question in questions:
            plan = next((plan for plan in question["plans"] if usable(plan, tools)), None)
            row = {"id": question["id"], "collection": question["collection"], "calls": 0, "bytes": 0}
            if plan is None:
                row.update(grade="wrong", why="no plan fits the listed tools")
                results.append(row)
                continue
            answers, failed = [], None
            for step in plan:
                row["calls"] += 1
                try:
                    result = await session.call_tool(step["tool"], step["args"])
                except Exception as error:  # a schema break or a protocol error loses the answer
                    failed = f"{step['tool']}: {error}"[:300]
                    break
                text = "".join(part.text for part in result.content if getattr(part, "text", None))
                row["bytes"] += len(text.encode())
                if result.is_error:
                    failed = f"{step['tool']}: {text[:300]}"
                    break
                answers.append(result.structured_content)
            found = [holds(answers, fact) for fact in question["facts"]]
            citation_ok = cited(answers) or not question.get("cite")
            if failed:
                row.update(grade="wrong", why=failed)
            elif all(found) and citation_ok:
                row["grade"] = "right"
            elif any(found):
                missing = [fact for fact, ok in zip(question["facts"], found) if not ok]
                row.update(grade="partly", why={"missing": missing, "cited": citation_ok})
            else:
                row.update(grade="wrong", why="no expected fact in the answer")
            row["tools"] = [step["tool"] for step in plan]
            results.append(row)
        return {"toolCount": len(tools), "toolListBytes": whole, "modelReadBytes": read, "results": results}


def summary(report):
    results = report["results"]
    grades = {grade: sum(1 for row in results if row["grade"] == grade) for grade in ("right", "partly", "wrong")}
    calls = [row["calls"] for row in results]
    sizes = sorted(row["bytes"] for row in results)
    return {
        "questions": len(results),
        **grades,
        "medianCalls": statistics.median(calls),
        "maxCalls": max(calls),
        "medianBytes": statistics.median(sizes),
        "p90Bytes": sizes[max(0, int(round(0.9 * len(sizes))) - 1)],
        "under6KB": sum(1 for size in sizes if size < 6144),
        "totalAnswerBytes": sum(sizes),
        "tools": report["toolCount"],
        "toolListBytes": report["toolListBytes"],
        "modelReadBytes": report["modelReadBytes"],
    }


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("base")
    parser.add_argument("--json")
    parser.add_argument("--mode", default="2026-07-28")
    arguments = parser.parse_args()
    with open(__file__.rsplit("/", 1)[0] + "/questions.json") as file:
        questions = json.load(file)["questions"]
    report = anyio.run(run, arguments.base, arguments.mode, questions)
    report["summary"] = summary(report)
    for row in report["results"]:
        print(f"{row['id']:<20} {row['grade']:<7} calls {row['calls']}  bytes {row['bytes']:>7}  {row.get('why', '')}")
    print(json.dumps(report["summary"], indent=1))
    if arguments.json:
        with open(arguments.json, "w") as file:
            json.dump(report, file, indent=1)


if __name__ == "__main__":
    main()
