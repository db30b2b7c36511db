#!/usr/bin/env python3
"""The page of 'export FILE.html' in a real browser: headless Chromium loads it, its script runs
without errors, the view tree and the SVG hold the expected elements, selecting a view fills the
details, and a screenshot is saved (.build/pictures/page.png). Installs Debian's chromium when
missing; skips, saying why, only where it cannot be installed.

Usage: page_test.py PATH/TO/strut
"""
import os
import re
import shutil
import subprocess
import sys
import tempfile

strut = sys.argv[1]
root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
failures = 0


def check(ok, what):
    global failures
    print(("ok   " if ok else "FAIL ") + "page: " + what)
    if not ok:
        failures += 1


def browser():
    for name in ("chromium", "chromium-browser"):
        if shutil.which(name):
            return shutil.which(name)
    install = ["apt-get", "install", "-y", "-qq", "chromium"]
    if os.geteuid() != 0:
        if not shutil.which("sudo"):
            return None
        install = ["sudo", "-n"] + install
    print("page: installing chromium (" + " ".join(install) + ")")
    subprocess.run(install, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return shutil.which("chromium")


chromium = browser()
if chromium is None:
    print("skip page: Debian's chromium is not installed and could not be installed here")
    sys.exit(0)

work = tempfile.mkdtemp(prefix="strut-page-")
page = os.path.join(work, "photo.html")
made = subprocess.run([strut, "-c", "load " + os.path.join(root, "Examples", "photo-cell.strut") + "; export " + page],
                      capture_output=True, text=True)
check(made.returncode == 0 and os.path.exists(page), "strut exports the photo cell's page")

flags = ["--headless", "--no-sandbox", "--disable-gpu", "--enable-logging=stderr", "--v=0",
         "--user-data-dir=" + os.path.join(work, "profile")]
# '#photo' selects the photo as a click would.
loaded = subprocess.run([chromium] + flags + ["--dump-dom", "file://" + page + "#photo"],
                        capture_output=True, text=True, timeout=120)
dom = loaded.stdout
console = [line for line in loaded.stderr.splitlines() if "CONSOLE" in line or "Uncaught" in line]
check('data-ready="yes"' in dom, "the script ran to its end")
check(not any("Uncaught" in line or "Error" in line for line in console), "no script errors (" + "; ".join(console)[:300] + ")")
for name in ("root", "cell", "photo", "caption"):
    check(re.search(r'<a href="#%s" class="node[^"]*" data-name="%s">' % (name, name), dom) is not None, "the tree lists " + name)
check(re.search(r'<g class="view image conflict[^"]*" id="view-photo" data-name="photo">', dom) is not None, "the SVG marks the photo as in a conflict")
check('id="constraint-two"' in dom and 'class="constraint required broken"' in dom, "the broken constraint is drawn, in red")
check("<h3>photo</h3>" in dom and "frame (0, 10, 390, 200)" in dom, "selecting the photo shows its frame")
check(dom.count('<pre class="report conflict"') == 1, "the conflict report is there")

# A real layout's page (the table, a long label cut short): the picture fits its pane and can be
# zoomed; names are cut to their boxes (in full as tooltips); the truncated label is marked; the
# details pane wraps its lines instead of scrolling sideways; root's name is not under a subview.
table = os.path.join(work, "table.html")
subprocess.run([strut, "-c", "load " + os.path.join(root, "Examples", "table.strut") + "; layout; export " + table],
               capture_output=True, text=True)
loaded = subprocess.run([chromium] + flags + ["--window-size=1300,900", "--dump-dom", "file://" + table + "#l2"],
                        capture_output=True, text=True, timeout=120)
dom = loaded.stdout
scale = re.search(r'<span id="scale">(\d+)%</span>', dom)
check(scale is not None and 20 <= int(scale.group(1)) < 100, "the table's picture is fitted to its pane (" + (scale.group(0) if scale else "no scale") + ")")
check(all('data-zoom="%s"' % z in dom for z in ("out", "fit", "one", "in")), "the picture has zoom buttons")
check(re.search(r'<g class="view label truncated[^"]*" id="view-l2"', dom) is not None, "the truncated label is marked in the picture")
check("<title>l2 “Bananas from the far side of the mountain”</title>" in dom, "a view's whole name and text are its tooltip")
texts = re.findall(r'<g class="view [^"]*" id="view-(\w+)"[^>]*><rect[^>]*><title>[^<]*</title></rect><text[^>]*>([^<]*)</text>', dom)
cut = dict(texts)
check(cut.get("m0", "").endswith("…") and len(cut.get("m0", "")) <= 4, "a name too long for its box is cut (m0: " + cut.get("m0", "?") + ")")
check(re.search(r'<text x="-?[\d.]+" y="-6">root</text>', dom) is not None, "root's name is above it, not under its first row")
check("aside pre { white-space: pre-wrap" in dom, "the details pane wraps its lines")

shots = os.path.join(root, ".build", "pictures")
os.makedirs(shots, exist_ok=True)
shot = os.path.join(shots, "page.png")
subprocess.run([chromium] + flags + ["--window-size=1300,900", "--screenshot=" + shot, "file://" + page + "#photo"],
               capture_output=True, timeout=120)
check(os.path.exists(shot) and os.path.getsize(shot) > 10_000, "a screenshot is saved (" + shot + ")")
table_shot = os.path.join(shots, "table.png")
subprocess.run([chromium] + flags + ["--window-size=1300,900", "--screenshot=" + table_shot, "file://" + table + "#l2"],
               capture_output=True, timeout=120)
check(os.path.exists(table_shot) and os.path.getsize(table_shot) > 10_000, "a screenshot of the table is saved (" + table_shot + ")")
shutil.rmtree(work, ignore_errors=True)
sys.exit(1 if failures else 0)
