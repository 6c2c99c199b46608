"""A small HTTP upstream for the mirror tests: one good path and one per way of failing.

usage: python3 misbehaving-upstream.py DATA_FILE      prints "listening PORT" once it listens

  /good          the data file with an ETag; 304 to a matching If-None-Match
  /truncated     announces the whole file, sends half of it, then closes the connection
  /garbage       200 with a body that is not JSON
  /huge          announces 10 GB and streams zeros until the client goes away
  /huge-chunked  the same without a length (chunked), so only the byte count can stop it
  /hang          accepts the request and never answers
  /error         500
  /stats         what each path was asked and answered, as JSON

Only the loopback interface is used; the 10 GB are generated as they are sent, never held.
"""

import hashlib
import json
import socket
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

DATA = open(sys.argv[1], "rb").read()
ETAG = '"' + hashlib.sha256(DATA).hexdigest()[:16] + '"'
TEN_GB = 10 * 1000 * 1000 * 1000
CHUNK = bytes(64 * 1024)
stats = {"requests": {}, "not_modified": 0, "huge_bytes_sent": 0}
lock = threading.Lock()


class Upstream(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):
        pass

    def send(self, status, body=b"", headers=()):
        self.send_response(status)
        for name, value in headers:
            self.send_header(name, value)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def stream_zeros(self):
        sent = 0
        try:
            while sent < TEN_GB:
                self.wfile.write(b"%x\r\n%s\r\n" % (len(CHUNK), CHUNK) if self.chunked else CHUNK)
                sent += len(CHUNK)
        except (BrokenPipeError, ConnectionResetError):
            pass
        finally:
            with lock:
                stats["huge_bytes_sent"] += sent
        self.close_connection = True

    def do_GET(self):
        path = self.path
        with lock:
            stats["requests"][path] = stats["requests"].get(path, 0) + 1
        if path == "/good":
            if self.headers.get("If-None-Match") == ETAG:
                with lock:
                    stats["not_modified"] += 1
                self.send_response(304)
                self.send_header("ETag", ETAG)
                self.end_headers()
            else:
                self.send(200, DATA, [("Content-Type", "application/json"), ("ETag", ETAG)])
        elif path == "/truncated":
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(DATA)))
            self.end_headers()
            self.wfile.write(DATA[: len(DATA) // 2])
            self.wfile.flush()
            self.connection.shutdown(socket.SHUT_RDWR)
            self.close_connection = True
        elif path == "/garbage":
            self.send(200, b"<html>this is not the data file {{{", [("Content-Type", "application/json")])
        elif path == "/huge":
            self.chunked = False
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(TEN_GB))
            self.end_headers()
            self.stream_zeros()
        elif path == "/huge-chunked":
            self.chunked = True
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Transfer-Encoding", "chunked")
            self.end_headers()
            self.stream_zeros()
        elif path == "/hang":
            time.sleep(3600)
        elif path == "/error":
            self.send(500, b"upstream broke", [("Content-Type", "text/plain")])
        elif path == "/stats":
            with lock:
                body = json.dumps(stats).encode()
            self.send(200, body, [("Content-Type", "application/json")])
        else:
            self.send(404, b"no such path")


server = ThreadingHTTPServer(("127.0.0.1", 0), Upstream)
server.daemon_threads = True
print(f"listening {server.server_address[1]}", flush=True)
server.serve_forever()
