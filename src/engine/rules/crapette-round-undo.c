/* crapette-round-undo.c: taking the moves of the turn in play back, and playing them again
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "crapette-engine"

#include "config.h"

#include "crapette-round-private.h"

/* The index of the first move that crapette_round_undo() may still take back;
 * equal to the number of moves when nothing can be taken back. */
guint
crapette_round_get_undo_floor (const CrapetteRound *round)
{
  g_return_val_if_fail (round != NULL, 0);

  return round->undo_floor;
}

/* Whether the last move may be taken back: it belongs to the turn in play,
 * and neither it nor any move after the last card turned or uncovered showed
 * a card. */
gboolean
crapette_round_can_undo (const CrapetteRound *round)
{
  g_return_val_if_fail (round != NULL, FALSE);

  return round->moves->len > round->undo_floor;
}

/* Whether a move taken back may be played again. */
gboolean
crapette_round_can_redo (const CrapetteRound *round)
{
  g_return_val_if_fail (round != NULL, FALSE);

  return round->undone->len > 0;
}

/* The move crapette_round_redo() would play, or %NULL. */
const CrapetteMove *
crapette_round_get_redo_move (const CrapetteRound *round)
{
  g_return_val_if_fail (round != NULL, NULL);

  if (round->undone->len == 0)
    return NULL;
  return &g_array_index (round->undone, CrapetteMove, round->undone->len - 1);
}

/* Plays the first @n_moves of @moves again from the round's start, so the
 * position, the repetition history and the per-turn state are exactly what
 * they were after them. */
static void
replay_from_start (CrapetteRound *round,
                   const GArray  *moves,
                   guint          n_moves)
{
  crapette_round_forget_everything (round);
  round->has_breach = FALSE;
  round->undo_floor = 0;
  round->position = round->start;
  g_array_set_size (round->moves, 0);
  crapette_round_remember (round, crapette_position_hash (&round->start));

  for (guint i = 0; i < n_moves; i++)
    crapette_round_play_accepted (round, &g_array_index (moves, CrapetteMove, i));
}

/* Takes the last move back, if crapette_round_can_undo() allows it, and keeps
 * it to be played again by crapette_round_redo(). Returns whether a move was
 * taken back. */
gboolean
crapette_round_undo (CrapetteRound *round)
{
  g_autoptr(GArray) kept = NULL;
  CrapetteMove last;

  g_return_val_if_fail (round != NULL, FALSE);

  if (!crapette_round_can_undo (round))
    return FALSE;

  /* The moves are few and cheap to play, and playing them again from the
   * start is the one way to be sure every counter is as it was. */
  last = g_array_index (round->moves, CrapetteMove, round->moves->len - 1);
  kept = g_array_copy (round->moves);
  replay_from_start (round, kept, kept->len - 1);
  g_array_append_val (round->undone, last);
  return TRUE;
}

/* Plays again the last move taken back. Returns whether a move was played. */
gboolean
crapette_round_redo (CrapetteRound *round)
{
  CrapetteMove move;

  g_return_val_if_fail (round != NULL, FALSE);

  if (round->undone->len == 0)
    return FALSE;

  move = g_array_index (round->undone, CrapetteMove, round->undone->len - 1);
  /* A move taken back was legal where it is played again. */
  if (!crapette_position_is_legal (&round->position, &move))
    {
      g_warning ("A move taken back is no longer legal where it was played");
      g_array_set_size (round->undone, 0);
      return FALSE;
    }
  g_array_set_size (round->undone, round->undone->len - 1);
  crapette_round_play_accepted (round, &move);
  return TRUE;
}
