#!/usr/bin/python3
# test-a11y-play.py: a whole round against Easy, played as a blind player plays it
#
# SPDX-License-Identifier: GPL-3.0-or-later
#
# The real game runs under a private display and accessibility bus (a11y_session.py).
# The test knows the table only through AT-SPI: the piles are the push buttons whose
# names say what a pile is ("House 3, 2 cards, top card Six of Hearts"); the card held
# is the pile in the "pressed" state, described "Holding the …"; the piles that can take
# it are described "Can take the …"; what happens is said by the status region. Every
# move is decided from those words alone and made with the keys a blind player learns
# (the pile jump keys, Enter, Escape, T), and after each step the test checks that the
# words are there and true: a pile's name must name its top card, the moved card must be
# named on top of the pile it went to, the "L" key must list exactly the piles described
# as taking the card, and the computer's moves must be announced and match the table.
#
# The round starts near its end from a saved match (russian-near-end.crapette,
# american-near-end.crapette) opened the way a file manager opens it, and is played to
# the round's end: a win or a block (the rules of the file block a round after ten idle
# turns), so it always ends. A transcript of what a screen reader would have said is
# written to $CRAPETTE_A11Y_TRANSCRIPT_DIR when that is set, or to the file
# $CRAPETTE_A11Y_TRANSCRIPT.
#
# With "opening", the test deals a new round against Easy instead and plays only South's
# first few actions (OPENING_STEPS: moves, turns of a card), with the same checks: the
# start of a round as a blind player hears it.
#
# Usage: run-a11y-test.sh test-a11y-play.py BUILD_ROOT russian|american [opening]

import os
import re
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from a11y_session import A11yError, AppSession, children, description_of, name_of  # noqa: E402
from a11y_session import name_problems, role_name, states_of, walk  # noqa: E402

OWN = ("South’s ", "Your ")
KINDS = {
    "stock": "stock", "hand": "stock",
    "turned card": "turned", "card in hand": "turned",
    "waste pile": "waste", "talon": "waste",
    "reserve": "reserve",
}
KIND_KEYS = {"stock": "d", "turned": "c", "waste": "w", "reserve": "r"}
LABEL = re.compile(r"^(?P<pile>[^,]+), (?:(?P<empty>empty)|(?P<count>\d+) cards?, "
                   r"(?:(?P<down>face down)|(?:going (?P<dir>up|down) from (?P<bottom>[^,]+), )?"
                   r"top card (?P<top>.+)))$")
MOVE = re.compile(r"^(?P<who>.+) plays the (?P<card>.+) from (?P<from>.+) to (?P<to>.+)\.$")
# Both rounds take 1–2 minutes on a loaded two-core machine; meson stops the test at 360 s.
ROUND_SECONDS = 300
OPENING_STEPS = 10
END_OF_ROUND = re.compile(r"wins? the round|The round is blocked|The round is over")


class Pile:
    """A pile as its accessible name says it."""

    def __init__(self, acc, label, description):
        match = LABEL.match(label)
        if match is None:
            raise A11yError("a pile's name does not say what it holds: %r" % label)
        self.acc = acc
        self.label = label
        self.description = description
        self.name = match["pile"]
        self.count = 0 if match["empty"] else int(match["count"])
        self.top = match["top"]
        self.face_down = match["down"] is not None
        self.direction = match["dir"]
        self.own = self.name.startswith(OWN)
        self.kind, self.number = classify(self.name)

    def key(self):
        """The keys that jump to this pile."""
        if self.kind == "house":
            return [str(self.number)]
        if self.kind == "foundation":
            return ["ctrl+%d" % self.number]
        key = KIND_KEYS[self.kind]
        return [key] if self.own else ["shift+" + key]


def classify(name):
    match = re.match(r"^(House|Tableau pile) (\d)$", name)
    if match:
        return "house", int(match[2])
    match = re.match(r"^(Foundation|Completed sequence) (\d)$", name)
    if match:
        return "foundation", int(match[2])
    # Longest first: "card in hand" before "hand".
    for words, kind in sorted(KINDS.items(), key=lambda item: -len(item[0])):
        if name.endswith(" " + words):
            return kind, 0
    raise A11yError("unknown pile %r" % name)


def expected_target_names(targets):
    """The names L must list for @targets: in the middle of the sentence a pile's name starts
    lower case ("the computer’s reserve"), as a numbered pile's own name it starts a sentence;
    several empty places of one kind are said once ("any empty foundation")."""
    names = []
    for kind in ("house", "foundation"):
        empty = [t for t in targets if t.kind == kind and t.count == 0]
        if len(empty) > 1:
            place = "tableau pile" if empty[0].name.startswith("Tableau") else kind
            names.append("any empty %s" % place)
            targets = [t for t in targets if t not in empty]
    return names + [t.name[:1].lower() + t.name[1:] if not t.number else t.name
                    for t in targets]


class Player:
    """Plays South through the accessibility tree."""

    def __init__(self, session, variant, transcript):
        self.session = session
        self.variant = variant
        self.transcript = transcript
        self.main = None
        self.table = None
        self.status_labels = None
        self.probes = 0
        self.moves = 0
        self.computer_moves = 0
        self.refusal_checked = False
        # After T was refused (a space to fill first, say), any legal move will do.
        self.any_move = False

    def say(self, line):
        self.transcript.append(line)

    # ---- Reading the table ------------------------------------------------------

    def pile_accessibles(self):
        # The piles stay the same widgets through a round: found once, read again each time.
        if self.table is None:
            table = [acc for acc, _ in walk(self.main) if role_name(acc) == "push button"
                     and LABEL.match(name_of(acc) or "") is not None]
            if len(table) < 12:
                raise A11yError("the table shows only %d piles" % len(table))
            self.table = table
        return self.table

    def piles(self):
        piles = {}
        for acc in self.pile_accessibles():
            pile = Pile(acc, name_of(acc), description_of(acc))
            piles[pile.name] = pile
        for pile in piles.values():
            if pile.count > 0 and not pile.face_down and not pile.top:
                raise A11yError("%s does not name its top card" % pile.label)
        return piles

    def status_lines(self):
        # The two players' lines, found once: North's above the table, South's below.
        if self.status_labels is None:
            labels = [acc for acc, _ in walk(self.main) if role_name(acc) == "label"
                      and re.search(r" — \d+ cards? left — ", name_of(acc))]
            if len(labels) != 2:
                return []
            self.status_labels = labels
        return [name_of(acc) for acc in self.status_labels]

    def south_to_play(self):
        lines = self.status_lines()
        if len(lines) != 2:
            return False
        if "▶" in lines[1] or "◀" in lines[1]:
            raise A11yError("the status line reads out the turn marker: %r" % lines[1])
        return re.match(r"^(Your turn|.+ to play) — ", lines[1]) is not None

    def round_over(self, since):
        return any(END_OF_ROUND.search(text) for text in self.session.announcements(since))

    # ---- Keys -----------------------------------------------------------------

    def focus(self, pile):
        self.session.key(*pile.key())
        self.session.wait_for(lambda: "focused" in states_of(pile.acc),
                              "the focus on %s" % pile.name, timeout=20)
        self.say("[focus] %s. %s" % (name_of(pile.acc), description_of(pile.acc)))

    # ---- One move -------------------------------------------------------------

    def pick_up(self, pile):
        """Picks up the top card of @pile; returns the targets the tree names, or None."""
        self.focus(pile)
        self.session.key("Return")
        expected = "Holding the %s." % pile.top
        try:
            self.session.wait_for(lambda: "pressed" in states_of(pile.acc)
                                  and description_of(pile.acc).startswith(expected),
                                  "%s held" % pile.name, timeout=5)
        except A11yError:
            if "pressed" in states_of(pile.acc):
                raise A11yError("%s is pressed but described %r"
                                % (pile.name, description_of(pile.acc)))
            return None
        self.say("[held] %s" % description_of(pile.acc))
        piles = self.piles()
        taking = "Can take the %s." % pile.top
        targets = [other for other in piles.values() if other.description.startswith(taking)]
        for other in piles.values():
            if "Can take" in other.description and other not in targets:
                raise A11yError("%s says %r while the %s is held"
                                % (other.name, other.description, pile.top))
            if other.name != pile.name and "pressed" in states_of(other.acc):
                raise A11yError("%s is pressed too" % other.name)
        # The key that reads the legal targets must say the same piles: checked whenever
        # there are targets, and for the first few cards that can go nowhere.
        self.probes += 1
        if not targets and self.probes > 5:
            return targets
        since = len(self.session.events)
        self.session.key("l")
        said = self.session.wait_for(
            lambda: next((text for text in self.session.announcements(since)
                          if text.startswith("The %s can go" % pile.top)), None),
            "the list of targets", timeout=20)
        self.say("[L] %s" % said)
        if targets:
            listed = said[len("The %s can go to " % pile.top):-1].split(", ")
            if sorted(listed) != sorted(expected_target_names(targets)):
                raise A11yError("L says %r, the piles say %r"
                                % (said, [t.name for t in targets]))
        elif "can go nowhere" not in said:
            raise A11yError("no pile can take the %s, but L says %r" % (pile.top, said))
        return targets

    def put_back(self, pile):
        self.session.key("Escape")
        self.session.wait_for(lambda: "pressed" not in states_of(pile.acc),
                              "%s let go" % pile.name, timeout=20)

    def score(self, source, target):
        if target.kind == "foundation":
            return 4
        if not target.own and target.kind in ("reserve", "waste"):
            return 3
        if source.kind in ("reserve", "turned", "waste") and target.kind == "house":
            return 2
        if source.kind == "turned" and target.kind == "waste":
            return 0
        return -1

    def check_refusal(self, source, targets, piles):
        """Puts the card held on a pile that cannot take it: the refusal must be said."""
        wrong = next((p for p in piles.values() if p not in targets and p.name != source.name
                      and p.kind in ("house", "foundation")
                      and p.name not in [t.name for t in targets]), None)
        if wrong is None:
            return False
        since = len(self.session.events)
        self.focus(wrong)
        self.session.key("Return")
        said = self.session.wait_for(lambda: self.session.announcements(since),
                                     "the refusal said", timeout=20)
        self.say("[refused] %s" % " / ".join(said))
        # The refusal's toast is on show now: its close button is read by what it does.
        toast = [problem for frame in self.session.frames()
                 for problem in name_problems(frame, "after a refusal")
                 if "AdwToastWidget" in problem]
        if toast:
            raise A11yError("; ".join(toast))
        self.session.wait_for(lambda: "pressed" not in states_of(source.acc),
                              "the card let go after a refusal", timeout=20)
        after = self.piles()
        if after[source.name].label != source.label or after[wrong.name].label != wrong.label:
            raise A11yError("a refused move changed the table")
        self.refusal_checked = True
        return True

    def try_move(self):
        """Makes the best move the tree offers; returns whether one was made."""
        piles = self.piles()
        order = {"reserve": 0, "turned": 1, "house": 2, "waste": 3}
        sources = sorted((p for p in piles.values() if p.count > 0 and not p.face_down
                          and p.kind in order and (p.own or p.kind == "house")),
                         key=lambda p: (order[p.kind], p.number))
        for source in sources:
            targets = self.pick_up(source)
            if targets is None:
                continue
            if targets and not self.refusal_checked:
                if self.check_refusal(source, targets, piles):
                    return True
            best = max(targets, key=lambda t: self.score(source, t), default=None)
            if best is None or (self.score(source, best) < 0 and not self.any_move):
                self.put_back(source)
                continue
            self.play(source, best)
            self.any_move = False
            return True
        return False

    def play(self, source, target):
        card = source.top
        since = len(self.session.events)
        self.focus(target)
        self.session.key("Return")
        self.session.wait_for(lambda: name_of(target.acc) != target.label
                              or self.round_over(since), "%s to %s" % (card, target.name))
        self.moves += 1
        after = name_of(target.acc)
        self.say("[moved] the %s from %s to %s: %s" % (card, source.name, target.name, after))
        match = LABEL.match(after)
        if match is None:
            raise A11yError("after the move, %r says nothing of its cards" % after)
        completed = self.variant == "american" and target.kind == "house"
        if match["top"] != card and not completed and not self.round_over(since):
            raise A11yError("the %s went to %s, whose name says %r" % (card, target.name, after))
        if "pressed" in states_of(source.acc):
            raise A11yError("%s is still pressed after the move" % source.name)

    def turn_card(self):
        since = len(self.session.events)
        before = {name: pile.label for name, pile in self.piles().items()}
        self.session.key("t")
        self.session.wait_for(lambda: self.round_over(since) or not self.south_to_play()
                              or {n: p.label for n, p in self.piles().items()} != before
                              or self.session.announcements(since),
                              "a card turned, the turn ended or T refused")
        said = self.session.announcements(since)
        self.say("[T] %s" % " / ".join(said))
        if said and {n: p.label for n, p in self.piles().items()} == before:
            if self.any_move:
                raise A11yError("T was refused (%r) and no move is left" % said)
            self.any_move = True

    # ---- The computer's turn ----------------------------------------------------

    def check_computer_turn(self, since):
        """Every card the computer was announced to play must be named on top of a pile
        whose name changed as it was said (moves name piles as people say them: "the Eight
        of Clubs", "your waste pile", so the card is what is checked)."""
        changed = {}
        said = 0
        for event in self.session.events[since:]:
            if event["type"] != "object:property-change:accessible-name" or not event["value"]:
                continue
            value = event["value"]
            if event["role"] == "push button" and LABEL.match(value):
                changed[LABEL.match(value)["pile"]] = LABEL.match(value)
            if event["role"] != "status bar":
                continue
            for text in value.replace("\u200b", "").split("\n"):
                self.say("[said] %s" % text)
                match = MOVE.match(text)
                if match is None or match["who"].startswith(("South", "You")):
                    continue
                said += 1
                tops = [label["top"] for label in changed.values()]
                completed = self.variant == "american" and any(
                    label["pile"].startswith("Completed") for label in changed.values())
                if match["card"] not in tops and not completed:
                    raise A11yError("%r was said, but no pile that changed names the %s on top"
                                    " (%s)" % (text, match["card"], list(changed)))
            changed = {}
        return said

    def wait_for_turn(self):
        since = len(self.session.events)
        self.session.wait_for(lambda: self.south_to_play() or self.round_over(since),
                              "South's turn or the end of the round", timeout=240)
        self.computer_moves += self.check_computer_turn(since)

    # ---- The round --------------------------------------------------------------

    def read_position(self):
        piles = self.piles()
        since = len(self.session.events)
        self.session.key("p")
        said = self.session.wait_for(lambda: next((t for t in self.session.announcements(since)
                                                   if len(t) > 200), None),
                                     "the position read out", timeout=20)
        self.say("[P] %s" % said.replace("\n", " "))
        for pile in piles.values():
            if pile.label not in said:
                raise A11yError("P did not read %r" % pile.label)
        fanned = next((p for p in piles.values() if p.kind == "house" and p.count >= 2), None)
        if fanned is not None:
            since = len(self.session.events)
            self.focus(fanned)
            self.session.key("i")
            said = self.session.wait_for(lambda: next(
                (t for t in self.session.announcements(since) if "From the bottom" in t), None),
                "the pile read out", timeout=20)
            self.say("[I] %s" % said)
            if not said.endswith(fanned.top):
                raise A11yError("I read %r, whose last card is not the top %s" % (said, fanned.top))

    def find_table(self):
        """Waits for the main window, both status lines and the table; returns where the
        events of the round start."""
        self.main = self.session.wait_for(lambda: next(
            (f for f in self.session.frames() if self.variant_title() in name_of(f)
             or name_of(f) == "Crapette"), None), "the main window")
        start = len(self.session.events)
        self.session.wait_for(lambda: len(self.status_lines()) == 2, "the status lines")
        self.session.wait_for(lambda: len([acc for acc, _ in walk(self.main)
                                            if role_name(acc) == "push button"
                                            and LABEL.match(name_of(acc))]) >= 12, "the table")
        return start

    def play_opening(self, steps):
        """South's first @steps actions of a new round, the computer's turns between them."""
        start = self.find_table()
        if not self.south_to_play():
            self.wait_for_turn()
        self.read_position()
        while steps > 0 and not self.round_over(start):
            if not self.south_to_play():
                self.wait_for_turn()
                continue
            steps -= 1
            print("# step: %s" % self.status_lines()[1], flush=True)
            if not self.try_move():
                self.turn_card()
        # A turn ended by the last action: the end of the turn and the computer's reply too.
        if not self.south_to_play() and not self.round_over(start):
            self.wait_for_turn()
        if self.moves == 0 and self.computer_moves == 0:
            raise A11yError("nobody moved a card in the opening")

    def play_round(self):
        start = self.find_table()
        self.session.wait_for(self.south_to_play, "South's turn")
        self.read_position()
        steps = 0
        deadline = time.monotonic() + ROUND_SECONDS
        while not self.round_over(start):
            steps += 1
            if steps > 400 or time.monotonic() > deadline:
                raise A11yError("the round does not end")
            if not self.south_to_play():
                self.wait_for_turn()
                continue
            print("# step %d: %s" % (steps, self.status_lines()[1]), flush=True)
            if not self.try_move():
                self.turn_card()
        said = self.session.announcements(start)
        self.say("[said at the end] %s" % " / ".join(said[-3:]))
        summary = self.session.wait_for(lambda: next(
            (f for f in self.session.frames() if name_of(f) != name_of(self.main)), None),
            "the round's summary", timeout=30)
        self.summary_problems = name_problems(summary, "Round summary")
        self.say("[summary] %s" % name_of(summary))
        if self.moves == 0 or not self.refusal_checked:
            raise A11yError("the round ended before South could play and be refused")
        if self.computer_moves == 0:
            raise A11yError("no move of the computer was announced")
        print("# %s: %d moves by South, %d by the computer announced"
              % (self.variant, self.moves, self.computer_moves))

    def variant_title(self):
        return "Russian Bank" if self.variant == "russian" else "American Bank"


def write_transcript(transcript, name):
    path = os.environ.get("CRAPETTE_A11Y_TRANSCRIPT")
    folder = os.environ.get("CRAPETTE_A11Y_TRANSCRIPT_DIR")
    if not path and folder:
        os.makedirs(folder, exist_ok=True)
        path = os.path.join(folder, "transcript-%s.txt" % name)
    if path:
        with open(path, "w") as out:
            out.write("\n".join(transcript) + "\n")


def main():
    build_root, variant = sys.argv[1], sys.argv[2]
    opening = len(sys.argv) > 3 and sys.argv[3] == "opening"
    settings = {"welcome-shown": "true", "computer-speed": "'fast'",
                "animation-speed": "'fast'"}
    if opening:
        # A new deal: the game and opponent of the settings, no saved match.
        args, what = [], "%s opening against Easy" % variant
        settings.update({"variant": "'%s'" % variant, "opponent": "'computer-easy'"})
    else:
        args, what = [os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                   "%s-near-end.crapette" % variant)], "%s round" % variant
    transcript = ["# What a screen reader read: %s, played by keyboard" % what]
    print("1..1")
    try:
        with AppSession(build_root, args=args, settings=settings) as session:
            player = Player(session, variant, transcript)
            if opening:
                player.play_opening(OPENING_STEPS)
            else:
                player.play_round()
                if player.summary_problems:
                    raise A11yError("the round's summary is read wrong: "
                                    + "; ".join(player.summary_problems))
    except A11yError as error:
        print("not ok 1 - %s through AT-SPI: %s" % (what, error))
        print("# transcript, last lines:\n# " + "\n# ".join(transcript[-40:]))
        return 1
    finally:
        write_transcript(transcript, variant + ("-opening" if opening else ""))
    print("ok 1 - %s through AT-SPI" % what)
    return 0


if __name__ == "__main__":
    sys.exit(main())
