/* crapette-round.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "crapette-engine"

#include "config.h"

#include <string.h>

#include "crapette-round.h"

/* How often a position may occur; the next occurrence blocks the round. */
#define REPETITIONS_ALLOWED 2

/* The positions seen so far, as an open-addressing table of hashes and
 * counts. A 64-bit hash makes a false repetition vanishingly unlikely and
 * keeps the table small enough to copy with a round. */
typedef struct
{
  guint64 hash;
  guint32 count;
} Seen;

struct _CrapetteRound
{
  CrapettePosition start;
  CrapettePosition position;
  GArray *moves;          /* CrapetteMove */
  Seen *seen;
  gsize seen_capacity;    /* a power of two */
  gsize seen_used;
  guint repetitions;      /* positions that have occurred more than once */
  gboolean from_deal;
};

static guint32
remember (CrapetteRound *round,
          guint64        hash)
{
  gsize mask;
  gsize i;

  if ((round->seen_used + 1) * 4 > round->seen_capacity * 3)
    {
      Seen *old = round->seen;
      gsize old_capacity = round->seen_capacity;

      round->seen_capacity = MAX (old_capacity * 2, 256);
      round->seen = g_new0 (Seen, round->seen_capacity);
      mask = round->seen_capacity - 1;
      for (gsize j = 0; j < old_capacity; j++)
        {
          if (old[j].count == 0)
            continue;
          for (i = old[j].hash & mask; round->seen[i].count != 0; i = (i + 1) & mask)
            ;
          round->seen[i] = old[j];
        }
      g_free (old);
    }

  mask = round->seen_capacity - 1;
  for (i = hash & mask; round->seen[i].count != 0; i = (i + 1) & mask)
    {
      if (round->seen[i].hash == hash)
        {
          if (round->seen[i].count == 1)
            round->repetitions++;
          return ++round->seen[i].count;
        }
    }
  round->seen[i].hash = hash;
  round->seen[i].count = 1;
  round->seen_used++;
  return 1;
}

/* A round that starts from @start, which a deal made when @from_deal is set
 * (records then name the deal instead of writing every pile). */
CrapetteRound *
crapette_round_new_from_position (const CrapettePosition *start,
                                  gboolean                from_deal)
{
  CrapetteRound *round;

  g_return_val_if_fail (start != NULL, NULL);

  round = g_new0 (CrapetteRound, 1);
  round->start = *start;
  round->position = *start;
  round->moves = g_array_new (FALSE, FALSE, sizeof (CrapetteMove));
  round->from_deal = from_deal;
  remember (round, crapette_position_hash (start));
  return round;
}

/* A round dealt from @deal_number (round @round_index of a match). */
CrapetteRound *
crapette_round_new_deal (CrapetteVariant      variant,
                         const CrapetteRules *rules,
                         guint64              deal_number,
                         guint                round_index)
{
  CrapettePosition start;

  g_return_val_if_fail (variant < CRAPETTE_N_VARIANTS, NULL);
  g_return_val_if_fail (rules != NULL, NULL);

  crapette_position_deal (&start, variant, rules, deal_number, round_index);
  return crapette_round_new_from_position (&start, TRUE);
}

/* A deep copy of @round. */
CrapetteRound *
crapette_round_copy (const CrapetteRound *round)
{
  CrapetteRound *copy;

  g_return_val_if_fail (round != NULL, NULL);

  copy = g_memdup2 (round, sizeof *round);
  copy->moves = g_array_copy (round->moves);
  copy->seen = g_memdup2 (round->seen, round->seen_capacity * sizeof (Seen));
  return copy;
}

/* Frees @round. */
void
crapette_round_free (CrapetteRound *round)
{
  if (round == NULL)
    return;

  g_array_unref (round->moves);
  g_free (round->seen);
  g_free (round);
}

/* The position the round started from. */
const CrapettePosition *
crapette_round_get_start (const CrapetteRound *round)
{
  g_return_val_if_fail (round != NULL, NULL);

  return &round->start;
}

/* The position now. */
const CrapettePosition *
crapette_round_get_position (const CrapetteRound *round)
{
  g_return_val_if_fail (round != NULL, NULL);

  return &round->position;
}

/* Whether the round started from a deal rather than from a written position. */
gboolean
crapette_round_is_from_deal (const CrapetteRound *round)
{
  g_return_val_if_fail (round != NULL, FALSE);

  return round->from_deal;
}

/* How many moves have been played. */
guint
crapette_round_get_n_moves (const CrapetteRound *round)
{
  g_return_val_if_fail (round != NULL, 0);

  return round->moves->len;
}

/* The move played at @index (0 is the first). */
const CrapetteMove *
crapette_round_get_move (const CrapetteRound *round,
                         guint                index)
{
  g_return_val_if_fail (round != NULL, NULL);
  g_return_val_if_fail (index < round->moves->len, NULL);

  return &g_array_index (round->moves, CrapetteMove, index);
}

/* How many distinct positions of the round have occurred more than once. */
guint
crapette_round_count_repetitions (const CrapetteRound *round)
{
  g_return_val_if_fail (round != NULL, 0);

  return round->repetitions;
}

/* Checks @move and plays it. A refused move leaves the round as it was and
 * sets @error to the rule it breaks. A position that occurs for the third
 * time blocks the round. */
gboolean
crapette_round_play (CrapetteRound       *round,
                     const CrapetteMove  *move,
                     GError             **error)
{
  CrapetteMove played;
  CrapetteSeat mover;

  g_return_val_if_fail (round != NULL, FALSE);
  g_return_val_if_fail (move != NULL, FALSE);

  if (!crapette_position_check_move (&round->position, move, error))
    return FALSE;

  played = *move;
  mover = round->position.to_move;
  if (played.kind == CRAPETTE_MOVE_CARD)
    played.card = crapette_position_top (&round->position, played.from);
  crapette_position_apply_move (&round->position, &played);
  /* Turning never ends a turn, so the card turned up is the mover's now. */
  if (played.kind == CRAPETTE_MOVE_TURN)
    played.card = crapette_position_top (&round->position,
                                         crapette_pile_of_seat (CRAPETTE_PILE_KIND_TURNED, mover));
  g_array_append_val (round->moves, played);

  if (round->position.outcome == CRAPETTE_OUTCOME_PLAYING &&
      remember (round, crapette_position_hash (&round->position)) > REPETITIONS_ALLOWED)
    crapette_position_block (&round->position, CRAPETTE_BLOCK_REPETITION);

  return TRUE;
}
