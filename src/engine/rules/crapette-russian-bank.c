/* crapette-russian-bank.c: the rules of play of Russian Bank (Crapette)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * docs/rules.md is the rule book this file follows. Each rule lives in one
 * small predicate (here, or in crapette-russian-bank-private.h when the
 * invariants check it too); judge_move() and generate_moves() both build on
 * those predicates, so that the moves offered are exactly the moves allowed.
 * The deal, the score and what must always hold on the table are in
 * crapette-russian-bank-deal.c.
 */

#define G_LOG_DOMAIN "crapette-russian-bank"

#include "config.h"

#include <gio/gio.h>
#include <glib/gi18n-lib.h>

#include "crapette-russian-bank-private.h"

#include "crapette-card.h"

/* ---- The rules of single piles: one predicate each ---------------------- */

/* Loading the opponent's reserve or waste: same suit, one rank either way,
 * with no wrap between King and Ace, and never onto an empty pile. */
static inline CrapetteRefusal
judge_load (CrapetteCard card,
            CrapetteCard top)
{
  guint card_rank, top_rank;

  if (top == CRAPETTE_CARD_NONE)
    return CRAPETTE_REFUSAL_LOAD_EMPTY;
  card_rank = crapette_card_rank (card);
  top_rank = crapette_card_rank (top);
  if (crapette_card_suit (card) == crapette_card_suit (top) &&
      (card_rank + 1 == top_rank || top_rank + 1 == card_rank))
    return CRAPETTE_REFUSAL_NONE;
  return CRAPETTE_REFUSAL_LOAD_SEQUENCE;
}

/* A house's only card moved to an empty house would change nothing, and
 * would let a turn go round in circles. */
static inline gboolean
is_pointless (const CrapettePosition *position,
              CrapettePileId          from,
              CrapettePileId          to)
{
  return crapette_pile_kind (from) == CRAPETTE_PILE_KIND_HOUSE &&
         crapette_pile_kind (to) == CRAPETTE_PILE_KIND_HOUSE &&
         pile_count (position, from) == 1 && pile_count (position, to) == 0;
}

/* ---- The order of play --------------------------------------------------- */

/* Bit n set when card n % 52 may go on some foundation now. Both packs build
 * the same foundations, so one mask per position serves every card. */
static inline guint64
foundation_wants (const CrapettePosition *position)
{
  guint64 wanted = 0;

  for (guint i = 0; i < CRAPETTE_N_FOUNDATIONS; i++)
    {
      CrapetteCard top = crapette_position_top (position, crapette_pile_foundation (i));

      if (top == CRAPETTE_CARD_NONE)
        {
          for (guint suit = 0; suit < 4; suit++)
            wanted |= G_GUINT64_CONSTANT (1) << (suit * 13);
        }
      else if (crapette_card_rank (top) < KING)
        {
          wanted |= G_GUINT64_CONSTANT (1) << (top % CRAPETTE_CARDS_PER_PACK + 1);
        }
    }
  return wanted;
}

static inline gboolean
foundation_wants_card (guint64      wanted,
                       CrapetteCard card)
{
  return card != CRAPETTE_CARD_NONE &&
         (wanted >> (card % CRAPETTE_CARDS_PER_PACK) & 1) != 0;
}

/* The piles the mover may play from, in the order the rules name them:
 * reserve, turned card, houses 1–8. Returns how many were written. */
static inline guint
playable_sources (const SeatPiles *piles,
                  CrapettePileId  *sources)
{
  guint n = 0;

  sources[n++] = piles->reserve;
  sources[n++] = piles->turned;
  for (guint i = 0; i < CRAPETTE_N_HOUSES; i++)
    sources[n++] = crapette_pile_house (i);
  return n;
}

#define N_SOURCES (2 + CRAPETTE_N_HOUSES)

/* Rule 1 of the order of play: the first playable card that could go to a
 * foundation, or %CRAPETTE_CARD_NONE. */
static CrapetteCard
first_foundation_card (const CrapettePosition *position,
                       const SeatPiles        *piles)
{
  CrapettePileId sources[N_SOURCES];
  guint n_sources = playable_sources (piles, sources);
  guint64 wanted = foundation_wants (position);

  for (guint i = 0; i < n_sources; i++)
    {
      CrapetteCard card = crapette_position_top (position, sources[i]);

      if (foundation_wants_card (wanted, card))
        return card;
    }
  return CRAPETTE_CARD_NONE;
}

/* Rule 2: the houses the mover emptied this turn that are still empty, as a
 * bit per house; none once the reserve is empty, since the duty then lapses. */
static inline guint
owed_houses (const CrapettePosition *position,
             const SeatPiles        *piles)
{
  guint owed = 0;

  if (position->opened_houses == 0 || pile_count (position, piles->reserve) == 0)
    return 0;
  for (guint i = 0; i < CRAPETTE_N_HOUSES; i++)
    {
      if ((position->opened_houses & (1u << i)) &&
          pile_count (position, crapette_pile_house (i)) == 0)
        owed |= 1u << i;
    }
  return owed;
}

/* Rule 3 asks whether the reserve card has anywhere to go: a house (an empty
 * one too) or the opponent's reserve or waste. Foundations are rule 1's. */
static inline gboolean
reserve_card_has_move (const CrapettePosition *position,
                       const SeatPiles        *piles,
                       CrapetteCard            card)
{
  for (guint i = 0; i < CRAPETTE_N_HOUSES; i++)
    {
      CrapetteCard top = crapette_position_top (position, crapette_pile_house (i));

      if (judge_onto_house (card, top) == CRAPETTE_REFUSAL_NONE)
        return TRUE;
    }
  return judge_load (card, crapette_position_top (position, piles->opponent_reserve)) ==
           CRAPETTE_REFUSAL_NONE ||
         judge_load (card, crapette_position_top (position, piles->opponent_waste)) ==
           CRAPETTE_REFUSAL_NONE;
}

/* Rules 1 and 2 of the order of play, for a move that passed the pile rules. */
static CrapetteRefusal
judge_order_of_play (const CrapettePosition *position,
                     const SeatPiles        *piles,
                     const CrapetteMove     *move,
                     CrapetteCard           *detail)
{
  gboolean is_card = move->kind == CRAPETTE_MOVE_CARD;
  CrapetteCard first;
  guint owed;

  /* A legal foundation move always satisfies rule 1, and rule 2 allows it
   * too, since it stands before rule 2. */
  if (is_card && crapette_pile_kind (move->to) == CRAPETTE_PILE_KIND_FOUNDATION)
    return CRAPETTE_REFUSAL_NONE;

  first = first_foundation_card (position, piles);
  if (first != CRAPETTE_CARD_NONE)
    {
      *detail = first;
      return CRAPETTE_REFUSAL_FOUNDATION_FIRST;
    }

  owed = owed_houses (position, piles);
  if (owed != 0 &&
      !(is_card && move->from == piles->reserve &&
        crapette_pile_kind (move->to) == CRAPETTE_PILE_KIND_HOUSE &&
        (owed & (1u << crapette_pile_index (move->to)))))
    {
      *detail = crapette_position_top (position, piles->reserve);
      return CRAPETTE_REFUSAL_FILL_FROM_RESERVE;
    }
  return CRAPETTE_REFUSAL_NONE;
}

/* ---- Judging a move ---------------------------------------------------- */

static CrapetteRefusal
judge_card_move (const CrapettePosition *position,
                 const SeatPiles        *piles,
                 const CrapetteMove     *move)
{
  CrapettePileId from = move->from;
  CrapettePileId to = move->to;
  CrapetteCard card;

  switch (crapette_pile_kind (from))
    {
    case CRAPETTE_PILE_KIND_STOCK:
      return CRAPETTE_REFUSAL_FROM_STOCK;
    case CRAPETTE_PILE_KIND_WASTE:
      return CRAPETTE_REFUSAL_FROM_WASTE;
    case CRAPETTE_PILE_KIND_FOUNDATION:
      return CRAPETTE_REFUSAL_FROM_FOUNDATION;
    case CRAPETTE_PILE_KIND_TURNED:
    case CRAPETTE_PILE_KIND_RESERVE:
      if (crapette_pile_seat (from) != piles->seat)
        return CRAPETTE_REFUSAL_NOT_OWN_PILE;
      break;
    case CRAPETTE_PILE_KIND_HOUSE:
    case CRAPETTE_N_PILE_KINDS:
    default:
      break;
    }

  card = crapette_position_top (position, from);

  switch (crapette_pile_kind (to))
    {
    case CRAPETTE_PILE_KIND_STOCK:
    case CRAPETTE_PILE_KIND_TURNED:
      return CRAPETTE_REFUSAL_ONTO_STOCK;
    case CRAPETTE_PILE_KIND_RESERVE:
      if (to == piles->reserve)
        return CRAPETTE_REFUSAL_ONTO_OWN_RESERVE;
      return judge_load (card, crapette_position_top (position, to));
    case CRAPETTE_PILE_KIND_WASTE:
      if (to == piles->waste)
        return from == piles->turned ? CRAPETTE_REFUSAL_NONE : CRAPETTE_REFUSAL_ONTO_OWN_WASTE;
      return judge_load (card, crapette_position_top (position, to));
    case CRAPETTE_PILE_KIND_HOUSE:
      if (is_pointless (position, from, to))
        return CRAPETTE_REFUSAL_POINTLESS;
      return judge_onto_house (card, crapette_position_top (position, to));
    case CRAPETTE_PILE_KIND_FOUNDATION:
      return judge_onto_foundation (card, crapette_position_top (position, to));
    case CRAPETTE_N_PILE_KINDS:
    default:
      return CRAPETTE_REFUSAL_BAD_PILE;
    }
}

/* The card a turn would show: the stock's top, or once the stock is empty the
 * waste's bottom card, which the turnover brings to the top. */
static inline CrapetteCard
card_to_turn (const CrapettePosition *position,
              const SeatPiles        *piles)
{
  const CrapettePile *stock = &position->piles[piles->stock];
  const CrapettePile *waste = &position->piles[piles->waste];

  if (stock->count > 0)
    return stock->cards[stock->count - 1];
  if (waste->count > 0)
    return waste->cards[0];
  return CRAPETTE_CARD_NONE;
}

static CrapetteRefusal
russian_judge_move (const CrapettePosition *position,
                    const CrapetteMove     *move,
                    CrapetteCard           *detail)
{
  SeatPiles piles = seat_piles (position->to_move);
  CrapetteRefusal refusal;

  switch (move->kind)
    {
    case CRAPETTE_MOVE_CARD:
      refusal = judge_card_move (position, &piles, move);
      if (refusal != CRAPETTE_REFUSAL_NONE)
        return refusal;
      return judge_order_of_play (position, &piles, move, detail);

    case CRAPETTE_MOVE_TURN:
      {
        CrapetteCard next = card_to_turn (position, &piles);
        CrapetteCard reserve_top;

        if (pile_count (position, piles.turned) > 0)
          return CRAPETTE_REFUSAL_CARD_PENDING;
        if (next == CRAPETTE_CARD_NONE)
          return CRAPETTE_REFUSAL_NOTHING_TO_TURN;
        /* A record may name the card turned; a player's view cannot. */
        if (crapette_card_is_real (move->card) && move->card != next)
          return CRAPETTE_REFUSAL_CARD_MISMATCH;
        refusal = judge_order_of_play (position, &piles, move, detail);
        if (refusal != CRAPETTE_REFUSAL_NONE)
          return refusal;
        reserve_top = crapette_position_top (position, piles.reserve);
        if (reserve_top != CRAPETTE_CARD_NONE &&
            reserve_card_has_move (position, &piles, reserve_top))
          {
            *detail = reserve_top;
            return CRAPETTE_REFUSAL_RESERVE_FIRST;
          }
        return CRAPETTE_REFUSAL_NONE;
      }

    case CRAPETTE_MOVE_END_TURN:
      if (pile_count (position, piles.turned) > 0 || pile_count (position, piles.stock) > 0 ||
          pile_count (position, piles.waste) > 0)
        return CRAPETTE_REFUSAL_CANNOT_END_TURN;
      return judge_order_of_play (position, &piles, move, detail);

    default:
      return CRAPETTE_REFUSAL_BAD_PILE;
    }
}

/* ---- Generating the legal moves ---------------------------------------- */

static inline void
add_plain_move (CrapetteMove     *moves,
                gsize            *n_moves,
                CrapetteMoveKind  kind)
{
  CrapetteMove *move = &moves[(*n_moves)++];

  move->kind = kind;
  move->from = CRAPETTE_NO_PILE;
  move->to = CRAPETTE_NO_PILE;
  move->card = CRAPETTE_CARD_NONE;
}

/* Rule 1: while some card can go to a foundation, only such moves. */
static gsize
generate_foundation_moves (const CrapettePosition *position,
                           const CrapettePileId   *sources,
                           const CrapetteCard     *cards,
                           guint                   n_sources,
                           CrapetteMove           *moves)
{
  guint64 wanted = foundation_wants (position);
  CrapetteCard foundation_tops[CRAPETTE_N_FOUNDATIONS];
  gsize n_moves = 0;

  if (wanted == 0)
    return 0;
  for (guint i = 0; i < CRAPETTE_N_FOUNDATIONS; i++)
    foundation_tops[i] = crapette_position_top (position, crapette_pile_foundation (i));

  for (guint s = 0; s < n_sources; s++)
    {
      if (!foundation_wants_card (wanted, cards[s]))
        continue;
      for (guint i = 0; i < CRAPETTE_N_FOUNDATIONS; i++)
        {
          if (judge_onto_foundation (cards[s], foundation_tops[i]) == CRAPETTE_REFUSAL_NONE)
            crapette_moves_add_card (moves, &n_moves, sources[s], crapette_pile_foundation (i), cards[s]);
        }
    }
  return n_moves;
}

/* With mistakes called the order of play allows every placement, so the
 * moves it would forbid are listed too: the judge then accepts them. */
static gsize
russian_generate_moves (const CrapettePosition *position,
                        CrapetteMove           *moves)
{
  SeatPiles piles = seat_piles (position->to_move);
  CrapettePileId sources[N_SOURCES];
  CrapetteCard cards[N_SOURCES];
  CrapetteCard opponent_reserve_top, opponent_waste_top;
  guint n_sources = playable_sources (&piles, sources);
  gboolean duties_bind = position->rules.mistakes != CRAPETTE_MISTAKES_CALLED;
  gboolean reserve_has_move = FALSE;
  gsize n_moves;
  guint owed;

  for (guint s = 0; s < n_sources; s++)
    cards[s] = crapette_position_top (position, sources[s]);

  n_moves = generate_foundation_moves (position, sources, cards, n_sources, moves);
  if (n_moves > 0 && duties_bind)
    return n_moves;

  owed = owed_houses (position, &piles);
  if (owed != 0 && duties_bind)
    {
      for (guint i = 0; i < CRAPETTE_N_HOUSES; i++)
        {
          if (owed & (1u << i))
            crapette_moves_add_card (moves, &n_moves, piles.reserve, crapette_pile_house (i), cards[0]);
        }
      return n_moves;
    }

  /* Sources 2–9 are the houses, so cards[2 + i] is the top of house i. */
  opponent_reserve_top = crapette_position_top (position, piles.opponent_reserve);
  opponent_waste_top = crapette_position_top (position, piles.opponent_waste);

  for (guint s = 0; s < n_sources; s++)
    {
      CrapetteCard card = cards[s];
      gsize before = n_moves;

      if (card == CRAPETTE_CARD_NONE)
        continue;
      for (guint i = 0; i < CRAPETTE_N_HOUSES; i++)
        {
          CrapettePileId house = crapette_pile_house (i);

          if (house == sources[s] || is_pointless (position, sources[s], house))
            continue;
          if (judge_onto_house (card, cards[2 + i]) == CRAPETTE_REFUSAL_NONE)
            crapette_moves_add_card (moves, &n_moves, sources[s], house, card);
        }
      if (judge_load (card, opponent_reserve_top) == CRAPETTE_REFUSAL_NONE)
        crapette_moves_add_card (moves, &n_moves, sources[s], piles.opponent_reserve, card);
      if (judge_load (card, opponent_waste_top) == CRAPETTE_REFUSAL_NONE)
        crapette_moves_add_card (moves, &n_moves, sources[s], piles.opponent_waste, card);
      if (sources[s] == piles.turned)
        crapette_moves_add_card (moves, &n_moves, piles.turned, piles.waste, card);
      if (sources[s] == piles.reserve)
        reserve_has_move = n_moves > before;
    }

  if (cards[1] == CRAPETTE_CARD_NONE)
    {
      if (card_to_turn (position, &piles) == CRAPETTE_CARD_NONE)
        add_plain_move (moves, &n_moves, CRAPETTE_MOVE_END_TURN);
      else if (!reserve_has_move || !duties_bind)
        add_plain_move (moves, &n_moves, CRAPETTE_MOVE_TURN);
    }
  return n_moves;
}

/* ---- Playing a move ------------------------------------------------------ */

static CrapetteMoveEffect
russian_apply_move (CrapettePosition   *position,
                    const CrapetteMove *move)
{
  SeatPiles piles = seat_piles (position->to_move);
  CrapetteMoveEffect effects = CRAPETTE_EFFECT_NONE;

  switch (move->kind)
    {
    case CRAPETTE_MOVE_CARD:
      crapette_position_move_top (position, move->from, move->to);
      if (crapette_pile_kind (move->from) == CRAPETTE_PILE_KIND_HOUSE &&
          pile_count (position, move->from) == 0)
        position->opened_houses |= 1u << crapette_pile_index (move->from);
      switch (crapette_pile_kind (move->to))
        {
        case CRAPETTE_PILE_KIND_HOUSE:
          position->opened_houses &= ~(1u << crapette_pile_index (move->to));
          break;
        case CRAPETTE_PILE_KIND_FOUNDATION:
          effects |= CRAPETTE_EFFECT_PROGRESS;
          break;
        case CRAPETTE_PILE_KIND_WASTE:
          if (move->to == piles.waste)
            effects |= CRAPETTE_EFFECT_TURN_ENDS;
          break;
        case CRAPETTE_PILE_KIND_STOCK:
        case CRAPETTE_PILE_KIND_TURNED:
        case CRAPETTE_PILE_KIND_RESERVE:
        case CRAPETTE_N_PILE_KINDS:
        default:
          break;
        }
      break;

    case CRAPETTE_MOVE_TURN:
      if (pile_count (position, piles.stock) == 0)
        crapette_position_turn_waste_over (position, piles.seat);
      crapette_position_move_top (position, piles.stock, piles.turned);
      break;

    case CRAPETTE_MOVE_END_TURN:
      effects |= CRAPETTE_EFFECT_TURN_ENDS;
      break;

    default:
      g_assert_not_reached ();
    }
  return effects;
}

const CrapetteVariantOps crapette_russian_bank_ops = {
  .id = CRAPETTE_VARIANT_RUSSIAN,
  .key = "russian",
  .name = N_("Russian Bank"),
  .n_cards = 2 * CRAPETTE_CARDS_PER_PACK,
  .house_letter = 'H',
  .foundation_letter = 'F',
  .used_pile_kinds = CRAPETTE_ALL_PILE_KINDS,
  .n_foundations = CRAPETTE_N_FOUNDATIONS,
  .hiding_pile_kinds = (1u << CRAPETTE_PILE_KIND_STOCK) | (1u << CRAPETTE_PILE_KIND_RESERVE),
  .shuffle = crapette_russian_bank_shuffle,
  .lay_out = crapette_russian_bank_lay_out,
  .choose_first = crapette_russian_bank_choose_first,
  .begin_turn = crapette_russian_bank_begin_turn,
  .generate_moves = russian_generate_moves,
  .judge_move = russian_judge_move,
  .apply_move = russian_apply_move,
  .cards_left = crapette_russian_bank_cards_left,
  .score = crapette_russian_bank_score,
  .face_down_count = crapette_russian_bank_face_down_count,
  .check_invariants = crapette_russian_bank_check_invariants,
};
