/* crapette-round-replay.c: a round played again from its start, to tell what stood when
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "crapette-engine"

#include "config.h"

#include "crapette-round-private.h"

/* When the round stood in the position it stands in now (before any block): a new array of
 * guint, each the number of moves played at that moment (0: the start), in order. For a round
 * blocked by repetition, these are the three times its last position came up, which the
 * round summary names and the history marks. The round is replayed from its start, since
 * the repetition table keeps only hashes and counts. */
GArray *
crapette_round_find_position_occurrences (const CrapetteRound *round)
{
  GArray *occurrences;
  CrapetteRound *replay;
  guint64 *hashes;
  gboolean *stands;
  guint n_moves;

  g_return_val_if_fail (round != NULL, NULL);

  n_moves = round->moves->len;
  hashes = g_new (guint64, n_moves + 1);
  stands = g_new (gboolean, n_moves + 1);
  replay = crapette_round_new_from_position (&round->start, round->from_deal);
  hashes[0] = crapette_position_hash (&replay->position);
  stands[0] = TRUE;
  for (guint i = 0; i < n_moves; i++)
    {
      const CrapetteMove *move = &g_array_index (round->moves, CrapetteMove, i);

      /* The positions a call took back were never really reached. */
      if (move->kind == CRAPETTE_MOVE_STOP && replay->has_breach)
        for (guint j = replay->breach.move_index + 1; j <= i; j++)
          stands[j] = FALSE;
      crapette_round_play_accepted (replay, move);
      hashes[i + 1] = crapette_position_hash (&replay->position);
      stands[i + 1] = TRUE;
    }
  crapette_round_free (replay);

  occurrences = g_array_new (FALSE, FALSE, sizeof (guint));
  for (guint i = 0; i <= n_moves; i++)
    if (stands[i] && hashes[i] == hashes[n_moves])
      g_array_append_val (occurrences, i);
  g_free (hashes);
  g_free (stands);
  return occurrences;
}

/* For a round blocked by passes or by the idle-turn rule, the number of moves played when the
 * turns that blocked it began: the last turn that made progress (or, for passes, moved a card)
 * ended there, and every turn after it did not. For any other round, the number of moves.
 * The round summary names the stretch and the history marks it. The counters are kept only
 * for the moment, so the round is replayed from its start. */
guint
crapette_round_find_idle_stretch (const CrapetteRound *round)
{
  CrapetteBlockReason reason;
  CrapetteRound *replay;
  guint stretch = 0;

  g_return_val_if_fail (round != NULL, 0);

  reason = round->position.block_reason;
  if (round->position.outcome != CRAPETTE_OUTCOME_BLOCKED ||
      (reason != CRAPETTE_BLOCK_PASSES && reason != CRAPETTE_BLOCK_IDLE_TURNS))
    return round->moves->len;

  replay = crapette_round_new_from_position (&round->start, round->from_deal);
  for (guint i = 0; i < round->moves->len; i++)
    {
      guint32 turn_before = replay->position.turn_number;
      guint count;

      crapette_round_play_accepted (replay, &g_array_index (round->moves, CrapetteMove, i));
      if (replay->position.turn_number == turn_before)
        continue;
      count = reason == CRAPETTE_BLOCK_PASSES ? replay->position.passes
                                              : replay->position.idle_turns;
      if (count == 0)
        stretch = i + 1;
    }
  crapette_round_free (replay);
  return stretch;
}

/* Stores in @position the position after the first @n_moves moves of @round as play reached
 * it: replayed by the round's own rules, so a "Stop!" call takes its moves back again and a
 * third repetition blocks. The move history's look back and its moves in words start here. */
void
crapette_round_get_position_after (const CrapetteRound *round,
                                   guint                n_moves,
                                   CrapettePosition    *position)
{
  CrapetteRound *replay;

  g_return_if_fail (round != NULL);
  g_return_if_fail (position != NULL);

  if (n_moves >= round->moves->len)
    {
      *position = round->position;
      return;
    }
  replay = crapette_round_new_from_position (&round->start, round->from_deal);
  for (guint i = 0; i < n_moves; i++)
    crapette_round_play_accepted (replay, &g_array_index (round->moves, CrapetteMove, i));
  *position = replay->position;
  crapette_round_free (replay);
}
