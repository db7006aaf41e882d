#!/usr/bin/python3
# test-a11y-tree.py: every window and dialog of the game, as a screen reader reads it
#
# SPDX-License-Identifier: GPL-3.0-or-later
#
# Opens the welcome, the main window and its menu, the keyboard shortcuts, Preferences,
# Scores, the rules, New Game and About in the real game on a private accessibility bus
# (a11y_session.py), with the keys a person uses, and reads each whole tree. It fails on
# any widget a person acts on that has no name, and on any name built from a mnemonic
# ("_New Game"), said twice ("New Game New Game") or made of a type's name
# ("GtkMenuButton"), which is what GTK 4.8 reads for a widget left unnamed. The round's
# summary is read the same way at the end of test-a11y-play.py. The trees are written
# to $CRAPETTE_A11Y_TRANSCRIPT_DIR when that is set.
#
# Usage: run-a11y-test.sh test-a11y-tree.py BUILD_ROOT

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import a11y_session  # noqa: E402
from a11y_session import A11yError, AppSession, dump, name_of, name_problems  # noqa: E402
from a11y_session import role_name, states_of, walk  # noqa: E402


class TreeReader:
    def __init__(self, session):
        self.session = session
        self.problems = []
        self.trees = []

    def frame_names(self):
        return [name_of(frame) for frame in self.session.frames()]

    def read(self, frame, what):
        self.trees.append("==== %s ====\n%s" % (what, dump(frame)))
        found = name_problems(frame, what)
        self.problems.extend(found)
        print("# %s: %d widgets, %d problems" % (what, sum(1 for _ in walk(frame)), len(found)),
              flush=True)

    def open_window(self, keys, what):
        """Types @keys, reads the window they open, and closes it with Escape."""
        before = len(self.session.frames())
        self.session.key(*keys)
        frame = self.session.wait_for(
            lambda: self.session.frames()[-1] if len(self.session.frames()) > before else None,
            what, timeout=30)
        self.session.wait_for(lambda: sum(1 for _ in walk(frame)) > 5, "%s built" % what,
                              timeout=30)
        self.session.pump(0.5)
        self.read(frame, what)
        self.session.key("Escape")
        self.session.wait_for(lambda: len(self.session.frames()) <= before,
                              "%s closed" % what, timeout=30)

    def activate(self, root, role, name):
        """Acts on the widget of @role named @name under @root, as a screen reader does."""
        # The innermost one: GTK 4.8 shows a menu button as a button inside a button.
        target = self.session.wait_for(lambda: ([acc for acc, _ in walk(root)
                                                 if role_name(acc) == role
                                                 and name_of(acc) == name] or [None])[-1],
                                       "%s %r" % (role, name), timeout=30)
        a11y_session.Atspi.Action.do_action(target, 0)


def main():
    build_root = sys.argv[1]
    print("1..1")
    reader = None
    try:
        with AppSession(build_root, settings={"welcome-shown": "false"}) as session:
            reader = TreeReader(session)
            welcome = session.wait_for(lambda: session.frame_named("Welcome"), "the welcome")
            session.wait_for(lambda: sum(1 for _ in walk(welcome)) > 5, "the welcome built")
            reader.read(welcome, "Welcome")
            reader.activate(welcome, "push button", "Start Playing")
            session.wait_for(lambda: session.frame_named("Welcome") is None,
                             "the welcome closed")
            main_window = session.frames()[0]
            session.wait_for(lambda: sum(1 for _ in walk(main_window)) > 5, "the main window")
            reader.read(main_window, "Main window")

            reader.open_window(["ctrl+question"], "Keyboard Shortcuts")
            reader.open_window(["ctrl+comma"], "Preferences")
            reader.open_window(["ctrl+i"], "Scores")
            reader.open_window(["F1"], "Rules")
            reader.open_window(["ctrl+n"], "New Game")

            # The main menu is a popover of the window; About is reached through it.
            reader.activate(main_window, "push button", "Main Menu")
            menu = session.wait_for(lambda: next(
                (acc for acc, _ in walk(main_window) if role_name(acc) == "menu item"
                 and name_of(acc) == "About Crapette"), None), "the main menu")
            reader.read(main_window, "Main menu")
            before = len(session.frames())
            a11y_session.Atspi.Action.do_action(menu, 0)
            about = session.wait_for(lambda: session.frames()[-1]
                                     if len(session.frames()) > before else None, "About")
            session.pump(1.0)
            reader.read(about, "About")
    except A11yError as error:
        print("not ok 1 - every window read through AT-SPI: %s" % error)
        for problem in (reader.problems if reader else []):
            print("# " + problem)
        return 1
    finally:
        folder = os.environ.get("CRAPETTE_A11Y_TRANSCRIPT_DIR")
        if folder and reader is not None:
            os.makedirs(folder, exist_ok=True)
            with open(os.path.join(folder, "trees.txt"), "w") as out:
                out.write("\n\n".join(reader.trees) + "\n")
    if reader.problems:
        print("not ok 1 - every window read through AT-SPI: %d widgets read wrong"
              % len(reader.problems))
        for problem in reader.problems:
            print("# " + problem)
        return 1
    print("ok 1 - every window read through AT-SPI")
    return 0


if __name__ == "__main__":
    sys.exit(main())
