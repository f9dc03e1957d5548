"""Drives Debian's chromium (chromium-driver, python3-selenium) against a live
tabula-hub-web: the helpers the page tests share (issue 34)."""
import os
import shutil
import tempfile
import time

from selenium import webdriver
from selenium.webdriver.chrome.options import Options
from selenium.webdriver.chrome.service import Service


_open = []  # the browsers not yet quit: quit_all() ends them


def browser(width, height):
    """A headless chromium of the given window size, with no network but loopback.
    Its profile folder goes with it when it quits (s18-club: every run left ~5 MB
    per browser in /tmp, 512 MB there by session 18)."""
    profile = tempfile.mkdtemp(prefix="tabula-chromium-")
    o = Options()
    o.binary_location = "/usr/bin/chromium"
    for flag in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync",
                 "--disable-dev-shm-usage", "--hide-scrollbars", f"--window-size={width},{height}",
                 f"--user-data-dir={profile}"):
        o.add_argument(flag)
    d = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=o)
    quit_driver = d.quit

    def quit_and_clean():
        try:
            quit_driver()
        finally:
            shutil.rmtree(profile, ignore_errors=True)
            if d in _open:
                _open.remove(d)

    d.quit = quit_and_clean
    _open.append(d)
    return d


def quit_all():
    """Quits every browser still open (a test that failed half-way)."""
    for d in list(_open):
        try:
            d.quit()
        except Exception:  # noqa: BLE001 - already gone
            pass


# How long a page may take to show what a test waits for: a loaded CI machine
# (two cores, the whole test command beside it) took more than the 20 s this
# was (s13). Only a failing wait runs this long.
WAIT_SECONDS = 60.0


def wait_for(what, predicate, seconds=WAIT_SECONDS):
    """Polls predicate() until it returns something true; raises naming `what`."""
    end = time.time() + seconds
    last = None
    while time.time() < end:
        try:
            last = predicate()
            if last:
                return last
        except Exception as e:  # the page is still loading
            last = e
        time.sleep(0.1)
    raise AssertionError(f"timed out after {seconds} s waiting for {what} (last: {last!r})")


def settled(d, seconds=WAIT_SECONDS):
    """Waits until two screenshots 0.3 s apart are the same (the page has
    finished drawing: fonts, transitions), instead of a fixed sleep that a
    loaded machine outlasts; the last screenshot."""
    last = d.get_screenshot_as_png()

    def same():
        nonlocal last
        time.sleep(0.3)
        now = d.get_screenshot_as_png()
        stable = now == last
        last = now
        return stable

    wait_for("the page to stop changing", same, seconds)
    return last
