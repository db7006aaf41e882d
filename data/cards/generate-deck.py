#!/usr/bin/env python3
# generate-deck.py: writes deck.svg, Crapette's own card deck
#
# SPDX-License-Identifier: GPL-3.0-or-later
#
# The deck is generated rather than drawn by hand so that every face follows
# the same grid and the whole design can be tuned from the numbers below.
# Run it from anywhere; it writes deck.svg beside itself (or to the path given
# as its only argument); `--check [PATH]` only compares. It needs the Python 3
# standard library only.
#
# Element ids (the renderer looks cards up by these):
#   card-<rank>-<suit>   faces; rank is a 2 3 4 5 6 7 8 9 10 j q k,
#                        suit is clubs diamonds hearts spades
#   back-south           the blue back of South's pack
#   back-north           the red back of North's pack
#   empty                the faint mark of an empty pile
#   empty-foundation     the faint mark of an empty foundation (an "A")
#
# Every element is CARD_WIDTH x CARD_HEIGHT units with its top-left corner at
# its own origin. Suit colours come from the CSS property `color`, set on each
# face by the classes `clubs`, `diamonds`, `hearts` and `spades`; the
# presentation attributes written here are the two-colour defaults, which a
# stylesheet given to librsvg overrides.

import os
import sys

CARD_WIDTH = 250
CARD_HEIGHT = 350
CORNER_RADIUS = 14
BORDER_WIDTH = 2
SHEET_GAP = 12

SUITS = ("clubs", "diamonds", "hearts", "spades")
RANKS = ("a", "2", "3", "4", "5", "6", "7", "8", "9", "10", "j", "q", "k")

TWO_COLOURS = {
    "clubs": "#1c1c1c",
    "diamonds": "#c4122f",
    "hearts": "#c4122f",
    "spades": "#1c1c1c",
}

FACE_PAPER = "#ffffff"
FACE_BORDER = "#8c9098"
EMPTY_MARK = "#8a939b"

BACKS = {
    "south": {"field": "#23509b", "light": "#7ea3e0", "dark": "#173a75"},
    "north": {"field": "#a3202f", "light": "#eb8893", "dark": "#78141f"},
}

# Rank glyphs are drawn as strokes, not font text, so they look the same on
# every system and stay bold at small sizes. Each is designed in a box
# GLYPH_WIDTH x GLYPH_HEIGHT (the ten is wider) and stroked with GLYPH_STROKE.
GLYPH_WIDTH = 44
GLYPH_HEIGHT = 80
GLYPH_STROKE = 13

SIX = ("M38,7 C34,2 28,0 23,0 C9,0 2,17 2,42 C2,67 10,80 23,80 "
       "C35,80 42,70 42,57 C42,44 34,35 22,35 C12,35 4,42 2,52")


def rotate_half_turn(path, width, height):
    """Turns a path of numbers-and-letters by 180 degrees inside its box."""
    out = []
    for token in path.split():
        if "," in token:
            head = token[0] if token[0].isalpha() else ""
            x, y = token[len(head):].split(",")
            out.append("%s%g,%g" % (head, width - float(x), height - float(y)))
        else:
            out.append(token)
    return " ".join(out)


RANK_GLYPHS = {
    "a": ("M2,80 L22,0 L42,80 M9,54 L35,54", GLYPH_WIDTH),
    "2": ("M3,19 C3,7 12,0 22,0 C33,0 41,7 41,19 C41,33 30,44 3,80 L43,80",
          GLYPH_WIDTH),
    "3": ("M3,10 C8,3 14,0 22,0 C33,0 40,8 40,19 C40,31 31,38 19,38 "
          "C33,38 42,47 42,59 C42,72 33,80 21,80 C12,80 5,77 1,70", GLYPH_WIDTH),
    "4": ("M33,80 L33,0 L1,56 L44,56", GLYPH_WIDTH),
    "5": ("M40,1 L8,1 L4,36 C9,32 15,30 22,30 C35,30 42,40 42,54 "
          "C42,70 33,80 21,80 C12,80 5,76 2,70", GLYPH_WIDTH),
    "6": (SIX, GLYPH_WIDTH),
    "7": ("M1,1 L43,1 C30,22 21,48 17,80", GLYPH_WIDTH),
    "8": ("M22,38 C12,38 5,30 5,19 C5,8 12,0 22,0 C32,0 39,8 39,19 "
          "C39,30 32,38 22,38 C10,38 2,47 2,59 C2,72 10,80 22,80 "
          "C34,80 42,72 42,59 C42,47 34,38 22,38 Z", GLYPH_WIDTH),
    "9": (rotate_half_turn(SIX, GLYPH_WIDTH, GLYPH_HEIGHT), GLYPH_WIDTH),
    "10": ("M2,15 L13,3 L13,80 "
           "M44,1 C53,1 58,18 58,40 C58,62 53,79 44,79 "
           "C35,79 30,62 30,40 C30,18 35,1 44,1 Z", 58),
    "j": ("M14,1 L42,1 M33,1 L33,58 C33,73 26,80 17,80 C9,80 3,75 1,68",
          GLYPH_WIDTH),
    "q": ("M22,0 C34,0 43,16 43,39 C43,62 34,78 22,78 "
          "C10,78 1,62 1,39 C1,16 10,0 22,0 Z M26,58 L43,81", GLYPH_WIDTH),
    "k": ("M4,0 L4,80 M41,0 L5,47 M17,33 L43,80", GLYPH_WIDTH),
}

# Suit symbols, each designed in a 100 x 100 box centred on the origin.
SUIT_SHAPES = {
    "hearts": '<path d="M0,46 C-18,28 -50,8 -50,-17 C-50,-37 -37,-47 -24,-47 '
              'C-12,-47 -4,-40 0,-29 C4,-40 12,-47 24,-47 C37,-47 50,-37 50,-17 '
              'C50,8 18,28 0,46 Z"/>',
    "diamonds": '<path d="M0,-50 Q14,-24 38,0 Q14,24 0,50 Q-14,24 -38,0 '
                'Q-14,-24 0,-50 Z"/>',
    "spades": '<path d="M0,-50 C-18,-28 -48,-10 -48,13 C-48,29 -37,37 -24,37 '
              'C-15,37 -8,33 -4,27 C-5,37 -11,45 -20,50 L20,50 '
              'C11,45 5,37 4,27 C8,33 15,37 24,37 C37,37 48,29 48,13 '
              'C48,-10 18,-28 0,-50 Z"/>',
    "clubs": '<circle cx="0" cy="-25" r="21"/>'
             '<circle cx="-24" cy="8" r="21"/>'
             '<circle cx="24" cy="8" r="21"/>'
             '<path d="M-10,-8 L10,-8 L12,14 L-12,14 Z"/>'
             '<path d="M-3,8 C-4,30 -10,43 -20,50 L20,50 C10,43 4,30 3,8 Z"/>',
}

# Classic pip places for 2-10, as (column, row): column -1, 0, 1 is left,
# centre, right; row runs from 0 (top pip) to 1 (bottom pip). Pips below
# the middle are drawn upside down, as on printed cards.
PIP_PLACES = {
    "2": [(0, 0), (0, 1)],
    "3": [(0, 0), (0, 0.5), (0, 1)],
    "4": [(-1, 0), (1, 0), (-1, 1), (1, 1)],
    "5": [(-1, 0), (1, 0), (0, 0.5), (-1, 1), (1, 1)],
    "6": [(-1, 0), (1, 0), (-1, 0.5), (1, 0.5), (-1, 1), (1, 1)],
    "7": [(-1, 0), (1, 0), (0, 0.25), (-1, 0.5), (1, 0.5), (-1, 1), (1, 1)],
    "8": [(-1, 0), (1, 0), (0, 0.25), (-1, 0.5), (1, 0.5), (0, 0.75),
          (-1, 1), (1, 1)],
    "9": [(-1, 0), (1, 0), (-1, 1 / 3), (1, 1 / 3), (0, 0.5), (-1, 2 / 3),
          (1, 2 / 3), (-1, 1), (1, 1)],
    "10": [(-1, 0), (1, 0), (0, 1 / 6), (-1, 1 / 3), (1, 1 / 3), (-1, 2 / 3),
           (1, 2 / 3), (0, 5 / 6), (-1, 1), (1, 1)],
}

# The corner index: a big rank with its suit below, in the top-left corner
# and turned half round in the bottom-right. It is what a player reads when
# cards overlap, so it is as large as the pips leave room for.
INDEX_CENTRE_X = 33
INDEX_RANK_TOP = 14
INDEX_RANK_SCALE = 0.95
INDEX_SUIT_CENTRE_Y = 128
INDEX_SUIT_SIZE = 46

PIP_COLUMN_STEP = 39
PIP_TOP = 64
PIP_BOTTOM = CARD_HEIGHT - PIP_TOP
PIP_SIZE = 38

ACE_PIP_SIZE = 118

COURT_FRAME = (68, 24, CARD_WIDTH - 2 * 68, CARD_HEIGHT - 2 * 24)
COURT_LETTER_SCALE = 1.4

# Headdresses for the court cards, drawn in a box about 84 x 50 centred on
# the origin: a plumed cap for the jack, a pearl circlet for the queen, a
# tall pointed crown for the king.
COURT_HEADDRESS = {
    "j": '<path d="M-34,16 C-44,2 -26,-12 0,-12 C26,-12 46,-2 36,16 Z"/>'
         '<path d="M14,-11 C18,-30 34,-40 46,-38 C38,-30 30,-20 26,-9 Z" '
         'fill-opacity="0.55"/>'
         '<rect x="-36" y="12" width="72" height="10" rx="4"/>',
    "q": '<path d="M-36,22 L-38,-4 L-24,8 L-12,-12 L0,6 L12,-12 L24,8 L38,-4 '
         'L36,22 Z"/>'
         '<circle cx="-38" cy="-9" r="6"/><circle cx="-12" cy="-17" r="6"/>'
         '<circle cx="12" cy="-17" r="6"/><circle cx="38" cy="-9" r="6"/>',
    "k": '<path d="M-38,24 L-40,-12 L-20,4 L0,-28 L20,4 L40,-12 L38,24 Z"/>'
         '<circle cx="-40" cy="-17" r="6"/><circle cx="40" cy="-17" r="6"/>'
         '<path d="M-4,-46 L4,-46 L4,-40 L10,-40 L10,-33 L4,-33 L4,-26 '
         'L-4,-26 L-4,-33 L-10,-33 L-10,-40 L-4,-40 Z"/>',
}


def fmt(value):
    """Writes a number without needless digits."""
    text = "%.3f" % value
    text = text.rstrip("0").rstrip(".")
    return "0" if text == "-0" else text


def use_suit(suit, cx, cy, size, upside_down=False):
    """A suit symbol of the given size centred on (cx, cy)."""
    scale = size / 100
    turn = " rotate(180)" if upside_down else ""
    return ('<use xlink:href="#suit-%s" transform="translate(%s,%s)%s scale(%s)"/>'
            % (suit, fmt(cx), fmt(cy), turn, fmt(scale)))


def use_rank(rank, cx, top, scale):
    """A rank glyph of the given scale, centred on cx, its top at top."""
    glyph_width = RANK_GLYPHS[rank][1]
    # The ten is squeezed sideways so that it fits the same index column.
    x_scale = scale * GLYPH_WIDTH / glyph_width * 1.2 if glyph_width > GLYPH_WIDTH else scale
    left = cx - glyph_width * x_scale / 2
    return ('<use xlink:href="#rank-%s" transform="translate(%s,%s) scale(%s,%s)"/>'
            % (rank, fmt(left), fmt(top), fmt(x_scale), fmt(scale)))


def card_outline(fill, stroke):
    """The rounded card shape whose outer edge is exactly the card's box."""
    inset = BORDER_WIDTH / 2
    return ('<rect x="%s" y="%s" width="%s" height="%s" rx="%s" fill="%s" '
            'stroke="%s" stroke-width="%s"/>'
            % (fmt(inset), fmt(inset), fmt(CARD_WIDTH - BORDER_WIDTH),
               fmt(CARD_HEIGHT - BORDER_WIDTH), fmt(CORNER_RADIUS - inset),
               fill, stroke, fmt(BORDER_WIDTH)))


def corner_index(rank, suit):
    """The rank and suit in the top-left corner, and again turned round."""
    half_turn = "rotate(180 %s %s)" % (fmt(CARD_WIDTH / 2), fmt(CARD_HEIGHT / 2))
    index = (use_rank(rank, INDEX_CENTRE_X, INDEX_RANK_TOP, INDEX_RANK_SCALE)
             + use_suit(suit, INDEX_CENTRE_X, INDEX_SUIT_CENTRE_Y, INDEX_SUIT_SIZE))
    return index + '<g transform="%s">%s</g>' % (half_turn, index)


def pips(rank, suit):
    """The classic pip pattern of a number card."""
    parts = []
    for column, row in PIP_PLACES[rank]:
        cx = CARD_WIDTH / 2 + column * PIP_COLUMN_STEP
        cy = PIP_TOP + row * (PIP_BOTTOM - PIP_TOP)
        parts.append(use_suit(suit, cx, cy, PIP_SIZE, upside_down=row > 0.5))
    return "".join(parts)


def court_figure(rank, suit):
    """A framed panel with a headdress, a large letter and the suit."""
    x, y, width, height = COURT_FRAME
    cx = CARD_WIDTH / 2
    parts = [
        '<rect x="%s" y="%s" width="%s" height="%s" rx="10" fill="currentColor" '
        'fill-opacity="0.09" stroke="currentColor" stroke-width="3"/>'
        % (fmt(x), fmt(y), fmt(width), fmt(height)),
        '<rect x="%s" y="%s" width="%s" height="%s" rx="6" fill="none" '
        'stroke="currentColor" stroke-opacity="0.45" stroke-width="1.5"/>'
        % (fmt(x + 6), fmt(y + 6), fmt(width - 12), fmt(height - 12)),
        '<g fill="currentColor" transform="translate(%s,%s)">%s</g>'
        % (fmt(cx), fmt(y + 66), COURT_HEADDRESS[rank]),
        use_rank(rank, cx, y + 104, COURT_LETTER_SCALE),
        use_suit(suit, cx, y + height - 52, 50),
    ]
    return "".join(parts)


def face(rank, suit, left, top):
    """One card face, placed at (left, top) on the sheet."""
    if rank == "a":
        middle = use_suit(suit, CARD_WIDTH / 2, CARD_HEIGHT / 2, ACE_PIP_SIZE)
    elif rank in COURT_HEADDRESS:
        middle = court_figure(rank, suit)
    else:
        middle = pips(rank, suit)
    return ('<g id="card-%s-%s" class="face %s" color="%s" '
            'transform="translate(%s,%s)">%s%s%s</g>\n'
            % (rank, suit, suit, TWO_COLOURS[suit], fmt(left), fmt(top),
               card_outline(FACE_PAPER, FACE_BORDER), corner_index(rank, suit), middle))


def back(seat, left, top):
    """A card back: a lattice field inside a white margin, with a medallion."""
    colours = BACKS[seat]
    margin = 13
    field_width = CARD_WIDTH - 2 * margin
    field_height = CARD_HEIGHT - 2 * margin
    cx, cy = CARD_WIDTH / 2, CARD_HEIGHT / 2
    parts = [
        card_outline(FACE_PAPER, FACE_BORDER),
        '<rect x="%d" y="%d" width="%d" height="%d" rx="8" fill="%s"/>'
        % (margin, margin, field_width, field_height, colours["field"]),
        '<rect x="%d" y="%d" width="%d" height="%d" rx="8" fill="url(#lattice-%s)"/>'
        % (margin, margin, field_width, field_height, seat),
        '<rect x="%d" y="%d" width="%d" height="%d" rx="5" fill="none" stroke="%s" '
        'stroke-width="2.5"/>'
        % (margin + 8, margin + 8, field_width - 16, field_height - 16, colours["light"]),
        '<circle cx="%s" cy="%s" r="56" fill="%s" stroke="%s" stroke-width="4"/>'
        % (fmt(cx), fmt(cy), colours["dark"], colours["light"]),
        '<circle cx="%s" cy="%s" r="47" fill="none" stroke="%s" stroke-width="1.5"/>'
        % (fmt(cx), fmt(cy), colours["light"]),
    ]
    # The four suits sit round the centre of the medallion, pointing outwards.
    emblem = []
    for turn, suit in enumerate(("spades", "hearts", "clubs", "diamonds")):
        emblem.append('<g transform="rotate(%d %s %s)">%s</g>'
                      % (turn * 90, fmt(cx), fmt(cy), use_suit(suit, cx, cy - 24, 26)))
    parts.append('<g color="%s">%s</g>' % (colours["light"], "".join(emblem)))
    return ('<g id="back-%s" class="back" transform="translate(%s,%s)">%s</g>\n'
            % (seat, fmt(left), fmt(top), "".join(parts)))


def lattice_pattern(seat):
    """A small repeating diamond lattice for the field of a back."""
    colours = BACKS[seat]
    return ('<pattern id="lattice-%s" width="18" height="18" patternUnits="userSpaceOnUse">'
            '<path d="M9,1 L17,9 L9,17 L1,9 Z" fill="none" stroke="%s" stroke-width="1.6" '
            'stroke-opacity="0.55"/>'
            '<circle cx="9" cy="9" r="1.8" fill="%s" fill-opacity="0.7"/>'
            '</pattern>\n' % (seat, colours["light"], colours["light"]))


def empty_mark(element_id, inner, left, top):
    """The faint outline that shows where an empty pile lies."""
    # An invisible rectangle fixes the element's extent to the card's box,
    # so the mark is scaled exactly like a card.
    inset = 6
    return ('<g id="%s" class="empty" color="%s" transform="translate(%s,%s)">'
            '<rect width="%d" height="%d" fill="none" stroke="none" fill-opacity="0"/>'
            '<rect x="%d" y="%d" width="%d" height="%d" rx="%d" fill="currentColor" '
            'fill-opacity="0.1" stroke="currentColor" stroke-opacity="0.7" '
            'stroke-width="5"/>%s</g>\n'
            % (element_id, EMPTY_MARK, fmt(left), fmt(top), CARD_WIDTH, CARD_HEIGHT,
               inset, inset, CARD_WIDTH - 2 * inset, CARD_HEIGHT - 2 * inset,
               CORNER_RADIUS - 2, inner))


def empty_marks(left, top, step):
    """The plain empty mark and the one for foundations."""
    cx, cy = CARD_WIDTH / 2, CARD_HEIGHT / 2
    ring = ('<circle cx="%s" cy="%s" r="44" fill="none" stroke="currentColor" '
            'stroke-opacity="0.45" stroke-width="9"/>' % (fmt(cx), fmt(cy)))
    letter_scale = 1.5
    letter = ('<g stroke-opacity="0.55">%s</g>'
              % use_rank("a", cx, cy - GLYPH_HEIGHT * letter_scale / 2, letter_scale))
    return (empty_mark("empty", ring, left, top)
            + empty_mark("empty-foundation", letter, left + step, top))


def definitions():
    """Shared shapes: suit symbols, rank glyphs and the back patterns."""
    parts = ["<defs>\n"]
    for suit in SUITS:
        parts.append('<g id="suit-%s" fill="currentColor">%s</g>\n'
                     % (suit, SUIT_SHAPES[suit]))
    for rank in RANKS:
        parts.append('<path id="rank-%s" d="%s" fill="none" stroke="currentColor" '
                     'stroke-width="%d" stroke-linecap="round" stroke-linejoin="round"/>\n'
                     % (rank, RANK_GLYPHS[rank][0], GLYPH_STROKE))
    for seat in BACKS:
        parts.append(lattice_pattern(seat))
    parts.append("</defs>\n")
    return "".join(parts)


def deck():
    """The whole sheet: a row per suit, then the backs and empty marks."""
    step_x = CARD_WIDTH + SHEET_GAP
    step_y = CARD_HEIGHT + SHEET_GAP
    sheet_width = SHEET_GAP + len(RANKS) * step_x
    sheet_height = SHEET_GAP + (len(SUITS) + 1) * step_y
    parts = [
        '<?xml version="1.0" encoding="UTF-8"?>\n',
        "<!-- Crapette's card deck. Generated by generate-deck.py: edit that, not this.\n"
        "     SPDX-License-Identifier: GPL-3.0-or-later -->\n",
        '<svg xmlns="http://www.w3.org/2000/svg" '
        'xmlns:xlink="http://www.w3.org/1999/xlink" version="1.1" '
        'width="%d" height="%d" viewBox="0 0 %d %d">\n'
        % (sheet_width, sheet_height, sheet_width, sheet_height),
        definitions(),
    ]
    for row, suit in enumerate(SUITS):
        for column, rank in enumerate(RANKS):
            parts.append(face(rank, suit, SHEET_GAP + column * step_x, SHEET_GAP + row * step_y))
    last_row = SHEET_GAP + len(SUITS) * step_y
    parts.append(back("south", SHEET_GAP, last_row))
    parts.append(back("north", SHEET_GAP + step_x, last_row))
    parts.append(empty_marks(SHEET_GAP + 2 * step_x, last_row, step_x))
    parts.append("</svg>\n")
    return "".join(parts)


def main():
    """Writes the deck, or with --check tells whether a written deck is current."""
    arguments = sys.argv[1:]
    default_target = os.path.join(os.path.dirname(os.path.abspath(__file__)), "deck.svg")
    if arguments and arguments[0] == "--check":
        # Run as a test, so that an edit to this script is not forgotten in deck.svg.
        target = arguments[1] if len(arguments) > 1 else default_target
        with open(target, encoding="utf-8", newline="\n") as written:
            if written.read() != deck():
                print("%s is out of date: run generate-deck.py" % target, file=sys.stderr)
                return 1
        return 0
    target = arguments[0] if arguments else default_target
    with open(target, "w", encoding="utf-8", newline="\n") as output:
        output.write(deck())
    return 0


if __name__ == "__main__":
    sys.exit(main())
