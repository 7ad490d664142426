#!/usr/bin/python3
"""Makes docs/desktop-apps.md's session: one switch drives gtk3-widget-factory.

Run it headless from the repository root, after `swift build`:

    xvfb-run -a -s "-screen 0 1400x1024x24" dbus-run-session -- scripts/widget-factory-session.py

It starts gtk3-widget-factory (Debian gtk-3-examples), saves its snapshot as
a screen model (docs/desktop-apps/widget-factory.json, through
`switchyard inspect --atspi … --format json`), then runs
`switchyard live --atspi gtk3-widget-factory --device terminal` with the
default Switch Control settings (auto scanning, one switch) on a
pseudo-terminal, and presses the switch (Space) as a user would: when the
cursor is on the group that holds the target, on the target, then on the
scanner menu's Tap. The session's text transcript goes to
docs/desktop-apps/widget-factory-session.txt and its JSON Lines to
docs/desktop-apps/widget-factory-session.jsonl. Then it draws the snapshot
with Switch Control's cursor on the target (overlay --svg/--png).
"""
import os
import pty
import select
import subprocess
import sys
import time

TOOL = os.environ.get("SWITCHYARD", ".build/debug/switchyard")
OUT = "docs/desktop-apps"
# What the user waits for, then presses the switch: the block and row
# groups that hold "Left", "Left" itself, and the scanner menu's Tap.
# Each is the parts of the transcript line to wait for.
PRESSES = [
    ("highlighted group of", "{15, 281, 1335×281}"),
    ("highlighted group of", "{15, 281, 356×34}"),
    ('highlighted "Left"',),
    ('highlighted menu item "Tap"',),
]
# Then the app's change comes back as a new screen.
AFTER = ("updated (",)


def wait_registered(limit=20):
    end = time.monotonic() + limit
    while time.monotonic() < end:
        r = subprocess.run([TOOL, "apps"], capture_output=True, text=True)
        if r.returncode == 0 and "gtk3-widget-factory" in r.stdout and "(showing" in r.stdout:
            return
        time.sleep(0.2)
    sys.exit("gtk3-widget-factory did not register on the accessibility bus")


def main():
    os.makedirs(OUT, exist_ok=True)
    env = dict(os.environ)
    env.pop("LD_PRELOAD", None)
    app = subprocess.Popen(["gtk3-widget-factory"], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        wait_registered()
        with open(f"{OUT}/widget-factory.json", "w") as f:
            subprocess.run([TOOL, "inspect", "--atspi", "gtk3-widget-factory", "--format", "json"], stdout=f, check=True)
        master, slave = pty.openpty()
        live = subprocess.Popen(
            [TOOL, "live", "--atspi", "gtk3-widget-factory", "--device", "terminal",
             "--transcript", f"{OUT}/widget-factory-session.jsonl"],
            stdin=slave, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        os.close(slave)
        text = b""
        steps = list(PRESSES) + [AFTER]
        deadline = time.monotonic() + 60
        while steps and time.monotonic() < deadline:
            ready, _, _ = select.select([live.stdout], [], [], 1)
            if not ready:
                continue
            chunk = os.read(live.stdout.fileno(), 65536)
            if not chunk:
                break
            text += chunk
            last = text.decode().rstrip("\n").split("\n")[-1]
            if all(part in last for part in steps[0]):
                step = steps.pop(0)
                if step != AFTER:
                    # A user's reaction: the press comes 0.4 s after the highlight.
                    time.sleep(0.4)
                    os.write(master, b" ")
        if steps:
            live.kill()
            sys.exit(f"the session did not reach: {steps[0]}\n{text.decode()}")
        time.sleep(0.5)
        os.write(master, b"q")
        out, err = live.communicate(timeout=10)
        text += out
        with open(f"{OUT}/widget-factory-session.txt", "wb") as f:
            f.write(text)
        sys.stderr.write(err.decode())
    finally:
        app.terminate()
        app.wait()
    subprocess.run([TOOL, "overlay", f"{OUT}/widget-factory.json", "--focus", "Left", "--focus-style", "switch-control",
                    "--svg", f"{OUT}/widget-factory-left.svg", "--png", f"{OUT}/widget-factory-left.png"], check=True)


if __name__ == "__main__":
    main()
