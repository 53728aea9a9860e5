"""Search as you type, key to frame, through a pseudo-terminal of our own: no tmux polling floor.

`browse` and `fzf` run on a pty (80 x 24) that this process holds the other end of. A key is
written to it at t0; every chunk the program writes back is timestamped as it is read and fed
to pyte (a terminal emulator in Python, `python3 -m pip install pyte`), and the key's time is
the read of the chunk after which the screen answers it:

- browse: the status line shows the query and its final count (as through tmux);
- fzf: the prompt shows the query and the match counter has been written again since the key
  with the final count. fzf echoes the prompt first (about 3.5 ms after a key here) and draws
  the list and the counter after matching, so a screen that merely still shows the old count
  (oct -> octo: 200 both) does not count as the answer.

Used by Benchmarks/browse.py (`--only-search`); each key is sent after the last one's frame and
a 50 ms pause, so no key waits on another.
"""

import fcntl
import os
import pty
import re
import select
import signal
import struct
import termios
import time

try:
    import pyte
except ImportError:  # pragma: no cover - a message, not a fallback
    raise SystemExit("Benchmarks/pty_keys.py needs pyte: python3 -m pip install pyte")

COLUMNS, ROWS = 80, 24


class Terminal:
    """A program on a pty of COLUMNS x ROWS, its screen kept by pyte."""

    def __init__(self, argv, environment):
        self.pid, self.fd = pty.fork()
        if self.pid == 0:
            # The size before the program starts: it reads it once, first thing.
            fcntl.ioctl(0, termios.TIOCSWINSZ, struct.pack("HHHH", ROWS, COLUMNS, 0, 0))
            os.execvpe(argv[0], argv, {**os.environ, **environment})
        self.screen = pyte.Screen(COLUMNS, ROWS)
        self.stream = pyte.ByteStream(self.screen)
        self.since_key = b""

    def text(self):
        return "\n".join(self.screen.display)

    def wait(self, condition, timeout=120.0, check_first=True):
        """Reads until `condition(self)` holds after a read; returns that read's time.

        Right after a key, `check_first=False`: the screen cannot answer a key not yet read,
        and rendering pyte's screen to test it takes about a millisecond of this process's
        CPU, during which the kernel's pty worker, queued on this CPU, waits to pass the key
        on (seen with `perf sched timehist`: 0.9 ms).
        """
        deadline = time.perf_counter() + timeout
        if check_first and condition(self):
            return time.perf_counter()
        while time.perf_counter() < deadline:
            ready, _, _ = select.select([self.fd], [], [], 0.5)
            if not ready:
                continue
            # Every chunk that is there, each stamped as it is read, before any is parsed:
            # parsing one must not delay the stamp of the next.
            chunks = []
            while select.select([self.fd], [], [], 0)[0]:
                chunks.append((os.read(self.fd, 1 << 20), time.perf_counter()))
            answered = None
            for data, read_at in chunks:
                self.since_key += data
                self.stream.feed(data)
                if answered is None and condition(self):
                    answered = read_at
            if answered is not None:
                return answered
        raise SystemExit(f"timed out; the screen was:\n{self.text()}")

    def drain(self, seconds):
        """Reads whatever comes for `seconds` (a frame that follows the answer)."""
        end = time.perf_counter() + seconds
        while (left := end - time.perf_counter()) > 0:
            if select.select([self.fd], [], [], left)[0]:
                self.stream.feed(os.read(self.fd, 1 << 20))

    def key(self, key):
        """Writes `key` ("BSpace" for backspace); returns the time it was written."""
        self.since_key = b""
        os.write(self.fd, b"\x7f" if key == "BSpace" else key.encode())
        return time.perf_counter()

    def close(self):
        try:
            os.kill(self.pid, signal.SIGKILL)
            os.waitpid(self.pid, 0)
        except OSError:
            pass
        os.close(self.fd)


def browse_keys(ghusers, home, rows, trace_path, status_final):
    """Each row's key in `browse --offline` on a pty; appends ms to row["pty_ms"]."""
    terminal = Terminal([ghusers, "browse", "--offline", "--avatars", "never"],
                        {"GHUSERS_HOME": home, "TERM": "xterm-256color", "GHUSERS_BROWSE_TRACE": trace_path})
    try:
        terminal.wait(lambda t: "row 1 of" in t.text())
        deadline = time.perf_counter() + 120
        while not any(line.startswith("# search index") for line in open(trace_path)) and time.perf_counter() < deadline:
            time.sleep(0.01)
        terminal.key("/")
        terminal.wait(lambda t: t.screen.display[-1].startswith("/"))
        for row in rows:
            terminal.drain(0.05)
            sent = terminal.key(row["key"])
            shown = terminal.wait(lambda t: status_final(t.text(), row["query"]), check_first=False)
            row["pty_ms"].append((shown - sent) * 1000)
    finally:
        terminal.close()


def fzf_keys(flags, logins_file, total, rows, counts, field):
    """Each row's key in `fzf FLAGS` over `logins_file` on a pty; appends ms to row[field]."""
    terminal = Terminal(["sh", "-c", f"exec fzf {flags} < {logins_file}"], {"TERM": "xterm-256color"})
    try:
        terminal.wait(lambda t: f"{total}/{total}" in t.text())
        for row, count in zip(rows, counts):
            terminal.drain(0.05)
            # Not a longer count's tail ("750/1000000" ends in "0/1000000").
            counter = re.compile(rb"(?<![0-9])%d/%d" % (count, total))
            prompt = ("> " + row["query"]).rstrip()  # the screen's lines are compared stripped
            sent = terminal.key(row["key"])
            shown = terminal.wait(lambda t: counter.search(t.since_key) and any(line.rstrip() == prompt for line in t.screen.display), check_first=False)
            row[field].append((shown - sent) * 1000)
    finally:
        terminal.close()


def floor_keys(rows):
    """The pty's own floor: each row's key to `cat` in raw mode on the same kind of pty, until
    its byte comes back; appends ms to row["floor_pty_ms"]. No program can answer a key through
    this pty faster: the kernel's pty worker, one process woken to read the key and write, and
    this process woken to read the answer."""
    terminal = Terminal(["sh", "-c", "stty raw -echo && echo ready && exec cat"], {"TERM": "xterm-256color"})
    try:
        terminal.wait(lambda t: b"ready" in t.since_key)
        for index, row in enumerate(rows):
            terminal.drain(0.05)
            key = "abcdefghijklmnopqrstuvwxyz"[index % 26]
            sent = terminal.key(key)
            shown = terminal.wait(lambda t: key.encode() in t.since_key, check_first=False)
            row["floor_pty_ms"].append((shown - sent) * 1000)
    finally:
        terminal.close()
