/* crapette-table-highlight.h: how the table marks a card held, its targets, a hint, the last move and the focus
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Five marks can be on the table at once, so each has a look of its own, by
 * colour and by shape, and each stays readable on a white card, on the light
 * and the dark baize and with the four-colour deck:
 *
 *   held card      a solid gold frame hugging the card, and the card's shadow
 *   legal targets  a sky-blue tint over the card and a thin sky-blue frame
 *   hint           a magenta frame in a dark casing around the card and its
 *                  target, and a magenta arrow from one to the other
 *   last move      an orange glow around the place a card left and the place
 *                  it went to (the computer's move, for a moment)
 *   keyboard focus a ring of two bands around the whole pile, white inside
 *                  and black outside, each 3 px: the white one stands out from
 *                  both baizes, the black one from the cards (WCAG 2.1 non-text
 *                  contrast, at least 3:1; tests/test-table-highlight.c checks it)
 *
 * The colours are kept here only, so that the drawing (crapette-table-draw.c)
 * and the contrast test read the same values. Distances are in pixels, outward
 * from the card's edge.
 */

#pragma once

#include <gdk/gdk.h>

G_BEGIN_DECLS

/* The card's face, as the deck (data/cards/deck.svg) paints it. */
static const GdkRGBA crapette_highlight_card_face = { 1.0f, 1.0f, 1.0f, 1.0f };

/* A card held: Okabe–Ito-like gold, far from the sky blue and the magenta for colour-blind eyes. */
static const GdkRGBA crapette_highlight_held = { 1.0f, 0.82f, 0.16f, 1.0f };
#define CRAPETTE_HIGHLIGHT_HELD_WIDTH 4.0f

/* Where the card held may go. */
static const GdkRGBA crapette_highlight_target = { 0.36f, 0.78f, 1.0f, 1.0f };
static const GdkRGBA crapette_highlight_target_tint = { 0.36f, 0.78f, 1.0f, 0.28f };
#define CRAPETTE_HIGHLIGHT_TARGET_WIDTH 2.0f

/* A hint: magenta, which neither the baize, the cards nor the other marks use. */
static const GdkRGBA crapette_highlight_hint = { 1.0f, 0.31f, 0.85f, 1.0f };
static const GdkRGBA crapette_highlight_hint_casing = { 0.1f, 0.0f, 0.1f, 0.7f };
#define CRAPETTE_HIGHLIGHT_HINT_WIDTH 3.0f

/* The computer's last move: a glow, not a frame, so it is never taken for a card held. */
static const GdkRGBA crapette_highlight_last_move = { 1.0f, 0.45f, 0.12f, 0.95f };

/* The keyboard focus: the band next to the pile, then the band outside it. */
static const GdkRGBA crapette_highlight_focus_inner = { 1.0f, 1.0f, 1.0f, 1.0f };
static const GdkRGBA crapette_highlight_focus_outer = { 0.0f, 0.0f, 0.0f, 1.0f };
#define CRAPETTE_HIGHLIGHT_FOCUS_BAND 3.0f
#define CRAPETTE_HIGHLIGHT_FOCUS_GAP 3.0f

/* How long the computer's last move stays marked, unless another move comes first:
 * long enough to look from one pile to the other after the card has landed, and longer
 * than the 2.05 s between the computer's moves at its slow speed, so that at every speed
 * a mark stays until the next move replaces it. */
#define CRAPETTE_HIGHLIGHT_LAST_MOVE_MS 2500

G_END_DECLS
