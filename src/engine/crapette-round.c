/* crapette-round.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "crapette-engine"

#include "config.h"

#include <string.h>

#include "crapette-round.h"

#include <glib/gi18n-lib.h>

#include "crapette-refusal.h"

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

  /* The hash of every position the round has really passed through, in
   * order; a call drops those the moves it takes back had reached, and the
   * repetition table is made again from what is left. */
  GArray *history;        /* guint64 */

  /* The first move of the turn that broke a duty of the order of play, while
   * the opponent may still call it ("mistakes=called"). */
  gboolean has_breach;
  CrapetteBreach breach;
  CrapetteBreach last_call;  /* the breach the last move, a call, stopped */
  guint breach_history;   /* the length of @history before the breaking move */
  CrapettePosition before_breach;
};

static guint32
count_seen (CrapetteRound *round,
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

/* Counts @hash as one more position the round has passed through, and
 * returns how often it has occurred. */
static guint32
remember (CrapetteRound *round,
          guint64        hash)
{
  g_array_append_val (round->history, hash);
  return count_seen (round, hash);
}

static void
forget_everything (CrapetteRound *round)
{
  memset (round->seen, 0, round->seen_capacity * sizeof (Seen));
  round->seen_used = 0;
  round->repetitions = 0;
  g_array_set_size (round->history, 0);
}

static void play_accepted (CrapetteRound      *round,
                           const CrapetteMove *move);

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
  round->history = g_array_new (FALSE, FALSE, sizeof (guint64));
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
  copy->history = g_array_copy (round->history);
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
  g_array_unref (round->history);
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
      play_accepted (replay, move);
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

      play_accepted (replay, &g_array_index (round->moves, CrapetteMove, i));
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
    play_accepted (replay, &g_array_index (round->moves, CrapetteMove, i));
  *position = replay->position;
  crapette_round_free (replay);
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

/* Remembers @move, about to be played, if it is the first of the turn to
 * break a duty; and forgets a breach the caller has let pass by moving. */
static void
watch_for_breach (CrapetteRound      *round,
                  const CrapetteMove *move)
{
  const CrapettePosition *position = &round->position;
  CrapetteRefusal duty;
  CrapetteCard detail = CRAPETTE_CARD_NONE;

  if (round->has_breach && round->breach.offender != position->to_move)
    round->has_breach = FALSE;
  if (round->has_breach || position->rules.mistakes != CRAPETTE_MISTAKES_CALLED)
    return;

  duty = crapette_position_duty_broken (position, move, &detail);
  if (duty == CRAPETTE_REFUSAL_NONE)
    return;
  round->has_breach = TRUE;
  round->breach.offender = position->to_move;
  round->breach.move_index = round->moves->len;
  round->breach.duty = duty;
  round->breach.detail = detail;
  round->breach_history = round->history->len;
  round->before_breach = *position;
}

/* What both players saw during the moves a call takes back stays known when
 * the cards go back: the stock's top cards each turn brought up, and the
 * reserve cards uncovered. @restored is the position before the breaking
 * move, @now the position at the call. */
static void
keep_what_was_seen (CrapetteRound    *round,
                    CrapettePosition *restored,
                    const CrapettePosition *now)
{
  CrapetteSeat offender = round->breach.offender;
  CrapettePileId stock = crapette_pile_of_seat (CRAPETTE_PILE_KIND_STOCK, offender);
  CrapettePileId reserve = crapette_pile_of_seat (CRAPETTE_PILE_KIND_RESERVE, offender);
  guint reserve_before = restored->piles[reserve].count;
  guint reserve_now = now->piles[reserve].count;
  guint turns = 0;

  for (guint i = round->breach.move_index; i < round->moves->len; i++)
    turns += g_array_index (round->moves, CrapetteMove, i).kind == CRAPETTE_MOVE_TURN;
  turns = MIN (turns, restored->piles[stock].count);
  restored->stock_top_seen[offender] = (guint8) MAX (restored->stock_top_seen[offender], turns);

  /* Only the offender's own moves are taken back, and nobody loads their own
   * reserve, so it only shrank: every card down to its lowest top was seen. */
  if (reserve_now < reserve_before)
    {
      guint uncovered = reserve_before - MAX (reserve_now, 1u);

      restored->reserve_seen[offender] = (guint8) MAX (restored->reserve_seen[offender],
                                                       uncovered);
    }
}

/* Plays the call of a breach: back to the position before the breaking move,
 * with what was seen kept, and the turn passed to the caller. The positions
 * the taken-back moves reached leave the repetition history. */
static void
play_call (CrapetteRound      *round,
           const CrapetteMove *move)
{
  CrapettePosition restored = round->before_breach;
  guint32 move_number = round->position.move_number;
  guint64 hash;

  g_assert (round->has_breach);

  round->last_call = round->breach;
  keep_what_was_seen (round, &restored, &round->position);
  crapette_position_pass_turn (&restored);
  restored.move_number = move_number + 1;
  round->position = restored;
  g_array_append_val (round->moves, *move);
  round->has_breach = FALSE;

  /* The table is made again from the positions that stand. */
  g_array_set_size (round->history, round->breach_history);
  {
    g_autoptr(GArray) kept = g_array_copy (round->history);

    forget_everything (round);
    for (guint i = 0; i < kept->len; i++)
      remember (round, g_array_index (kept, guint64, i));
  }
  hash = crapette_position_hash (&round->position);
  if (round->position.outcome == CRAPETTE_OUTCOME_PLAYING &&
      remember (round, hash) > REPETITIONS_ALLOWED)
    crapette_position_block (&round->position, CRAPETTE_BLOCK_REPETITION);
  /* The turn has changed hands, so nothing before the call can be undone. */
  round->undo_floor = round->moves->len;
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

  if (move->kind == CRAPETTE_MOVE_STOP)
    {
      play_call (round, move);
      return;
    }
  watch_for_breach (round, move);

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

  if (move->kind == CRAPETTE_MOVE_STOP)
    {
      if (!round->has_breach)
        return crapette_round_call (round, CRAPETTE_SOUTH, error);
      return crapette_round_call (round, crapette_seat_opponent (round->breach.offender), error);
    }
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
  forget_everything (round);
  round->has_breach = FALSE;
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

/* ---- "Stop!" ------------------------------------------------------------- */

/* Whether a duty broken this turn may still be called, and if so fills
 * @breach (which may be %NULL). The call stays open from the breaking move
 * until the caller makes a move of their own, so a breaking move that ends
 * the turn can be called too. */
gboolean
crapette_round_get_breach (const CrapetteRound *round,
                           CrapetteBreach      *breach)
{
  g_return_val_if_fail (round != NULL, FALSE);

  if (!round->has_breach || round->position.outcome != CRAPETTE_OUTCOME_PLAYING)
    return FALSE;
  if (breach != NULL)
    *breach = round->breach;
  return TRUE;
}

/* Whether @seat may call "Stop!" now, rightly or not: mistakes are called,
 * the round is in play, and it is the other player's turn or @seat has not
 * yet moved in their own. It says nothing of whether a duty was broken, so
 * the window may offer the call without giving a mistake away. */
gboolean
crapette_round_may_call (const CrapetteRound *round,
                         CrapetteSeat         seat)
{
  const CrapettePosition *position;

  g_return_val_if_fail (round != NULL, FALSE);
  g_return_val_if_fail (seat < CRAPETTE_N_SEATS, FALSE);

  position = &round->position;
  return position->rules.mistakes == CRAPETTE_MISTAKES_CALLED &&
         position->outcome == CRAPETTE_OUTCOME_PLAYING &&
         (position->to_move != seat || !position->moved_this_turn);
}

/* @caller calls "Stop!". If the other player broke a duty and the call is
 * still open, the breaking move and every later move are taken back, the
 * turn passes to @caller and a %CRAPETTE_MOVE_STOP is added to the moves.
 * Otherwise nothing changes and @error says there is nothing to stop. */
gboolean
crapette_round_call (CrapetteRound  *round,
                     CrapetteSeat    caller,
                     GError        **error)
{
  CrapetteMove stop = { CRAPETTE_MOVE_STOP, CRAPETTE_NO_PILE, CRAPETTE_NO_PILE,
                        CRAPETTE_CARD_NONE };

  g_return_val_if_fail (round != NULL, FALSE);
  g_return_val_if_fail (caller < CRAPETTE_N_SEATS, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (round->position.outcome != CRAPETTE_OUTCOME_PLAYING)
    {
      g_set_error_literal (error, CRAPETTE_MOVE_ERROR, CRAPETTE_REFUSAL_ROUND_OVER,
                           _("The round is over"));
      return FALSE;
    }
  if (!round->has_breach || round->breach.offender == caller)
    {
      g_set_error_literal (error, CRAPETTE_MOVE_ERROR, CRAPETTE_REFUSAL_NOTHING_TO_STOP,
                           _("There is nothing to stop"));
      return FALSE;
    }
  play_accepted (round, &stop);
  g_array_set_size (round->undone, 0);
  return TRUE;
}

/* Whether the last move of @round is a call of "Stop!", and if so fills
 * @breach (which may be %NULL) with the mistake it stopped; the moves it took
 * back are those from @breach->move_index to the one before the call. */
gboolean
crapette_round_get_last_call (const CrapetteRound *round,
                              CrapetteBreach      *breach)
{
  g_return_val_if_fail (round != NULL, FALSE);

  if (round->moves->len == 0 ||
      g_array_index (round->moves, CrapetteMove, round->moves->len - 1).kind != CRAPETTE_MOVE_STOP)
    return FALSE;
  if (breach != NULL)
    *breach = round->last_call;
  return TRUE;
}
