#!/usr/bin/env python3
"""The libedit path of strut, through a pseudo-terminal: prompt, tab completion, Ctrl-C,
history (file and Ctrl-P), UTF-8 input, Ctrl-D on an empty line.

Usage: terminal_test.py PATH/TO/strut
"""
import os
import pty
import select
import shutil
import sys
import tempfile
import time

strut = sys.argv[1]
state = tempfile.mkdtemp(prefix="strut-terminal-")
failures = []


def check(condition, what):
    print(("ok   " if condition else "FAIL ") + "terminal: " + what)
    if not condition:
        failures.append(what)


def start(history_lines=None, arguments=()):
    if history_lines is not None:
        os.makedirs(os.path.join(state, "strut"), exist_ok=True)
    pid, fd = pty.fork()
    if pid == 0:
        env = dict(os.environ, XDG_STATE_HOME=state, TERM="xterm", LANG="C.UTF-8", LC_ALL="C.UTF-8")
        os.execve(strut, [strut] + list(arguments), env)
    return pid, fd


def read_until(fd, needle, timeout=5.0):
    """Reads the terminal until `needle` (bytes) appears; returns everything read."""
    data = b""
    deadline = time.time() + timeout
    while time.time() < deadline:
        ready, _, _ = select.select([fd], [], [], 0.05)
        if ready:
            try:
                chunk = os.read(fd, 4096)
            except OSError:
                break
            if not chunk:
                break
            data += chunk
            if needle in data:
                return data
    return data


def send(fd, text):
    os.write(fd, text.encode("utf-8"))
    time.sleep(0.1)


pid, fd = start()
check(b"strut> " in read_until(fd, b"strut> "), "the prompt appears")

send(fd, "new view box\r")
read_until(fd, b"strut> ")
# Completion redraws the line with cursor movements, so judge it by what the line becomes.
send(fd, "bo\t")
send(fd, "wi\t")
send(fd, "== 40\r")
read_until(fd, b"strut> ")
send(fd, 'new label t text="日本語"\r')
read_until(fd, b"strut> ")
send(fd, "set t.hu\t")
send(fd, "h = 300\r")
read_until(fd, b"strut> ")
send(fd, "constraints\r")
out = read_until(fd, b"compression.v")
check(b"box.width == 40" in out, "'bo<Tab>wi<Tab>' completes to 'box.width '")
check(b"t.width <= 50 @300" in out, "'set t.hu<Tab>' completes to 'set t.hugging.'; UTF-8 input reaches the shell (three wide characters, 49.67 points, rounded up to 50)")
read_until(fd, b"strut> ")

# A pasted log: an empty line inside UIKit's message does not end it, a second one does.
send(fd, "paste\r")
out = read_until(fd, b"paste> ")
check(out.rstrip().endswith(b"paste>"), "a paste prompts with 'paste> ', not 'strut> '")
for line in ["(", '"<NSLayoutConstraint:0x600001 UIView:0x7f01.width == 10>",', '"<NSLayoutConstraint:0x600002 UIView:0x7f01.width == 20>"', ")"]:
    send(fd, line + "\r")
    read_until(fd, b"paste> ")
send(fd, "\r")
out = read_until(fd, b"paste the rest of it")
check(b"inside UIKit's message" in out and b"read 2 constraints" not in out, "an empty line after a pasted list says the message may go on")
send(fd, "\r")
out = read_until(fd, b"strut> ")
check(b"read 2 constraints from the pasted log" in out, "a second empty line ends the paste")

# Ctrl-C in a paste abandons it: the next line is a command again.
send(fd, "paste\r")
read_until(fd, b"paste> ")
send(fd, "(\r")
read_until(fd, b"paste> ")
send(fd, "\x03")
out = read_until(fd, b"strut> ")
check(b"paste abandoned" in out and out.rstrip().endswith(b"strut>"), "Ctrl-C abandons a paste and the prompt is strut's again")
send(fd, "show box\r")
out = read_until(fd, b"strut> ")
check(b"box view (" in out, "after an abandoned paste a line runs as a command")

# Ctrl-D inside a paste ends the paste, not strut.
send(fd, "paste\r")
read_until(fd, b"paste> ")
send(fd, '"<NSLayoutConstraint:0x600003 UIView:0x7f02.height == 30>"\r')
read_until(fd, b"paste> ")
send(fd, "\x04")
out = read_until(fd, b"strut> ")
check(b"read 1 constraint from the pasted log" in out and out.rstrip().endswith(b"strut>"),
      "Ctrl-D in a paste ends the paste and the prompt comes back")

# Bracketed paste: the terminal is asked for it while a line is read, and a paste is text.
send(fd, "show box\r")
out = read_until(fd, b"strut> ")
check(b"\x1b[?2004h" in out and b"\x1b[?2004l" in out, "the terminal is asked to bracket pastes while a line is read")
log = ("2026-11-27 10:00:00.000 App[1:2] [LayoutConstraints] Unable to simultaneously satisfy constraints.\r"
       "\tProbably at least one of the constraints in the following list is one you don't want.\r"
       "(\r"
       '\t"<NSLayoutConstraint:0x600004 UILabel:0x7f03.width == 100   (active)>",\r'
       '\t"<NSLayoutConstraint:0x600005 UILabel:0x7f03.width == 200   (active)>"\r'
       ")\r\r"
       "Will attempt to recover by breaking constraint \r"
       "<NSLayoutConstraint:0x600005 UILabel:0x7f03.width == 200   (active)>\r")
send(fd, "\x1b[200~" + log + "\x1b[201~")
out = read_until(fd, b"strut> ")
check(b"read 2 constraints from the pasted log" in out and b"lessons" not in out,
      "a log pasted at the prompt is read as a log, its tabs not taken for completion")
send(fd, "\x1b[200~new view pasted1\rnew view pasted2\r\x1b[201~")
out = read_until(fd, b"strut> ")
send(fd, "show pasted2\r")
out = read_until(fd, b"strut> ")
check(b"pasted2 view (" in out, "pasted commands run line by line")
send(fd, "\x1b[200~show\tpasted1\x1b[201~")
send(fd, "\r")
out = read_until(fd, b"strut> ")
check(b"pasted1 view (" in out and b"lessons" not in out, "a tab in a one-line paste is text in the line, not completion")

# A Swift statement typed over two lines: the second gets a continuation prompt.
send(fd, "box.heightAnchor.constraint(\r")
out = read_until(fd, b"  ...> ")
check(out.rstrip().endswith(b"...>"), "a Swift statement left open prompts with '  ...> '")
send(fd, "    equalToConstant: 33).isActive = true\r")
read_until(fd, b"strut> ")
send(fd, "constraints box\r")
out = read_until(fd, b"strut> ")
check(b"box.height == 33" in out, "the statement's lines run as one when its brackets close")

def interrupted(command, wait, said, probe, gone, what):
    """Runs COMMAND, presses Ctrl-C after WAIT seconds, and checks the message and that PROBE
    finds nothing left behind."""
    send(fd, command + "\r")
    time.sleep(wait)
    os.write(fd, b"\x03")
    out = read_until(fd, b"strut> ", timeout=120)
    check(said in out, "Ctrl-C stops " + what)
    send(fd, probe + "\r")
    out = read_until(fd, b"strut> ")
    check(gone in out, "an interrupted " + what.split()[-1] + " leaves nothing behind")


# Ctrl-C during a long load stops it at the next statement and puts the state back.
big = os.path.join(state, "big.strut")
with open(big, "w") as f:
    for k in range(20000):
        f.write("new view big%d\n" % k)
interrupted("load " + big, 0.5, b"interrupted (Ctrl-C)", "show big1", b"no view named 'big1'", "a long load")

# Ctrl-C inside one long statement (an import of 30,000 views) stops it and takes it back.
bigxib = os.path.join(state, "big.xib")
with open(bigxib, "w") as f:
    f.write('<?xml version="1.0" encoding="UTF-8"?>\n<document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0"><objects>\n')
    f.write('<view id="top"><rect key="frame" x="0" y="0" width="320" height="30000"/><subviews>\n')
    for k in range(30000):
        f.write('<view id="v%d" userLabel="cell%d"><rect key="frame" x="0" y="%d" width="10" height="1"/></view>\n' % (k, k, k))
    f.write('</subviews></view>\n</objects></document>\n')
interrupted("import " + bigxib, 1.0, b"interrupted (Ctrl-C): the command was stopped and changed nothing",
            "show cell1", b"no view named 'cell1'", "a long import")

send(fd, "frame bo")
send(fd, "\x03")  # Ctrl-C: the line is dropped
out = read_until(fd, b"strut> ")
check(b"^C" in out and out.rstrip().endswith(b"strut>"), "Ctrl-C cancels the line and prompts again")
send(fd, "constraints t\r")
out = read_until(fd, b"strut> ")
check(b"box (" not in out, "the cancelled line did not run")

send(fd, "\x10")  # Ctrl-P: the previous line
out = read_until(fd, b"constraints t")
check(b"constraints t" in out, "Ctrl-P recalls the previous line")
send(fd, "\x15")  # Ctrl-U: clear it
send(fd, "\x04")  # Ctrl-D on an empty line
_, status = os.waitpid(pid, 0)
check(os.WIFEXITED(status) and os.WEXITSTATUS(status) == 0, "Ctrl-D on an empty line exits with status 0")

history = os.path.join(state, "strut", "history")
text = open(history, encoding="utf-8").read() if os.path.exists(history) else ""
check("constraints\\040t" in text and "frame\\040bo" not in text,
      "history is kept in $XDG_STATE_HOME/strut/history (cancelled lines are not)")
check("view\\040pasted2" not in text and "UILabel" not in text and "NSLayoutConstraint" not in text,
      "pasted lines and a log's lines at 'paste>' stay out of the history")

# A new session reads the history back.
pid, fd = start()
read_until(fd, b"strut> ")
send(fd, "\x10")
check(b"constraints t" in read_until(fd, b"constraints t"), "history survives into the next session")
send(fd, "\x15quit\r")
_, status = os.waitpid(pid, 0)
check(os.WIFEXITED(status) and os.WEXITSTATUS(status) == 0, "quit exits with status 0")

# A lesson at the terminal: its commands shown as typed, a pause waits for Enter, a question
# takes a prediction, a first Ctrl-C at a pause asks again and a second leaves the lesson; the
# learner's own session is as it was, and the prompt follows.
pid, fd = start(arguments=["--lesson", "first-view"])
out = read_until(fd, b"(Enter to go on)")
check(b"four numbers" in out and b"strut> new view card" in out and out.rstrip().endswith(b"(Enter to go on)"),
      "a lesson shows its commands and its pause waits at the terminal")
send(fd, "\r")
out = read_until(fd, b"(X Y W H)? ")
check(b"Pinning the size" in out and b"card.frame =" not in out, "a question comes before its answer")
send(fd, "20 40 200 100\r")
out = read_until(fd, b"(Enter to go on)")
check(b"card.frame = 20 40 200 120: you said 20 40 200 100, off by 0 0 0 20" in out, "the answer says how close the prediction was")
send(fd, "\x03")
out = read_until(fd, b"(Enter to go on)")
check(b"(Ctrl-C again to leave the lesson)" in out, "a first Ctrl-C at a pause asks again")
send(fd, "\x03")
out = read_until(fd, b"keeps the lesson's layout)")
check(b"left the lesson; your session is as you left it" in out, "a second Ctrl-C leaves the lesson")
read_until(fd, b"strut> ")
send(fd, "frame card\r")
check(b"no view named 'card'" in read_until(fd, b"named 'card'"), "the learner's session is as it was")
send(fd, "quit\r")
_, status = os.waitpid(pid, 0)
check(os.WIFEXITED(status) and os.WEXITSTATUS(status) == 0, "quit after a lesson exits with status 0")

shutil.rmtree(state, ignore_errors=True)
sys.exit(1 if failures else 0)
