/* engine-test-helpers.h: what the engine's tests share to write moves and
 * hand-made rounds briefly
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "crapette-card.h"
#include "crapette-notation.h"
#include "crapette-refusal.h"
#include "crapette-round.h"

/* Moving the top card of @from to @to. */
static inline CrapetteMove
card_move (CrapettePileId from,
           CrapettePileId to)
{
  return (CrapetteMove) { CRAPETTE_MOVE_CARD, from, to, CRAPETTE_CARD_NONE };
}

/* A move that names no pile: turning a card, ending the turn, a call. */
static inline CrapetteMove
plain_move (CrapetteMoveKind kind)
{
  return (CrapetteMove) { kind, CRAPETTE_NO_PILE, CRAPETTE_NO_PILE, CRAPETTE_CARD_NONE };
}

static inline CrapettePileId
pile (CrapettePileKind kind,
      CrapetteSeat     seat)
{
  return crapette_pile_of_seat (kind, seat);
}

/* The card written @text, as in a position ("7♣"). */
static inline CrapetteCard
card_named (const char *text)
{
  CrapetteCard card;
  gboolean pack_given;

  g_assert_true (crapette_card_parse (text, NULL, &card, &pack_given));
  return card;
}

/* A round from the hand-made position written @text. */
static inline CrapetteRound *
round_from_text (const char *text)
{
  CrapettePosition start;
  g_autoptr(GError) error = NULL;

  g_assert_true (crapette_notation_parse_position (text, -1, &start, &error));
  g_assert_no_error (error);
  return crapette_round_new_from_position (&start, FALSE);
}

/* Plays @move, which must be accepted. */
static inline void
play (CrapetteRound      *round,
      const CrapetteMove *move)
{
  g_autoptr(GError) error = NULL;

  crapette_round_play (round, move, &error);
  g_assert_no_error (error);
}

/* @caller calls "Stop!" with nothing to stop: the call is refused, and
 * nothing changes. */
static inline void
assert_nothing_to_stop (CrapetteRound *round,
                        CrapetteSeat   caller)
{
  CrapettePosition before = *crapette_round_get_position (round);
  guint n_moves = crapette_round_get_n_moves (round);
  g_autoptr(GError) error = NULL;

  g_assert_false (crapette_round_call (round, caller, &error));
  g_assert_error (error, CRAPETTE_MOVE_ERROR, CRAPETTE_REFUSAL_NOTHING_TO_STOP);
  g_assert_true (crapette_position_equal (crapette_round_get_position (round), &before));
  g_assert_cmpuint (crapette_round_get_n_moves (round), ==, n_moves);
}
