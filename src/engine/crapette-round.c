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
  guint undo_floor;       /* the first move that may still be taken back */
  GArray *undone;         /* CrapetteMove: moves taken back, the last taken back last */
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
  round->undone = g_array_new (FALSE, FALSE, sizeof (CrapetteMove));
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
  copy->undone = g_array_copy (round->undone);
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
  g_array_unref (round->undone);
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

/* The moves played, in order: crapette_round_get_n_moves() of them, valid until
 * the round changes. */
const CrapetteMove *
crapette_round_get_moves (const CrapetteRound *round)
{
  g_return_val_if_fail (round != NULL, NULL);

  return (const CrapetteMove *) round->moves->data;
}

/* How many distinct positions of the round have occurred more than once. */
guint
crapette_round_count_repetitions (const CrapetteRound *round)
{
  g_return_val_if_fail (round != NULL, 0);

  return round->repetitions;
}

/* When the round stood in the position it stands in now (before any block): a new array of
 * guint, each the number of moves played at that moment (0: the start), in order. For a round
 * blocked by repetition, these are the three times its last position came up, which the
 * round summary names and the history marks. The round is replayed from its start, since
 * the repetition table keeps only hashes and counts. */
GArray *
crapette_round_find_position_occurrences (const CrapetteRound *round)
{
  GArray *occurrences;
  CrapettePosition replay;
  guint64 *hashes;
  guint n_moves;

  g_return_val_if_fail (round != NULL, NULL);

  n_moves = round->moves->len;
  hashes = g_new (guint64, n_moves + 1);
  replay = round->start;
  hashes[0] = crapette_position_hash (&replay);
  for (guint i = 0; i < n_moves; i++)
    {
      crapette_position_apply_move (&replay, &g_array_index (round->moves, CrapetteMove, i));
      hashes[i + 1] = crapette_position_hash (&replay);
    }

  occurrences = g_array_new (FALSE, FALSE, sizeof (guint));
  for (guint i = 0; i <= n_moves; i++)
    if (hashes[i] == hashes[n_moves])
      g_array_append_val (occurrences, i);
  g_free (hashes);
  return occurrences;
}

/*
 * Undo takes back only what showed nothing new. A move that turned a card up,
 * uncovered one (a reserve's next card), put cards out of sight (American
 * Bank's completed sequence) or ended the turn cannot be taken back, nor can
 * anything before it: undoing it would show a card again, or change what the
 * opponent saw. Every other move of the turn in play can be.
 */
static gboolean
move_shows_something (const CrapettePosition *after,
                      const CrapetteMove     *played,
                      guint32                 turn_before,
                      gboolean                under_was_face_up)
{
  guint left;

  if (played->kind != CRAPETTE_MOVE_CARD ||
      after->turn_number != turn_before ||
      after->outcome != CRAPETTE_OUTCOME_PLAYING)
    return TRUE;

  /* The card that lay under the one moved has come face up. */
  left = after->piles[played->from].count;
  if (left > 0 && !under_was_face_up &&
      crapette_position_is_face_up (after, played->from, left - 1))
    return TRUE;

  /* The card did not stay where it was put: a completed sequence took it. */
  return crapette_position_top (after, played->to) != played->card;
}

/* Plays @move, which the position's rules have accepted. */
static void
play_accepted (CrapetteRound      *round,
               const CrapetteMove *move)
{
  CrapettePosition *position = &round->position;
  CrapetteMove played = *move;
  CrapetteSeat mover = position->to_move;
  guint32 turn_before = position->turn_number;
  gboolean under_was_face_up = TRUE;

  if (played.kind == CRAPETTE_MOVE_CARD)
    {
      guint count = position->piles[played.from].count;

      played.card = crapette_position_top (position, played.from);
      if (count >= 2)
        under_was_face_up = crapette_position_is_face_up (position, played.from, count - 2);
    }
  crapette_position_apply_move (position, &played);
  /* Turning never ends a turn, so the card turned up is the mover's now. */
  if (played.kind == CRAPETTE_MOVE_TURN)
    played.card = crapette_position_top (position,
                                         crapette_pile_of_seat (CRAPETTE_PILE_KIND_TURNED, mover));
  g_array_append_val (round->moves, played);

  if (position->outcome == CRAPETTE_OUTCOME_PLAYING &&
      remember (round, crapette_position_hash (position)) > REPETITIONS_ALLOWED)
    crapette_position_block (position, CRAPETTE_BLOCK_REPETITION);

  if (move_shows_something (position, &played, turn_before, under_was_face_up))
    round->undo_floor = round->moves->len;
}

/* Checks @move and plays it. A refused move leaves the round as it was and
 * sets @error to the rule it breaks. A position that occurs for the third
 * time blocks the round. A move played forgets the moves taken back. */
gboolean
crapette_round_play (CrapetteRound       *round,
                     const CrapetteMove  *move,
                     GError             **error)
{
  g_return_val_if_fail (round != NULL, FALSE);
  g_return_val_if_fail (move != NULL, FALSE);

  if (!crapette_position_check_move (&round->position, move, error))
    return FALSE;

  play_accepted (round, move);
  g_array_set_size (round->undone, 0);
  return TRUE;
}

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
  memset (round->seen, 0, round->seen_capacity * sizeof (Seen));
  round->seen_used = 0;
  round->repetitions = 0;
  round->undo_floor = 0;
  round->position = round->start;
  g_array_set_size (round->moves, 0);
  remember (round, crapette_position_hash (&round->start));

  for (guint i = 0; i < n_moves; i++)
    play_accepted (round, &g_array_index (moves, CrapetteMove, i));
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
  play_accepted (round, &move);
  return TRUE;
}
