# a11y_session.py: the real game under a private display and accessibility bus, seen
# only through AT-SPI, as a screen reader sees it
#
# SPDX-License-Identifier: GPL-3.0-or-later
#
# Each test runs inside its own D-Bus session (run-a11y-test.sh starts it with
# dbus-run-session). This module starts a private X server (Xvfb picks a free display
# itself), the accessibility bus of that session (at-spi-bus-launcher, which starts
# at-spi2-registryd on it), then the game with data, settings (GSettings' keyfile
# backend) and cache folders of its own. Keys are typed with xdotool into the X server,
# as a keyboard would; everything the tests learn comes from the accessibility tree and
# the events the game sends on the bus. Waits poll the tree and the events and never
# rely on a fixed sleep, so that a loaded machine only makes a test slower.

import os
import re
import shutil
import signal
import subprocess
import tempfile
import time

# Atspi reads the bus address when it starts, so nothing of it is imported before the
# session's environment is set (see AppSession.start()).
Atspi = None
GLib = None

SETTINGS_PATH = "io/github/crapette/Crapette"
DEFAULT_TIMEOUT = 60


class A11yError(AssertionError):
    """What the accessibility tree said differs from what it should."""


def _import_atspi():
    global Atspi, GLib
    if Atspi is None:
        import gi
        gi.require_version("Atspi", "2.0")
        from gi.repository import Atspi as atspi, GLib as glib
        Atspi, GLib = atspi, glib
        Atspi.init()


def role_name(acc):
    try:
        return acc.get_role_name()
    except Exception:
        return ""


def name_of(acc):
    try:
        acc.clear_cache()
        return acc.get_name() or ""
    except Exception:
        return ""


def description_of(acc):
    try:
        acc.clear_cache()
        return acc.get_description() or ""
    except Exception:
        return ""


def states_of(acc):
    try:
        return {Atspi.StateType(s).value_nick for s in acc.get_state_set().get_states()}
    except Exception:
        return set()


def children(acc):
    try:
        count = acc.get_child_count()
    except Exception:
        return []
    result = []
    for i in range(count):
        try:
            child = acc.get_child_at_index(i)
        except Exception:
            child = None
        if child is not None:
            result.append(child)
    return result


def walk(acc, depth=0):
    """Every accessible under @acc, depth first, with its depth."""
    yield acc, depth
    for child in children(acc):
        yield from walk(child, depth + 1)


class AppSession:
    """The game under a private X server and accessibility bus."""

    def __init__(self, build_root, args=(), settings=None, size="1280x800x24", language="C"):
        self.build_root = build_root
        self.args = list(args)
        self.settings = dict(settings or {})
        self.size = size
        self.language = language
        self.events = []
        self.processes = []
        self.app = None
        self.app_acc = None
        self.tmp = None
        self.listener = None

    # ---- Starting and stopping ------------------------------------------------

    def _start_xvfb(self):
        read_end, write_end = os.pipe()
        xvfb = subprocess.Popen(["Xvfb", "-displayfd", str(write_end), "-screen", "0", self.size,
                                 "-nolisten", "tcp"], pass_fds=(write_end,),
                                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        os.close(write_end)
        self.processes.append(xvfb)
        number = b""
        deadline = time.monotonic() + DEFAULT_TIMEOUT
        while not number.endswith(b"\n"):
            if time.monotonic() > deadline or xvfb.poll() is not None:
                raise A11yError("Xvfb did not start")
            chunk = os.read(read_end, 16)
            if not chunk:
                raise A11yError("Xvfb did not say its display")
            number += chunk
        os.close(read_end)
        os.environ["DISPLAY"] = ":" + number.decode().strip()

    def _write_settings(self):
        folder = os.path.join(self.tmp, "config", "glib-2.0", "settings")
        os.makedirs(folder)
        with open(os.path.join(folder, "keyfile"), "w", encoding="utf-8") as keyfile:
            keyfile.write("[%s]\n" % SETTINGS_PATH)
            for key, value in self.settings.items():
                keyfile.write("%s=%s\n" % (key, value))

    def start(self):
        if "DBUS_SESSION_BUS_ADDRESS" not in os.environ:
            raise A11yError("run this test inside dbus-run-session (see run-a11y-test.sh)")
        self.tmp = tempfile.mkdtemp(prefix="crapette-a11y-")
        for folder in ("runtime", "data", "config", "cache"):
            os.makedirs(os.path.join(self.tmp, folder), mode=0o700, exist_ok=True)
        # The accessibility bus's socket goes in the runtime folder: one of its own, so that
        # no other session on the machine shares it or takes it away.
        os.environ.update(XDG_RUNTIME_DIR=os.path.join(self.tmp, "runtime"),
                          XDG_DATA_HOME=os.path.join(self.tmp, "data"),
                          XDG_CONFIG_HOME=os.path.join(self.tmp, "config"),
                          XDG_CACHE_HOME=os.path.join(self.tmp, "cache"))
        os.environ.pop("NO_AT_BRIDGE", None)
        os.environ.pop("GTK_A11Y", None)
        self._write_settings()
        self._start_xvfb()
        launcher = None
        for folder in ("/usr/libexec", "/usr/lib/at-spi2-core", "/usr/lib/at-spi2"):
            if os.path.exists(os.path.join(folder, "at-spi-bus-launcher")):
                launcher = os.path.join(folder, "at-spi-bus-launcher")
        if launcher is None:
            raise A11yError("at-spi-bus-launcher is missing: install at-spi2-core")
        self.processes.append(subprocess.Popen([launcher, "--launch-immediately"],
                                               stdout=subprocess.DEVNULL))
        _import_atspi()
        self.listener = Atspi.EventListener.new(self._on_event)
        for event in ("object:property-change:accessible-name",
                      "object:property-change:accessible-description",
                      "object:state-changed:pressed", "object:state-changed:focused",
                      "window:create", "window:activate"):
            self.listener.register(event)

        env = dict(os.environ,
                   GSETTINGS_BACKEND="keyfile",
                   GSETTINGS_SCHEMA_DIR=os.path.join(self.build_root, "data"),
                   CRAPETTE_LOCALEDIR=os.path.join(self.build_root, "po"),
                   LANGUAGE=self.language, LC_ALL="C.UTF-8",
                   GDK_BACKEND="x11", GSK_RENDERER="cairo",
                   G_DEBUG=os.environ.get("CRAPETTE_A11Y_APP_G_DEBUG", ""))
        self.app = subprocess.Popen([os.path.join(self.build_root, "src", "crapette")]
                                    + self.args, env=env)
        self.processes.append(self.app)
        self.app_acc = self.wait_for(self._find_app, "the game on the accessibility bus")
        return self

    def stop(self):
        if self.listener is not None:
            self.listener.deregister("object:property-change:accessible-name")
        for process in reversed(self.processes):
            if process.poll() is None:
                process.send_signal(signal.SIGTERM)
                try:
                    process.wait(10)
                except subprocess.TimeoutExpired:
                    process.kill()
                    process.wait()
        if self.tmp is not None:
            shutil.rmtree(self.tmp, ignore_errors=True)

    def __enter__(self):
        try:
            return self.start()
        except BaseException:
            # A start that fails never reaches __exit__: what it made goes now (the processes
            # started, the temporary folder).
            self.stop()
            raise

    def __exit__(self, *exc):
        self.stop()

    def _find_app(self):
        desktop = Atspi.get_desktop(0)
        for app in children(desktop):
            try:
                if app.get_process_id() == self.app.pid:
                    # Nothing of the game is cached: every question goes to the game itself.
                    # With libatspi's cache, clearing it (needed to see a window shown since)
                    # walked cached children the game had already let go, and the test
                    # itself died with SIGSEGV in about one run in three.
                    app.set_cache_mask(Atspi.Cache.NONE)
                    return app
            except Exception:
                continue
        return None

    # ---- Waiting --------------------------------------------------------------

    def pump(self, seconds=0.0):
        """Lets the bus's events in for @seconds (at least once)."""
        context = GLib.MainContext.default()
        deadline = time.monotonic() + seconds
        while True:
            while context.iteration(False):
                pass
            if time.monotonic() >= deadline:
                return
            time.sleep(0.01)

    def wait_for(self, predicate, what, timeout=DEFAULT_TIMEOUT):
        """Returns the first true value of @predicate, polled with the bus's events in."""
        deadline = time.monotonic() + timeout
        while True:
            if self.app is not None and self.app.poll() is not None:
                raise A11yError("the game ended (status %s) while waiting for %s"
                                % (self.app.returncode, what))
            self.pump()
            value = predicate()
            if value:
                return value
            if time.monotonic() > deadline:
                raise A11yError("timed out after %d s waiting for %s" % (timeout, what))
            time.sleep(0.02)

    def _on_event(self, event):
        try:
            source = event.source
            record = {
                "type": event.type,
                "role": role_name(source),
                "value": event.any_data if isinstance(event.any_data, str) else None,
                "detail1": event.detail1,
                "source": source,
                "time": time.monotonic(),
            }
        except Exception:
            return
        self.events.append(record)

    def announcements(self, since=0):
        """What the status region said, in order, from event number @since on."""
        return [event["value"].replace("\u200b", "") for event in self.events[since:]
                if event["type"] == "object:property-change:accessible-name"
                and event["role"] == "status bar" and event["value"]]

    # ---- Keys -----------------------------------------------------------------

    def key(self, *keys):
        """Types @keys (xdotool key names) as a keyboard would."""
        subprocess.run(["xdotool", "key", "--clearmodifiers", *keys], check=True)

    # ---- The tree -------------------------------------------------------------

    def frames(self):
        # The application's list of windows is cached by libatspi; a window shown since must
        # be asked for again.
        # GTK 4.8 gives some windows (the round's summary) the role "filler": every
        # toplevel the application lists is taken.
        self.app_acc.clear_cache()
        return children(self.app_acc)

    def frame_named(self, name):
        for frame in self.frames():
            if name_of(frame) == name:
                return frame
        return None


# ---- Names a screen reader reads --------------------------------------------------

# Roles a person moves to and acts on: each needs a name of its own.
NAMED_ROLES = {"push button", "toggle button", "check box", "radio button", "combo box",
               "menu item", "check menu item", "radio menu item", "page tab", "entry",
               "password text", "spin button", "slider", "link", "switch", "menu",
               "toggle switch", "alert", "status bar", "dialog", "frame", "list"}
# GTK 4.8 names a widget that has no name by its type ("GtkLabel", "GtkMenuButton").
TYPE_NAME = re.compile(r"^(Gtk|Adw|Crapette)[A-Z][A-Za-z]+$")
# A label written with its mnemonic ("_New Game"), or said twice ("New Game New Game").
MNEMONIC = re.compile(r"(^|\s)_\w")
SAID_TWICE = re.compile(r"^(.+) \1$")
# Parts of a window that screen readers pass over without reading their names.
STRUCTURE = {"panel", "filler", "scroll bar", "scroll pane", "separator", "viewport",
             "section", "layered pane", "unknown", "redundant object"}


def name_problems(root, where):
    """Every widget under @root whose name a screen reader would read wrong, in words."""
    problems = []
    for acc, _ in walk(root):
        role = role_name(acc)
        name = name_of(acc)
        if "visible" not in states_of(acc):
            continue
        what = "%s: %s %r" % (where, role, name)
        parent = acc.get_parent()
        if parent is not None:
            what += " (inside %s %r)" % (role_name(parent), name_of(parent))
        if role in STRUCTURE:
            continue
        # A picture that takes no focus is a part of the control around it (a switcher's
        # icon, a drop-down's arrow), read by that control's name.
        if role == "image" and "focusable" not in states_of(acc):
            continue
        if MNEMONIC.search(name):
            problems.append("%s is named with its mnemonic" % what)
        elif SAID_TWICE.match(name):
            problems.append("%s says its name twice" % what)
        elif TYPE_NAME.match(name):
            problems.append("%s is named by its type" % what)
        elif role in NAMED_ROLES and not name.strip():
            problems.append("%s has no name" % what)
    return problems


def dump(root):
    """The tree under @root as text, one accessible a line."""
    lines = []
    for acc, depth in walk(root):
        lines.append("%s[%s] %r %r" % ("  " * depth, role_name(acc), name_of(acc),
                                        description_of(acc)))
    return "\n".join(lines)
