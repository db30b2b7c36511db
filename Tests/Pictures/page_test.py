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

shots = os.path.join(root, ".build", "pictures")
os.makedirs(shots, exist_ok=True)
shot = os.path.join(shots, "page.png")
subprocess.run([chromium] + flags + ["--window-size=1300,900", "--screenshot=" + shot, "file://" + page + "#photo"],
               capture_output=True, timeout=120)
check(os.path.exists(shot) and os.path.getsize(shot) > 10_000, "a screenshot is saved (" + shot + ")")
shutil.rmtree(work, ignore_errors=True)
sys.exit(1 if failures else 0)
