/* crapette-position.c: the rules every variant shares, and dispatch to the rest
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "crapette-engine"

#include "config.h"

#include <string.h>

#include <glib/gi18n-lib.h>

#include "crapette-position.h"
#include "crapette-card.h"
#include "crapette-random.h"
#include "crapette-variant-private.h"

const CrapetteVariantOps *
crapette_variant_ops (CrapetteVariant variant)
{
  switch (variant)
    {
    case CRAPETTE_VARIANT_RUSSIAN:
      return &crapette_russian_bank_ops;
    case CRAPETTE_VARIANT_AMERICAN:
      return &crapette_american_bank_ops;
    case CRAPETTE_N_VARIANTS:
    default:
      return NULL;
    }
}

/* The variant written as @key in records ("russian", "american"), or %NULL. */
const CrapetteVariantOps *
crapette_variant_ops_by_key (const char *key)
{
  for (guint i = 0; i < CRAPETTE_N_VARIANTS; i++)
    {
      const CrapetteVariantOps *ops = crapette_variant_ops (i);

      if (g_strcmp0 (ops->key, key) == 0)
        return ops;
    }
  return NULL;
}

static inline const CrapetteVariantOps *
position_ops (const CrapettePosition *position)
{
  return crapette_variant_ops (position->variant);
}

static void
start_turn (CrapettePosition *position)
{
  position->moved_this_turn = FALSE;
  position->progress_this_turn = FALSE;
  position->opened_houses = 0;
  position_ops (position)->begin_turn (position);
}

static void
prepare_deal (CrapettePosition    *position,
              CrapetteVariant      variant,
              const CrapetteRules *rules,
              guint64              deal_number,
              guint                round_index)
{
  memset (position, 0, sizeof *position);
  position->variant = variant;
  position->rules = *rules;
  position->deal_number = deal_number;
  position->round_index = (guint8) MIN (round_index, G_MAXUINT8);
  position->outcome = CRAPETTE_OUTCOME_PLAYING;
  position->winner = CRAPETTE_NO_SEAT;
}

/* Fills @deck (room for %CRAPETTE_MAX_CARDS) with the cards of round @round_index of a
 * match from @deal_number in the order they are dealt, and returns how many there are:
 * place i of the deck is what crapette_card_hidden (i) stands for in a hidden deal. */
guint
crapette_position_shuffle (CrapetteVariant      variant,
                           const CrapetteRules *rules,
                           guint64              deal_number,
                           guint                round_index,
                           CrapetteCard        *deck)
{
  CrapettePosition position;
  const CrapetteVariantOps *ops;

  g_return_val_if_fail (variant < CRAPETTE_N_VARIANTS, 0);
  g_return_val_if_fail (rules != NULL && deck != NULL, 0);

  ops = crapette_variant_ops (variant);
  prepare_deal (&position, variant, rules, deal_number, round_index);
  ops->shuffle (&position, deck);
  return ops->n_cards;
}

/* Whether a card of a hidden deal lies face up, still to be revealed. Such a card is always
 * on top of its pile: the deal and American Bank's lay-out put them on empty piles, a turn
 * or an uncovered reserve card shows one on top, and nothing moves until it is shown. */
static gboolean
has_hidden_face_up (const CrapettePosition *position)
{
  for (guint pile = 0; pile < CRAPETTE_N_PILES; pile++)
    {
      const CrapettePile *p = &position->piles[pile];

      if (p->count > 0 && crapette_card_is_hidden (p->cards[p->count - 1]) &&
          crapette_position_is_face_up (position, pile, p->count - 1))
        return TRUE;
    }
  return FALSE;
}

/* Once every card the deal turned face up is known: who starts, and the first turn. */
static void
finish_deal (CrapettePosition *position)
{
  const CrapetteVariantOps *ops = position_ops (position);

  if (ops->choose_first != NULL)
    ops->choose_first (position);
  for (guint seat = 0; seat < CRAPETTE_N_SEATS; seat++)
    position->low_water[seat] = (guint16) ops->cards_left (position, seat);

  start_turn (position);
}

/* Puts the cards of an open deal in @deck: the real order for the position's deal number. */
static void
fill_shuffled (CrapettePosition *position,
               CrapetteCard     *deck)
{
  position_ops (position)->shuffle (position, deck);
}

/* Puts the cards of a hidden deal in @deck: the stand-in for each place, no card at all. */
static void
fill_stand_ins (CrapettePosition *position,
                CrapetteCard     *deck)
{
  const CrapetteVariantOps *ops = position_ops (position);

  for (guint i = 0; i < ops->n_cards; i++)
    deck[i] = crapette_card_hidden (i);
}

/* Deals round @round_index from @deal_number with the deck @fill puts together, open or
 * hidden: lays it out, then chooses who starts unless a card that choice reads is not known
 * yet (only a hidden deal has such cards: nobody moves until they are shown). */
static void
deal_with (CrapettePosition    *position,
           CrapetteVariant      variant,
           const CrapetteRules *rules,
           guint64              deal_number,
           guint                round_index,
           void               (*fill) (CrapettePosition *position,
                                       CrapetteCard     *deck))
{
  CrapetteCard deck[CRAPETTE_MAX_CARDS];
  const CrapetteVariantOps *ops;

  g_return_if_fail (position != NULL);
  g_return_if_fail (variant < CRAPETTE_N_VARIANTS);
  g_return_if_fail (rules != NULL);

  ops = crapette_variant_ops (variant);
  prepare_deal (position, variant, rules, deal_number, round_index);
  fill (position, deck);
  ops->lay_out (position, deck);
  if (ops->choose_first != NULL && has_hidden_face_up (position))
    position->to_move = CRAPETTE_NO_SEAT;
  else
    finish_deal (position);
}

/* Deals round @round_index of a match from @deal_number. */
void
crapette_position_deal (CrapettePosition    *position,
                        CrapetteVariant      variant,
                        const CrapetteRules *rules,
                        guint64              deal_number,
                        guint                round_index)
{
  deal_with (position, variant, rules, deal_number, round_index, fill_shuffled);
}

/* Deals round @round_index of a match from @deal_number with no card known: every card is
 * the stand-in for its place in the deck (crapette_card_hidden()), so this program cannot
 * read a face-down card because it does not hold it. The deal number decides only what no
 * card decides (American Bank's dealer). When the first player depends on cards the deal
 * turns face up (Russian Bank's lower card), nobody is to move (%CRAPETTE_NO_SEAT) until
 * crapette_position_show_card() has shown them all. */
void
crapette_position_deal_hidden (CrapettePosition    *position,
                               CrapetteVariant      variant,
                               const CrapetteRules *rules,
                               guint64              deal_number,
                               guint                round_index)
{
  deal_with (position, variant, rules, deal_number, round_index, fill_stand_ins);
}

/* Whether a card of a hidden deal nobody has seen lies anywhere on the table, face up or
 * down: a round whose whole deal is not known yet (crapette_round_show_deal()). */
gboolean
crapette_position_holds_stand_ins (const CrapettePosition *position)
{
  g_return_val_if_fail (position != NULL, FALSE);

  for (guint pile = 0; pile < CRAPETTE_N_PILES; pile++)
    for (guint depth = 0; depth < position->piles[pile].count; depth++)
      if (crapette_card_is_hidden (position->piles[pile].cards[depth]))
        return TRUE;
  return FALSE;
}

/* Fills @cards (room for %CRAPETTE_MAX_CARDS, or %NULL) with the stand-ins of a hidden deal
 * that lie face up, each still to be revealed, and returns how many there are. */
gsize
crapette_position_find_unshown (const CrapettePosition *position,
                                CrapetteCard           *cards)
{
  const CrapetteVariantOps *ops;
  gsize n = 0;

  g_return_val_if_fail (position != NULL, 0);

  ops = position_ops (position);
  for (guint pile = 0; pile < CRAPETTE_N_PILES; pile++)
    {
      const CrapettePile *p = &position->piles[pile];

      for (guint depth = ops->face_down_count (position, pile); depth < p->count; depth++)
        {
          if (!crapette_card_is_hidden (p->cards[depth]))
            continue;
          if (cards != NULL)
            cards[n] = p->cards[depth];
          n++;
        }
    }
  return n;
}

/* Puts @card where the stand-in @hidden lies in @position, wherever it is. TRUE if it lay
 * there. When the deal waited for its face-up cards and this was the last, the deal is
 * finished: the first player is chosen and the first turn starts. */
gboolean
crapette_position_show_card (CrapettePosition *position,
                             CrapetteCard      hidden,
                             CrapetteCard      card)
{
  gboolean found = FALSE;

  g_return_val_if_fail (position != NULL, FALSE);
  g_return_val_if_fail (crapette_card_is_hidden (hidden), FALSE);

  for (guint pile = 0; pile < CRAPETTE_N_PILES; pile++)
    {
      CrapettePile *p = &position->piles[pile];

      for (guint depth = 0; depth < p->count; depth++)
        {
          if (p->cards[depth] == hidden)
            {
              p->cards[depth] = card;
              found = TRUE;
            }
        }
    }
  if (found && position->to_move == CRAPETTE_NO_SEAT &&
      position->outcome == CRAPETTE_OUTCOME_PLAYING && !has_hidden_face_up (position))
    finish_deal (position);
  return found;
}

/* Fills @moves (room for %CRAPETTE_MAX_MOVES) with the legal moves of the
 * player to move and returns how many there are; none once the round is over. */
gsize
crapette_position_legal_moves (const CrapettePosition *position,
                               CrapetteMove           *moves)
{
  g_return_val_if_fail (position != NULL, 0);
  g_return_val_if_fail (moves != NULL, 0);

  if (position->outcome != CRAPETTE_OUTCOME_PLAYING || has_hidden_face_up (position))
    return 0;
  return position_ops (position)->generate_moves (position, moves);
}

/* The rule @move breaks, duties of the order of play included, whatever the
 * rule option on mistakes says. */
static CrapetteRefusal
judge_strictly (const CrapettePosition *position,
                const CrapetteMove     *move,
                CrapetteCard           *detail)
{
  *detail = CRAPETTE_CARD_NONE;

  if (position->outcome != CRAPETTE_OUTCOME_PLAYING)
    return CRAPETTE_REFUSAL_ROUND_OVER;
  if (has_hidden_face_up (position))
    return CRAPETTE_REFUSAL_NOT_SHOWN;
  if (move->kind > CRAPETTE_MOVE_END_TURN)
    return CRAPETTE_REFUSAL_BAD_PILE;
  if (move->kind == CRAPETTE_MOVE_CARD)
    {
      if (move->from >= CRAPETTE_N_PILES || move->to >= CRAPETTE_N_PILES)
        return CRAPETTE_REFUSAL_BAD_PILE;
      if (move->from == move->to)
        return CRAPETTE_REFUSAL_SAME_PILE;
      if (position->piles[move->from].count == 0)
        return CRAPETTE_REFUSAL_EMPTY_SOURCE;
      if (move->card != CRAPETTE_CARD_NONE &&
          move->card != crapette_position_top (position, move->from))
        return CRAPETTE_REFUSAL_CARD_MISMATCH;
    }
  return position_ops (position)->judge_move (position, move, detail);
}

/* The rule @move breaks under the rule options of @position: with mistakes
 * called, a broken duty is no refusal. */
static CrapetteRefusal
judge (const CrapettePosition *position,
       const CrapetteMove     *move,
       CrapetteCard           *detail)
{
  CrapetteRefusal refusal = judge_strictly (position, move, detail);

  if (refusal != CRAPETTE_REFUSAL_NONE && crapette_position_tolerates (position, refusal))
    {
      *detail = CRAPETTE_CARD_NONE;
      return CRAPETTE_REFUSAL_NONE;
    }
  return refusal;
}

/* The compulsory-move duty that @move, a legal move, breaks, or
 * %CRAPETTE_REFUSAL_NONE; @detail receives the card the duty names (the card
 * that should have gone to a foundation, the reserve's top card). Only with
 * mistakes called can a legal move break a duty. */
CrapetteRefusal
crapette_position_duty_broken (const CrapettePosition *position,
                               const CrapetteMove     *move,
                               CrapetteCard           *detail)
{
  CrapetteCard named = CRAPETTE_CARD_NONE;
  CrapetteRefusal refusal;

  g_return_val_if_fail (position != NULL, CRAPETTE_REFUSAL_NONE);
  g_return_val_if_fail (move != NULL, CRAPETTE_REFUSAL_NONE);

  refusal = judge_strictly (position, move, &named);
  if (!crapette_refusal_is_duty (refusal))
    return CRAPETTE_REFUSAL_NONE;
  if (detail != NULL)
    *detail = named;
  return refusal;
}

/* Whether @move is legal, without building a message. */
gboolean
crapette_position_is_legal (const CrapettePosition *position,
                            const CrapetteMove     *move)
{
  CrapetteCard detail;

  g_return_val_if_fail (position != NULL, FALSE);
  g_return_val_if_fail (move != NULL, FALSE);

  return judge (position, move, &detail) == CRAPETTE_REFUSAL_NONE;
}

/* Whether @move is legal; if not, @error says which rule it breaks. */
gboolean
crapette_position_check_move (const CrapettePosition  *position,
                              const CrapetteMove      *move,
                              GError                 **error)
{
  CrapetteRefusal refusal;
  CrapetteCard detail;

  g_return_val_if_fail (position != NULL, FALSE);
  g_return_val_if_fail (move != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  refusal = judge (position, move, &detail);
  if (refusal == CRAPETTE_REFUSAL_NONE)
    return TRUE;

  if (error != NULL)
    {
      g_autofree char *message = crapette_refusal_message (position, move, refusal, detail);

      g_set_error_literal (error, CRAPETTE_MOVE_ERROR, refusal, message);
    }
  return FALSE;
}

static void
finish_round (CrapettePosition    *position,
              CrapetteOutcome      outcome,
              CrapetteBlockReason  reason)
{
  CrapetteRoundResult result;

  position->outcome = outcome;
  position->block_reason = reason;
  position_ops (position)->score (position, &result);
  position->winner = result.winner;
}

/* Ends a round that the history found blocked (a position seen three times). */
void
crapette_position_block (CrapettePosition    *position,
                         CrapetteBlockReason  reason)
{
  g_return_if_fail (position != NULL);
  g_return_if_fail (reason != CRAPETTE_BLOCK_NONE);

  if (position->outcome == CRAPETTE_OUTCOME_PLAYING)
    finish_round (position, CRAPETTE_OUTCOME_BLOCKED, reason);
}

/* Turn bookkeeping common to both games: passes, the idle-turn rule, the
 * next player. */
static void
end_turn (CrapettePosition *position)
{
  const CrapetteVariantOps *ops = position_ops (position);
  gboolean progress = position->progress_this_turn;

  for (guint seat = 0; seat < CRAPETTE_N_SEATS; seat++)
    {
      guint left = ops->cards_left (position, seat);

      if (left < position->low_water[seat])
        {
          position->low_water[seat] = (guint16) left;
          progress = TRUE;
        }
    }

  position->passes = position->moved_this_turn ? 0 : position->passes + 1;
  position->idle_turns = progress ? 0 : position->idle_turns + 1;
  position->turn_number++;
  position->to_move = crapette_seat_opponent (position->to_move);

  if (position->passes >= 2)
    finish_round (position, CRAPETTE_OUTCOME_BLOCKED, CRAPETTE_BLOCK_PASSES);
  else if (position->idle_turns >= position->rules.idle_turn_limit)
    finish_round (position, CRAPETTE_OUTCOME_BLOCKED, CRAPETTE_BLOCK_IDLE_TURNS);
  else
    start_turn (position);
}

/* Ends the turn of the player to move because the opponent called "Stop!":
 * a card they turned up and still hold goes on their own waste (talon), as
 * when a turn ends, and the turn passes with the shared bookkeeping. */
void
crapette_position_pass_turn (CrapettePosition *position)
{
  CrapetteSeat mover;
  CrapettePileId turned;

  g_return_if_fail (position != NULL);
  g_return_if_fail (position->outcome == CRAPETTE_OUTCOME_PLAYING);

  mover = position->to_move;
  turned = crapette_pile_of_seat (CRAPETTE_PILE_KIND_TURNED, mover);
  if (position->piles[turned].count > 0)
    crapette_position_move_top (position, turned,
                                crapette_pile_of_seat (CRAPETTE_PILE_KIND_WASTE, mover));
  end_turn (position);
}

/* Applies a legal @move (check it first) with all its consequences: the end
 * of the turn, a won or blocked round. */
void
crapette_position_apply_move (CrapettePosition   *position,
                              const CrapetteMove *move)
{
  const CrapetteVariantOps *ops;
  CrapetteSeat mover;
  CrapetteMoveEffect effects;

  g_return_if_fail (position != NULL);
  g_return_if_fail (move != NULL);
  g_return_if_fail (position->outcome == CRAPETTE_OUTCOME_PLAYING);
  /* A call goes back to an earlier position, which only the round knows. */
  g_return_if_fail (move->kind != CRAPETTE_MOVE_STOP);

  ops = position_ops (position);
  mover = position->to_move;
  effects = ops->apply_move (position, move);
  position->move_number++;
  if (move->kind != CRAPETTE_MOVE_END_TURN)
    position->moved_this_turn = TRUE;
  if (effects & CRAPETTE_EFFECT_PROGRESS)
    position->progress_this_turn = TRUE;

  if (ops->cards_left (position, mover) == 0)
    finish_round (position, CRAPETTE_OUTCOME_WON, CRAPETTE_BLOCK_NONE);
  else if (effects & CRAPETTE_EFFECT_TURN_ENDS)
    end_turn (position);
}

/* The result of a finished round (of a round in play: the counts so far). */
void
crapette_position_score (const CrapettePosition *position,
                         CrapetteRoundResult    *result)
{
  g_return_if_fail (position != NULL);
  g_return_if_fail (result != NULL);

  memset (result, 0, sizeof *result);
  position_ops (position)->score (position, result);
}

/* The cards @seat still has to get rid of. */
guint
crapette_position_cards_left (const CrapettePosition *position,
                              CrapetteSeat            seat)
{
  g_return_val_if_fail (position != NULL, 0);
  g_return_val_if_fail (seat < CRAPETTE_N_SEATS, 0);

  return position_ops (position)->cards_left (position, seat);
}

/* Whether the card at @depth of @pile (0 is the bottom) lies face up. */
gboolean
crapette_position_is_face_up (const CrapettePosition *position,
                              CrapettePileId          pile,
                              guint                   depth)
{
  g_return_val_if_fail (position != NULL, FALSE);
  g_return_val_if_fail (pile < CRAPETTE_N_PILES, FALSE);

  return depth < position->piles[pile].count &&
         depth >= position_ops (position)->face_down_count (position, pile);
}

/* How many cards at the bottom of @pile lie face down and have never been seen by either
 * player: the face-down cards less those crapette_view_init_known() names (a stock that is
 * the waste turned over, the stock's top cards a "Stop!" took back, the reserve's cards
 * seen on its top, American Bank's completed sequences). They are the bottom of the cards
 * dealt to the pile, fewer as play goes on, so two positions of a round with the same
 * counts hold the same cards there. */
guint
crapette_position_unknown_count (const CrapettePosition *position,
                                 CrapettePileId          pile)
{
  guint face_down;
  guint count;
  CrapetteSeat seat;

  g_return_val_if_fail (position != NULL, 0);
  g_return_val_if_fail (pile < CRAPETTE_N_PILES, 0);

  face_down = position_ops (position)->face_down_count (position, pile);
  count = position->piles[pile].count;
  seat = crapette_pile_seat (pile);
  switch (crapette_pile_kind (pile))
    {
    case CRAPETTE_PILE_KIND_STOCK:
      if (position->stock_seen & (1u << seat))
        return 0;
      return face_down - MIN (face_down, MIN ((guint) position->stock_top_seen[seat], count));
    case CRAPETTE_PILE_KIND_RESERVE:
      return face_down - MIN (face_down, (guint) position->reserve_seen[seat]);
    case CRAPETTE_PILE_KIND_FOUNDATION:
      return 0;
    case CRAPETTE_PILE_KIND_TURNED:
    case CRAPETTE_PILE_KIND_WASTE:
    case CRAPETTE_PILE_KIND_HOUSE:
    case CRAPETTE_N_PILE_KINDS:
    default:
      return face_down;
    }
}

/* A 64-bit hash of what the repetition rule compares: every pile and the
 * player to move. A face-down card nobody has seen counts only as a card
 * (crapette_position_unknown_count()), so the hash is the same whether this
 * program knows that card or holds a hidden deal's stand-in for it, and it
 * tells nothing of it. */
guint64
crapette_position_hash (const CrapettePosition *position)
{
  guint64 hash = G_GUINT64_CONSTANT (0xcbf29ce484222325) ^ position->to_move;

  for (guint pile = 0; pile < CRAPETTE_N_PILES; pile++)
    {
      const CrapettePile *p = &position->piles[pile];
      guint unknown = crapette_position_unknown_count (position, pile);

      hash = (hash ^ (p->count + 0x100u * pile + 0x10000u * unknown)) *
             G_GUINT64_CONSTANT (0x100000001b3);
      for (guint i = unknown; i < p->count; i++)
        hash = (hash ^ p->cards[i]) * G_GUINT64_CONSTANT (0x100000001b3);
    }
  /* Finish with a SplitMix64 step so that nearby positions spread out. */
  return crapette_random_mix (hash);
}

/* Whether the two positions are the same in everything that matters for play. */
gboolean
crapette_position_equal (const CrapettePosition *a,
                         const CrapettePosition *b)
{
  g_return_val_if_fail (a != NULL && b != NULL, FALSE);

  for (guint pile = 0; pile < CRAPETTE_N_PILES; pile++)
    {
      if (a->piles[pile].count != b->piles[pile].count ||
          memcmp (a->piles[pile].cards, b->piles[pile].cards, a->piles[pile].count) != 0)
        return FALSE;
    }
  return memcmp (&a->rules, &b->rules, sizeof a->rules) == 0 &&
         a->deal_number == b->deal_number &&
         a->turn_number == b->turn_number &&
         a->move_number == b->move_number &&
         a->idle_turns == b->idle_turns &&
         a->low_water[0] == b->low_water[0] &&
         a->low_water[1] == b->low_water[1] &&
         a->variant == b->variant &&
         a->to_move == b->to_move &&
         a->dealer == b->dealer &&
         a->round_index == b->round_index &&
         a->outcome == b->outcome &&
         a->block_reason == b->block_reason &&
         a->winner == b->winner &&
         a->passes == b->passes &&
         a->moved_this_turn == b->moved_this_turn &&
         a->progress_this_turn == b->progress_this_turn &&
         a->opened_houses == b->opened_houses &&
         a->laid_out == b->laid_out &&
         a->stock_seen == b->stock_seen &&
         a->reserve_seen[0] == b->reserve_seen[0] &&
         a->reserve_seen[1] == b->reserve_seen[1] &&
         a->stock_top_seen[0] == b->stock_top_seen[0] &&
         a->stock_top_seen[1] == b->stock_top_seen[1];
}

/* Checks that every card of the variant lies exactly once on the table, and
 * then the variant's own pile rules. */
gboolean
crapette_position_check_invariants (const CrapettePosition  *position,
                                    GError                 **error)
{
  const CrapetteVariantOps *ops;
  guint8 seen[CRAPETTE_MAX_CARDS] = { 0 };
  guint8 stand_in_seen[CRAPETTE_MAX_CARDS] = { 0 };
  guint per_pack[2] = { 0, 0 };
  guint total = 0;

  g_return_val_if_fail (position != NULL, FALSE);

  if (position->variant >= CRAPETTE_N_VARIANTS)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA, _("Unknown game"));
      return FALSE;
    }
  ops = position_ops (position);

  for (guint pile = 0; pile < CRAPETTE_N_PILES; pile++)
    {
      const CrapettePile *p = &position->piles[pile];

      for (guint i = 0; i < p->count; i++)
        {
          CrapetteCard card = p->cards[i];

          /* A hidden deal's card nobody has seen: its place, once (crapette_card_hidden()). */
          if (crapette_card_is_hidden (card))
            {
              guint place = crapette_card_hidden_index (card);

              if (place >= ops->n_cards || stand_in_seen[place]++)
                {
                  g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                               _("A card nobody has seen lies twice on the table, or out of the "
                                 "deck (pile %u)"), pile);
                  return FALSE;
                }
              per_pack[place / CRAPETTE_CARDS_PER_PACK]++;
              total++;
              continue;
            }
          if (card >= ops->n_cards || seen[card]++)
            {
              g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                           card >= ops->n_cards ? _("A card that is not in this game lies on pile %u")
                                                : _("A card lies twice on the table (pile %u)"),
                           pile);
              return FALSE;
            }
          per_pack[card / CRAPETTE_CARDS_PER_PACK]++;
          total++;
        }
    }
  if (total != ops->n_cards)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                   _("The table holds %u cards instead of %u"), total, ops->n_cards);
      return FALSE;
    }
  /* Each pack whole: a card not seen stands in for one of its own pack's. */
  for (guint pack = 0; pack * CRAPETTE_CARDS_PER_PACK < ops->n_cards; pack++)
    if (per_pack[pack] != CRAPETTE_CARDS_PER_PACK)
      {
        g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                             _("A card nobody has seen stands for a card of the other pack"));
        return FALSE;
      }
  /* Nobody moves only while a hidden deal's cards laid face up wait to be shown. */
  if (position->to_move == CRAPETTE_NO_SEAT && position->outcome == CRAPETTE_OUTCOME_PLAYING &&
      has_hidden_face_up (position) && ops->choose_first != NULL)
    ;
  else if (position->to_move >= CRAPETTE_N_SEATS)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                           _("Nobody is to move"));
      return FALSE;
    }
  for (guint seat = 0; seat < CRAPETTE_N_SEATS; seat++)
    {
      guint count = position->piles[crapette_pile_of_seat (CRAPETTE_PILE_KIND_RESERVE, seat)].count;

      if (position->reserve_seen[seat] >= MAX (count, 1))
        {
          g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                               seat == CRAPETTE_SOUTH
                                 ? _("South's reserve has fewer cards under its top than were seen there")
                                 : _("North's reserve has fewer cards under its top than were seen there"));
          return FALSE;
        }
      count = position->piles[crapette_pile_of_seat (CRAPETTE_PILE_KIND_STOCK, seat)].count;
      if (position->stock_top_seen[seat] > count)
        {
          g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                               seat == CRAPETTE_SOUTH
                                 ? _("South's stock has fewer cards than were seen on its top")
                                 : _("North's stock has fewer cards than were seen on its top"));
          return FALSE;
        }
    }
  return ops->check_invariants (position, error);
}
