"""A loopback stand-in for Apple's HIG page JSON, for the source-watch tests.

usage: python3 page-fixture-server.py DIRECTORY      prints "listening PORT" once it listens

  /tutorials/data/design/human-interface-guidelines/SLUG.json
      DIRECTORY/SLUG.json with an ETag (304 to a matching If-None-Match), unless
      DIRECTORY/SLUG.fault names a fault:
        404       answers 404
        redirect  answers 301 to /tutorials/data/design/human-interface-guidelines/SLUG-renamed.json
        truncate  announces the whole file, sends half of it, then closes the connection
        slow      waits 5 seconds before answering
        huge      announces 10 GB and streams zeros until the client goes away
  /stats   what was asked, as JSON: each request's path, User-Agent and If-None-Match

Files are read at each request, so a test can change a page between two checks.
"""

import hashlib
import json
import os
import socket
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

ROOT = sys.argv[1]
PREFIX = "/tutorials/data/design/human-interface-guidelines/"
CHUNK = bytes(64 * 1024)
requests = []
lock = threading.Lock()


class Pages(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):
        pass

    def send(self, status, body=b"", headers=()):
        self.send_response(status)
        self.send_header("Content-Length", str(len(body)))
        for name, value in headers:
            self.send_header(name, value)
        self.end_headers()
        self.wfile.write(body)

    def do_GET(self):
        if self.path == "/stats":
            with lock:
                body = json.dumps({"requests": requests}).encode()
            self.send(200, body, [("Content-Type", "application/json")])
            return
        with lock:
            requests.append({
                "path": self.path,
                "userAgent": self.headers.get("User-Agent"),
                "ifNoneMatch": self.headers.get("If-None-Match"),
            })
        if not self.path.startswith(PREFIX) or not self.path.endswith(".json"):
            self.send(404)
            return
        slug = self.path[len(PREFIX):-len(".json")]
        if "/" in slug or slug.startswith("."):
            self.send(404)
            return
        fault_path = os.path.join(ROOT, slug + ".fault")
        fault = open(fault_path).read().strip() if os.path.exists(fault_path) else ""
        if fault == "404":
            self.send(404)
            return
        if fault == "redirect":
            self.send(301, headers=[("Location", PREFIX + slug + "-renamed.json")])
            return
        if fault == "huge":
            self.send_response(200)
            self.send_header("Content-Length", str(10 * 1000 * 1000 * 1000))
            self.end_headers()
            try:
                while True:
                    self.wfile.write(CHUNK)
            except OSError:
                pass
            return
        if fault == "slow":
            time.sleep(5)
        try:
            body = open(os.path.join(ROOT, slug + ".json"), "rb").read()
        except OSError:
            self.send(404)
            return
        etag = '"' + hashlib.sha256(body).hexdigest()[:16] + '"'
        if fault == "truncate":
            self.send_response(200)
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body[: len(body) // 2])
            self.wfile.flush()
            self.connection.shutdown(socket.SHUT_RDWR)
            self.close_connection = True
            return
        if self.headers.get("If-None-Match") == etag:
            self.send(304, headers=[("ETag", etag)])
            return
        self.send(200, body, [("Content-Type", "application/json"), ("ETag", etag),
                              ("Last-Modified", "Tue, 16 Dec 2025 00:00:00 GMT")])


server = ThreadingHTTPServer(("127.0.0.1", 0), Pages)
server.daemon_threads = True
print("listening", server.server_address[1], flush=True)
server.serve_forever()
