/* crapette-american-bank.c: the rules of play of American Bank
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * American Bank reuses the pile slots of Russian Bank under its own names:
 * the stock is a player's hand, the turned card the card in hand, the waste
 * the talon, houses 0–7 the tableau piles T1–T8 (T1–T4 in South's row) and
 * foundations 0–3 the completed sequences X1–X4. It has no reserves.
 *
 * Every rule a move can break is written once, as a small inline predicate
 * that both judge_move() and generate_moves() call, so that the two can never
 * disagree. The deal, the score and what must always hold on the table are in
 * crapette-american-bank-deal.c.
 */

#define G_LOG_DOMAIN "crapette-engine"

#include "config.h"

#include <string.h>

#include <gio/gio.h>
#include <glib/gi18n-lib.h>

#include "crapette-american-bank-private.h"

#include "crapette-card.h"

/* Whether @card may be played on the tableau pile @pile, leaving aside the
 * empty-space rules (any card fills a space). */
static inline CrapetteRefusal
judge_onto_tableau (const CrapettePile *pile,
                    CrapetteCard        card)
{
  int step;
  int direction;

  if (pile->count == 0)
    return CRAPETTE_REFUSAL_NONE;

  step = double_suit_step (card, pile->cards[pile->count - 1]);
  if (step == 0)
    return CRAPETTE_REFUSAL_DOUBLE_SUIT;

  direction = pile_direction (pile);
  if (direction != 0 && step != direction)
    return direction > 0 ? CRAPETTE_REFUSAL_PILE_ASCENDS : CRAPETTE_REFUSAL_PILE_DESCENDS;
  return CRAPETTE_REFUSAL_NONE;
}

/* Moving a pile's only card to an empty space would change nothing but the
 * pile's place, and would let a player stall forever. */
static inline gboolean
is_pointless (const CrapettePile *source,
              gboolean            source_is_tableau,
              const CrapettePile *target)
{
  return source_is_tableau && source->count == 1 && target->count == 0;
}

/* Whether some card could fill a space: the card in hand, or the end card of
 * a pile that would not itself be left empty by the move. */
static inline gboolean
some_card_can_fill_a_space (const CrapettePosition *position)
{
  CrapetteSeat mover = position->to_move;

  if (position->piles[crapette_pile_of_seat (CRAPETTE_PILE_KIND_TURNED, mover)].count > 0)
    return TRUE;
  for (guint i = 0; i < N_TABLEAU_PILES; i++)
    {
      if (position->piles[crapette_pile_house (i)].count >= 2)
        return TRUE;
    }
  return FALSE;
}

/* Whether the player to move still owes a card to a space they opened this
 * turn; if so they may neither turn a card nor discard. */
static inline gboolean
must_fill_space_first (const CrapettePosition *position)
{
  guint owed = 0;

  for (guint i = 0; i < N_TABLEAU_PILES; i++)
    {
      if ((position->opened_houses & (1u << i)) &&
          position->piles[crapette_pile_house (i)].count == 0 &&
          row_in_play (position, i))
        owed++;
    }
  return owed > 0 && some_card_can_fill_a_space (position);
}

/* The loading rule: a double-suit neighbour either way, onto a card. */
static inline CrapetteRefusal
judge_onto_opponent_talon (const CrapettePile *talon,
                           CrapetteCard        card)
{
  if (talon->count == 0)
    return CRAPETTE_REFUSAL_LOAD_EMPTY;
  if (double_suit_step (card, talon->cards[talon->count - 1]) == 0)
    return CRAPETTE_REFUSAL_LOAD_DOUBLE_SUIT;
  return CRAPETTE_REFUSAL_NONE;
}

static inline CrapetteRefusal
judge_turn (const CrapettePosition *position)
{
  CrapetteSeat mover = position->to_move;

  if (position->piles[crapette_pile_of_seat (CRAPETTE_PILE_KIND_TURNED, mover)].count > 0)
    return CRAPETTE_REFUSAL_CARD_PENDING;
  if (position->piles[crapette_pile_of_seat (CRAPETTE_PILE_KIND_STOCK, mover)].count == 0 &&
      position->piles[crapette_pile_of_seat (CRAPETTE_PILE_KIND_WASTE, mover)].count == 0)
    return CRAPETTE_REFUSAL_NOTHING_TO_TURN;
  if (must_fill_space_first (position))
    return CRAPETTE_REFUSAL_FILL_SPACE_FIRST;
  return CRAPETTE_REFUSAL_NONE;
}

static CrapetteRefusal
judge_card_move (const CrapettePosition *position,
                 const CrapetteMove     *move)
{
  CrapetteSeat mover = position->to_move;
  const CrapettePile *source = &position->piles[move->from];
  const CrapettePile *target = &position->piles[move->to];
  CrapetteCard card = source->cards[source->count - 1];
  gboolean source_is_tableau = FALSE;

  switch (crapette_pile_kind (move->from))
    {
    case CRAPETTE_PILE_KIND_TURNED:
      if (crapette_pile_seat (move->from) != mover)
        return CRAPETTE_REFUSAL_NOT_OWN_PILE;
      break;
    case CRAPETTE_PILE_KIND_HOUSE:
      source_is_tableau = TRUE;
      break;
    case CRAPETTE_PILE_KIND_WASTE:
      return CRAPETTE_REFUSAL_FROM_WASTE;
    case CRAPETTE_PILE_KIND_STOCK:
      return CRAPETTE_REFUSAL_FROM_STOCK;
    case CRAPETTE_PILE_KIND_FOUNDATION:
      return CRAPETTE_REFUSAL_FROM_FOUNDATION;
    case CRAPETTE_PILE_KIND_RESERVE:
    case CRAPETTE_N_PILE_KINDS:
    default:
      return CRAPETTE_REFUSAL_BAD_PILE;
    }

  switch (crapette_pile_kind (move->to))
    {
    case CRAPETTE_PILE_KIND_HOUSE:
      if (!row_in_play (position, crapette_pile_index (move->to)))
        return CRAPETTE_REFUSAL_NOT_LAID_OUT;
      if (is_pointless (source, source_is_tableau, target))
        return CRAPETTE_REFUSAL_POINTLESS;
      return judge_onto_tableau (target, card);
    case CRAPETTE_PILE_KIND_WASTE:
      if (crapette_pile_seat (move->to) != mover)
        return judge_onto_opponent_talon (target, card);
      if (source_is_tableau)
        return CRAPETTE_REFUSAL_ONTO_OWN_WASTE;
      if (must_fill_space_first (position))
        return CRAPETTE_REFUSAL_FILL_SPACE_FIRST;
      return CRAPETTE_REFUSAL_NONE;
    case CRAPETTE_PILE_KIND_STOCK:
    case CRAPETTE_PILE_KIND_TURNED:
      return CRAPETTE_REFUSAL_ONTO_STOCK;
    case CRAPETTE_PILE_KIND_FOUNDATION:
      return CRAPETTE_REFUSAL_ONTO_COMPLETED;
    case CRAPETTE_PILE_KIND_RESERVE:
    case CRAPETTE_N_PILE_KINDS:
    default:
      return CRAPETTE_REFUSAL_BAD_PILE;
    }
}

static CrapetteRefusal
american_bank_judge_move (const CrapettePosition *position,
                          const CrapetteMove     *move,
                          CrapetteCard           *detail)
{
  switch (move->kind)
    {
    case CRAPETTE_MOVE_CARD:
      return judge_card_move (position, move);
    case CRAPETTE_MOVE_TURN:
      return judge_turn (position);
    case CRAPETTE_MOVE_END_TURN:
    default:
      return CRAPETTE_REFUSAL_CANNOT_END_TURN;
    }
}

/* Every target of the card on top of @from, in a fixed order: the tableau
 * piles T1–T8, the opponent's talon, then the own talon (the discard). */
static inline void
generate_from (const CrapettePosition *position,
               CrapettePileId          from,
               gboolean                may_discard,
               CrapetteMove           *moves,
               gsize                  *n_moves)
{
  CrapetteSeat mover = position->to_move;
  const CrapettePile *source = &position->piles[from];
  CrapetteCard card = source->cards[source->count - 1];
  gboolean source_is_tableau = crapette_pile_kind (from) == CRAPETTE_PILE_KIND_HOUSE;
  CrapettePileId opponent_talon =
    crapette_pile_of_seat (CRAPETTE_PILE_KIND_WASTE, crapette_seat_opponent (mover));

  for (guint i = 0; i < N_TABLEAU_PILES; i++)
    {
      CrapettePileId to = crapette_pile_house (i);
      const CrapettePile *target = &position->piles[to];

      if (to == from || !row_in_play (position, i) ||
          is_pointless (source, source_is_tableau, target))
        continue;
      if (judge_onto_tableau (target, card) == CRAPETTE_REFUSAL_NONE)
        crapette_moves_add_card (moves, n_moves, from, to, card);
    }

  if (judge_onto_opponent_talon (&position->piles[opponent_talon], card) == CRAPETTE_REFUSAL_NONE)
    crapette_moves_add_card (moves, n_moves, from, opponent_talon, card);

  if (may_discard)
    crapette_moves_add_card (moves, n_moves, from,
                   crapette_pile_of_seat (CRAPETTE_PILE_KIND_WASTE, mover), card);
}

/* The card in hand first, then the end cards of T1–T8, then the turn. With
 * mistakes called, the duty to fill a space forbids nothing. */
static gsize
american_bank_generate_moves (const CrapettePosition *position,
                              CrapetteMove           *moves)
{
  CrapetteSeat mover = position->to_move;
  CrapettePileId in_hand = crapette_pile_of_seat (CRAPETTE_PILE_KIND_TURNED, mover);
  gboolean space_owed = position->rules.mistakes != CRAPETTE_MISTAKES_CALLED &&
                        must_fill_space_first (position);
  gsize n_moves = 0;

  if (position->piles[in_hand].count > 0)
    generate_from (position, in_hand, !space_owed, moves, &n_moves);

  for (guint i = 0; i < N_TABLEAU_PILES; i++)
    {
      CrapettePileId from = crapette_pile_house (i);

      if (position->piles[from].count > 0)
        generate_from (position, from, FALSE, moves, &n_moves);
    }

  if (crapette_position_tolerates (position, judge_turn (position)))
    {
      CrapetteMove *turn = &moves[n_moves++];

      /* The card stays unnamed: a move list must not reveal a face-down card. */
      turn->kind = CRAPETTE_MOVE_TURN;
      turn->from = crapette_pile_of_seat (CRAPETTE_PILE_KIND_STOCK, mover);
      turn->to = in_hand;
      turn->card = CRAPETTE_CARD_NONE;
    }

  g_assert (n_moves <= CRAPETTE_MAX_MOVES);
  return n_moves;
}

/* Sets a finished 13-card pile aside in the first free completed-sequence slot. */
static void
set_sequence_aside (CrapettePosition *position,
                    CrapettePileId    pile)
{
  CrapettePile *run = &position->piles[pile];

  for (guint i = 0; i < N_SEQUENCE_SLOTS; i++)
    {
      CrapettePile *slot = &position->piles[crapette_pile_foundation (i)];

      if (slot->count == 0)
        {
          memcpy (slot->cards, run->cards, run->count);
          slot->count = run->count;
          run->count = 0;
          return;
        }
    }
  /* Four slots hold the whole pack, so a fifth sequence cannot exist. */
  g_warn_if_reached ();
}

/* The direction of a tableau pile, by the rule judge_onto_tableau() applies. */
static int
american_bank_pile_direction (const CrapettePosition *position,
                              CrapettePileId          pile)
{
  if (crapette_pile_kind (pile) != CRAPETTE_PILE_KIND_HOUSE)
    return 0;
  return pile_direction (&position->piles[pile]);
}

/* Each completed-sequence slot holds one sequence, filled in order. */
static guint
american_bank_completed_sequences (const CrapettePosition *position)
{
  guint completed = 0;

  for (guint i = 0; i < N_SEQUENCE_SLOTS; i++)
    completed += position->piles[crapette_pile_foundation (i)].count > 0;
  return completed;
}

static CrapetteMoveEffect
american_bank_apply_move (CrapettePosition   *position,
                          const CrapetteMove *move)
{
  CrapetteSeat mover = position->to_move;
  CrapetteMoveEffect effects = CRAPETTE_EFFECT_NONE;

  if (move->kind == CRAPETTE_MOVE_TURN)
    {
      CrapettePileId hand = crapette_pile_of_seat (CRAPETTE_PILE_KIND_STOCK, mover);

      if (position->piles[hand].count == 0)
        crapette_position_turn_waste_over (position, mover);
      crapette_position_move_top (position, hand,
                                  crapette_pile_of_seat (CRAPETTE_PILE_KIND_TURNED, mover));
      return CRAPETTE_EFFECT_NONE;
    }
  if (move->kind != CRAPETTE_MOVE_CARD)
    return CRAPETTE_EFFECT_NONE;

  crapette_position_move_top (position, move->from, move->to);

  if (crapette_pile_kind (move->from) == CRAPETTE_PILE_KIND_HOUSE &&
      position->piles[move->from].count == 0)
    position->opened_houses |= 1u << crapette_pile_index (move->from);

  if (crapette_pile_kind (move->to) == CRAPETTE_PILE_KIND_HOUSE)
    {
      guint index = crapette_pile_index (move->to);

      position->opened_houses &= ~(1u << index);
      if (position->piles[move->to].count == SEQUENCE_LENGTH)
        {
          set_sequence_aside (position, move->to);
          /* The player who completed the sequence left the space behind. */
          position->opened_houses |= 1u << index;
          effects |= CRAPETTE_EFFECT_PROGRESS;
        }
    }

  if (move->to == crapette_pile_of_seat (CRAPETTE_PILE_KIND_WASTE, mover))
    effects |= CRAPETTE_EFFECT_TURN_ENDS;

  return effects;
}

const CrapetteVariantOps crapette_american_bank_ops = {
  .id = CRAPETTE_VARIANT_AMERICAN,
  .key = "american",
  .name = N_("American Bank"),
  .n_cards = CRAPETTE_CARDS_PER_PACK,
  .house_letter = 'T',
  .foundation_letter = 'X',
  /* No reserves: the hand, card in hand, talon, tableau and completed sequences. */
  .used_pile_kinds = CRAPETTE_ALL_PILE_KINDS & ~(1u << CRAPETTE_PILE_KIND_RESERVE),
  .n_foundations = N_SEQUENCE_SLOTS,
  .hiding_pile_kinds = (1u << CRAPETTE_PILE_KIND_STOCK) | (1u << CRAPETTE_PILE_KIND_FOUNDATION),
  .shuffle = crapette_american_bank_shuffle,
  .lay_out = crapette_american_bank_lay_out,
  .choose_first = NULL,
  .begin_turn = crapette_american_bank_begin_turn,
  .generate_moves = american_bank_generate_moves,
  .judge_move = american_bank_judge_move,
  .apply_move = american_bank_apply_move,
  .cards_left = crapette_american_bank_cards_left,
  .score = crapette_american_bank_score,
  .face_down_count = crapette_american_bank_face_down_count,
  .check_invariants = crapette_american_bank_check_invariants,
  .pile_direction = american_bank_pile_direction,
  .completed_sequences = american_bank_completed_sequences,
};
