/* crapette-round.c: a round's moves, the repetition rule and the "Stop!" call
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "crapette-engine"

#include "config.h"

#include <string.h>

#include "crapette-round-private.h"

#include <glib/gi18n-lib.h>

#include "crapette-card.h"
#include "crapette-refusal.h"
#include "crapette-variant-private.h"

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
guint32
crapette_round_remember (CrapetteRound *round,
                         guint64        hash)
{
  g_array_append_val (round->history, hash);
  return count_seen (round, hash);
}

/* Forgets every position the round has passed through. */
void
crapette_round_forget_everything (CrapetteRound *round)
{
  memset (round->seen, 0, round->seen_capacity * sizeof (Seen));
  round->seen_used = 0;
  round->repetitions = 0;
  g_array_set_size (round->history, 0);
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
  round->history = g_array_new (FALSE, FALSE, sizeof (guint64));
  round->from_deal = from_deal;
  if (crapette_position_find_unshown (start, NULL) > 0)
    round->hash_owed = TRUE;
  else
    crapette_round_remember (round, crapette_position_hash (start));
  return round;
}

/* A round dealt from @deal_number, open (records name the deal) or @hidden (every card a
 * stand-in; records cannot name the deal, so the round is not "from a deal"). */
static CrapetteRound *
new_dealt (CrapetteVariant      variant,
           const CrapetteRules *rules,
           guint64              deal_number,
           guint                round_index,
           gboolean             hidden)
{
  CrapettePosition start;

  g_return_val_if_fail (variant < CRAPETTE_N_VARIANTS, NULL);
  g_return_val_if_fail (rules != NULL, NULL);

  if (hidden)
    crapette_position_deal_hidden (&start, variant, rules, deal_number, round_index);
  else
    crapette_position_deal (&start, variant, rules, deal_number, round_index);
  return crapette_round_new_from_position (&start, !hidden);
}

/* A round dealt from @deal_number (round @round_index of a match). */
CrapetteRound *
crapette_round_new_deal (CrapetteVariant      variant,
                         const CrapetteRules *rules,
                         guint64              deal_number,
                         guint                round_index)
{
  return new_dealt (variant, rules, deal_number, round_index, FALSE);
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
                      gboolean                may_uncover,
                      gboolean                under_was_face_up)
{
  guint left;

  if (played->kind != CRAPETTE_MOVE_CARD ||
      after->turn_number != turn_before ||
      after->outcome != CRAPETTE_OUTCOME_PLAYING)
    return TRUE;

  /* The card that lay under the one moved has come face up. */
  left = after->piles[played->from].count;
  if (may_uncover && left > 0 && !under_was_face_up &&
      crapette_position_is_face_up (after, played->from, left - 1))
    return TRUE;

  /* The card did not stay where it was put: a completed sequence took it. Only a game
   * that sets sequences aside can do that. */
  if (crapette_variant_ops (after->variant)->completed_sequences == NULL)
    return FALSE;
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

/* Counts the position now for the repetition rule, which blocks the round at its third
 * occurrence. A card of a hidden deal that has just come up (a turn, a reserve card
 * uncovered, American Bank's lay-out when a turn starts) is shown before anything else
 * happens, and the position is counted then (crapette_round_reveal_card()). */
static void
count_position (CrapetteRound *round)
{
  CrapettePosition *position = &round->position;

  if (position->outcome != CRAPETTE_OUTCOME_PLAYING)
    return;
  if (crapette_position_find_unshown (position, NULL) > 0)
    {
      round->hash_owed = TRUE;
      return;
    }
  round->hash_owed = FALSE;
  if (crapette_round_remember (round, crapette_position_hash (position)) > REPETITIONS_ALLOWED)
    crapette_position_block (position, CRAPETTE_BLOCK_REPETITION);
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

    crapette_round_forget_everything (round);
    for (guint i = 0; i < kept->len; i++)
      crapette_round_remember (round, g_array_index (kept, guint64, i));
  }
  count_position (round);
  /* The turn has changed hands, so nothing before the call can be undone. */
  round->undo_floor = round->moves->len;
}

/* Plays @move, which the position's rules have accepted. */
void
crapette_round_play_accepted (CrapetteRound      *round,
                              const CrapetteMove *move)
{
  CrapettePosition *position = &round->position;
  CrapetteMove played = *move;
  CrapetteSeat mover = position->to_move;
  guint32 turn_before = position->turn_number;
  gboolean under_was_face_up = TRUE;
  gboolean may_uncover = FALSE;

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
      /* Only the piles that can hide a card are asked whether one lies under it. */
      may_uncover = (crapette_variant_ops (position->variant)->hiding_pile_kinds >>
                     crapette_pile_kind (played.from)) & 1;
      if (may_uncover && count >= 2)
        under_was_face_up = crapette_position_is_face_up (position, played.from, count - 2);
    }
  crapette_position_apply_move (position, &played);
  /* Turning never ends a turn, so the card turned up is the mover's now. */
  if (played.kind == CRAPETTE_MOVE_TURN)
    played.card = crapette_position_top (position,
                                         crapette_pile_of_seat (CRAPETTE_PILE_KIND_TURNED, mover));
  g_array_append_val (round->moves, played);

  count_position (round);

  if (move_shows_something (position, &played, turn_before, may_uncover, under_was_face_up))
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

  crapette_round_play_accepted (round, move);
  g_array_set_size (round->undone, 0);
  return TRUE;
}

/* ---- A hidden deal --------------------------------------------------------- */

/* A round dealt from @deal_number with every card a stand-in for its place in the deck
 * (crapette_position_deal_hidden()): no card is known until crapette_round_reveal_card()
 * shows it, and the rules never need one that is not. The deal number decides only what no
 * card decides, so records cannot name the deal: the round is not "from a deal". */
CrapetteRound *
crapette_round_new_hidden_deal (CrapetteVariant      variant,
                                const CrapetteRules *rules,
                                guint64              deal_number,
                                guint                round_index)
{
  return new_dealt (variant, rules, deal_number, round_index, TRUE);
}

/* Fills @cards (room for %CRAPETTE_MAX_CARDS, or %NULL) with the stand-ins lying face up
 * that must be shown before play goes on, and returns how many there are. */
gsize
crapette_round_find_unshown (const CrapetteRound *round,
                             CrapetteCard        *cards)
{
  g_return_val_if_fail (round != NULL, 0);

  return crapette_position_find_unshown (&round->position, cards);
}

static void
show_in_moves (GArray       *moves,
               CrapetteCard  hidden,
               CrapetteCard  card)
{
  for (guint i = 0; i < moves->len; i++)
    {
      CrapetteMove *move = &g_array_index (moves, CrapetteMove, i);

      if (move->card == hidden)
        move->card = card;
    }
}

/* Shows @card where the stand-in @hidden lies, face up (crapette_round_find_unshown()):
 * in the position, the round's start and its moves, so the round is as if the card had
 * been known from the deal. The card must be one of the game's, of the pack dealt to that
 * place (Russian Bank: the first 52 places are South's pack), and not already on the table.
 * Otherwise nothing changes and @error says why. */
gboolean
crapette_round_reveal_card (CrapetteRound  *round,
                            CrapetteCard    hidden,
                            CrapetteCard    card,
                            GError        **error)
{
  const CrapetteVariantOps *ops;
  CrapetteCard unshown[CRAPETTE_MAX_CARDS];
  gsize n_unshown;
  gboolean due = FALSE;

  g_return_val_if_fail (round != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  ops = crapette_variant_ops (round->position.variant);
  n_unshown = crapette_position_find_unshown (&round->position, unshown);
  for (gsize i = 0; i < n_unshown; i++)
    due |= unshown[i] == hidden;
  if (!due)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                           _("No card at that place of the deck is face up to be shown"));
      return FALSE;
    }
  if (card >= ops->n_cards ||
      (ops->n_cards > CRAPETTE_CARDS_PER_PACK &&
       crapette_card_pack (card) != crapette_card_hidden_index (hidden) / CRAPETTE_CARDS_PER_PACK))
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                           _("The card shown is not one of the pack dealt there"));
      return FALSE;
    }
  for (guint pile = 0; pile < CRAPETTE_N_PILES; pile++)
    {
      const CrapettePile *p = &round->position.piles[pile];

      if (memchr (p->cards, card, p->count) != NULL)
        {
          g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                               _("The card shown is already on the table"));
          return FALSE;
        }
    }

  crapette_position_show_card (&round->position, hidden, card);
  crapette_position_show_card (&round->start, hidden, card);
  if (round->has_breach)
    crapette_position_show_card (&round->before_breach, hidden, card);
  show_in_moves (round->moves, hidden, card);
  show_in_moves (round->undone, hidden, card);

  if (round->hash_owed)
    count_position (round);
  return TRUE;
}

/* At the end of a round dealt hidden, once the whole deal is known (each player has checked
 * the other's secrets): @deck holds the card at each place of the deck. Every card shown in
 * play must be the one @deck has at its place, and @deck must hold each of the game's cards
 * once, each in the pack dealt there; then every stand-in left is replaced by its card, so
 * the round is a plain round that a record can write out. Otherwise nothing changes and
 * @error says why. */
gboolean
crapette_round_show_deal (CrapetteRound       *round,
                          const CrapetteCard  *deck,
                          GError             **error)
{
  const CrapetteVariantOps *ops;
  CrapettePosition dealt;
  gboolean seen[CRAPETTE_MAX_CARDS] = { FALSE };
  const CrapettePosition *start;

  g_return_val_if_fail (round != NULL, FALSE);
  g_return_val_if_fail (deck != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  start = &round->start;
  ops = crapette_variant_ops (start->variant);
  for (guint i = 0; i < ops->n_cards; i++)
    {
      if (deck[i] >= ops->n_cards || seen[deck[i]] ||
          (ops->n_cards > CRAPETTE_CARDS_PER_PACK &&
           crapette_card_pack (deck[i]) != i / CRAPETTE_CARDS_PER_PACK))
        {
          g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                               _("The deal shown at the end does not hold every card once"));
          return FALSE;
        }
      seen[deck[i]] = TRUE;
    }

  /* The same deal laid out again tells which place of the deck each card of the start came
   * from; a card shown in play is where its stand-in was. */
  crapette_position_deal_hidden (&dealt, start->variant, &start->rules, start->deal_number,
                                 start->round_index);
  for (guint pile = 0; pile < CRAPETTE_N_PILES; pile++)
    {
      if (dealt.piles[pile].count != start->piles[pile].count)
        {
          g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                               _("This round was not dealt hidden"));
          return FALSE;
        }
      for (guint depth = 0; depth < dealt.piles[pile].count; depth++)
        {
          CrapetteCard place = dealt.piles[pile].cards[depth];
          CrapetteCard held = start->piles[pile].cards[depth];

          if (!crapette_card_is_hidden (place))
            continue;
          if (held != place && held != deck[crapette_card_hidden_index (place)])
            {
              g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                                   _("The deal shown at the end differs from a card shown in play"));
              return FALSE;
            }
        }
    }

  for (guint i = 0; i < ops->n_cards; i++)
    {
      CrapetteCard hidden = crapette_card_hidden (i);

      crapette_position_show_card (&round->position, hidden, deck[i]);
      crapette_position_show_card (&round->start, hidden, deck[i]);
      crapette_position_show_card (&round->before_breach, hidden, deck[i]);
      show_in_moves (round->moves, hidden, deck[i]);
      show_in_moves (round->undone, hidden, deck[i]);
    }
  if (round->hash_owed)
    count_position (round);
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
 * the round is in play, and it is the other player's turn, or @seat has not
 * yet moved in their own and it is not the round's first (there is no turn
 * before it to call). It says nothing of whether a duty was broken, so
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
         (position->to_move != seat ||
          (!position->moved_this_turn && position->move_number > 0));
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
  if (crapette_position_find_unshown (&round->position, NULL) > 0)
    {
      g_set_error_literal (error, CRAPETTE_MOVE_ERROR, CRAPETTE_REFUSAL_NOT_SHOWN,
                           _("Wait until the card turned up is shown"));
      return FALSE;
    }
  if (!round->has_breach || round->breach.offender == caller)
    {
      g_set_error_literal (error, CRAPETTE_MOVE_ERROR, CRAPETTE_REFUSAL_NOTHING_TO_STOP,
                           _("There is nothing to stop"));
      return FALSE;
    }
  crapette_round_play_accepted (round, &stop);
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
