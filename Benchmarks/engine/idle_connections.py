#!/usr/bin/env python3
"""Opens N keep-alive connections to 127.0.0.1:PORT, sends one request on each, reads the
response, then holds them all open until stdin closes (or HOLD seconds pass).

Prints "ready N" once every connection has its response, so the caller can measure RSS."""
import resource, selectors, socket, sys, time

port, count, path = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
hold = float(sys.argv[4]) if len(sys.argv) > 4 else 30.0
soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
resource.setrlimit(resource.RLIMIT_NOFILE, (min(hard, count + 1024), hard))

request = f"GET {path} HTTP/1.1\r\nHost: bench\r\n\r\n".encode()
selector = selectors.DefaultSelector()
sockets, pending = [], 0
deadline = time.time() + 60
for i in range(count):
    s = socket.socket()
    s.setblocking(False)
    s.connect_ex(("127.0.0.1", port))
    sockets.append(s)
    selector.register(s, selectors.EVENT_WRITE)
    pending += 1
    # Keep the number of handshakes in flight modest so the backlog never overflows.
    while pending > 200 or (i == count - 1 and pending > 0):
        for key, events in selector.select(timeout=1):
            s = key.fileobj
            if events & selectors.EVENT_WRITE:
                s.send(request)
                selector.modify(s, selectors.EVENT_READ)
            else:
                data = s.recv(65536)
                if b"\r\n\r\n" in data or not data:
                    selector.unregister(s)
                    pending -= 1
        if time.time() > deadline:
            sys.exit(f"only {len(sockets) - pending} of {count} connections answered")
print(f"ready {len(sockets)}", flush=True)
end = time.time() + hold
while time.time() < end:
    if sys.stdin.readline() == "":
        break
for s in sockets:
    s.close()
