"""What the benchmark scripts share: a spec-server started on loopback, and a check batch."""
import socket, subprocess, sys, time


def start(server, port, extra=(), data=None, stderr=subprocess.PIPE):
    """Starts `server` with one loop thread and no request log; returns once its port accepts."""
    arguments = [server, "--port", str(port), "--threads", "1", "--log", "off"] + list(extra)
    if data:
        arguments += ["--data", data]
    process = subprocess.Popen(arguments, stderr=stderr, text=True)
    deadline = time.time() + 20
    while time.time() < deadline:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
            return process
        except OSError:
            time.sleep(0.05)
    process.kill()
    sys.exit("spec-server did not start")


def check_body(count, pad=0):
    """`count` measurements of about 91 bytes each (760 make 69 KB); `pad` lengthens each id."""
    items = ",".join('{"id": "12:%d%s", "figure": "metric.controls.ios.minimum-size", "width": %d, "height": 44}'
                     % (n, "x" * pad, 40 + n % 9) for n in range(count))
    return ("[" + items + "]").encode()
