/* crapette-russian-bank.c: the rules of Russian Bank (Crapette)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * docs/rules.md is the rule book this file follows. Each rule lives in one
 * small predicate below; judge_move() and generate_moves() both build on
 * those predicates, so that the moves offered are exactly the moves allowed.
 */

#define G_LOG_DOMAIN "crapette-russian-bank"

#include "config.h"

#include <gio/gio.h>
#include <glib/gi18n-lib.h>

#include "crapette-variant-private.h"

#include "crapette-card.h"
#include "crapette-random.h"

#define HOUSES_PER_SEAT 4
#define ACE 1
#define KING 13

/* Where the piles of the player to move and of the opponent lie. */
typedef struct
{
  CrapetteSeat seat;
  CrapettePileId stock;
  CrapettePileId turned;
  CrapettePileId waste;
  CrapettePileId reserve;
  CrapettePileId opponent_waste;
  CrapettePileId opponent_reserve;
} SeatPiles;

static inline SeatPiles
seat_piles (CrapetteSeat seat)
{
  CrapetteSeat opponent = crapette_seat_opponent (seat);
  SeatPiles piles = {
    .seat = seat,
    .stock = crapette_pile_of_seat (CRAPETTE_PILE_KIND_STOCK, seat),
    .turned = crapette_pile_of_seat (CRAPETTE_PILE_KIND_TURNED, seat),
    .waste = crapette_pile_of_seat (CRAPETTE_PILE_KIND_WASTE, seat),
    .reserve = crapette_pile_of_seat (CRAPETTE_PILE_KIND_RESERVE, seat),
    .opponent_waste = crapette_pile_of_seat (CRAPETTE_PILE_KIND_WASTE, opponent),
    .opponent_reserve = crapette_pile_of_seat (CRAPETTE_PILE_KIND_RESERVE, opponent),
  };

  return piles;
}

static inline guint
pile_count (const CrapettePosition *position,
            CrapettePileId          pile)
{
  return position->piles[pile].count;
}

/* ---- The rules of single piles: one predicate each ---------------------- */

/* Foundations: an Ace on an empty one, then up in suit to the King; the
 * packs do not matter. */
static inline CrapetteRefusal
judge_onto_foundation (CrapetteCard card,
                       CrapetteCard top)
{
  if (top == CRAPETTE_CARD_NONE)
    return crapette_card_rank (card) == ACE ? CRAPETTE_REFUSAL_NONE
                                            : CRAPETTE_REFUSAL_FOUNDATION_NEEDS_ACE;
  if (crapette_card_suit (card) == crapette_card_suit (top) &&
      crapette_card_rank (card) == crapette_card_rank (top) + 1)
    return CRAPETTE_REFUSAL_NONE;
  return CRAPETTE_REFUSAL_FOUNDATION_SEQUENCE;
}

/* Houses: any card on an empty one, else down by one in the other colour. */
static inline CrapetteRefusal
judge_onto_house (CrapetteCard card,
                  CrapetteCard top)
{
  if (top == CRAPETTE_CARD_NONE)
    return CRAPETTE_REFUSAL_NONE;
  if (crapette_card_rank (card) + 1 == crapette_card_rank (top) &&
      crapette_card_is_red (card) != crapette_card_is_red (top))
    return CRAPETTE_REFUSAL_NONE;
  return CRAPETTE_REFUSAL_HOUSE_SEQUENCE;
}

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

static gsize
russian_generate_moves (const CrapettePosition *position,
                        CrapetteMove           *moves)
{
  SeatPiles piles = seat_piles (position->to_move);
  CrapettePileId sources[N_SOURCES];
  CrapetteCard cards[N_SOURCES];
  CrapetteCard opponent_reserve_top, opponent_waste_top;
  guint n_sources = playable_sources (&piles, sources);
  gboolean reserve_has_move = FALSE;
  gsize n_moves;
  guint owed;

  for (guint s = 0; s < n_sources; s++)
    cards[s] = crapette_position_top (position, sources[s]);

  n_moves = generate_foundation_moves (position, sources, cards, n_sources, moves);
  if (n_moves > 0)
    return n_moves;

  owed = owed_houses (position, &piles);
  if (owed != 0)
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
      else if (!reserve_has_move)
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

/* ---- Dealing ------------------------------------------------------------- */

/* Who plays first when the lower card starts: the face-up reserve cards,
 * then the houses in the order dealt (H1 with H5, …), then South. */
static CrapetteSeat
low_card_starts (const CrapettePosition *position)
{
  CrapettePileId pairs[1 + HOUSES_PER_SEAT][CRAPETTE_N_SEATS];

  pairs[0][CRAPETTE_SOUTH] = crapette_pile_of_seat (CRAPETTE_PILE_KIND_RESERVE, CRAPETTE_SOUTH);
  pairs[0][CRAPETTE_NORTH] = crapette_pile_of_seat (CRAPETTE_PILE_KIND_RESERVE, CRAPETTE_NORTH);
  for (guint i = 0; i < HOUSES_PER_SEAT; i++)
    {
      pairs[1 + i][CRAPETTE_SOUTH] = crapette_pile_house (i);
      pairs[1 + i][CRAPETTE_NORTH] = crapette_pile_house (HOUSES_PER_SEAT + i);
    }

  for (guint i = 0; i < G_N_ELEMENTS (pairs); i++)
    {
      CrapetteCard south = crapette_position_top (position, pairs[i][CRAPETTE_SOUTH]);
      CrapetteCard north = crapette_position_top (position, pairs[i][CRAPETTE_NORTH]);
      guint south_rank = south == CRAPETTE_CARD_NONE ? 0 : crapette_card_rank (south);
      guint north_rank = north == CRAPETTE_CARD_NONE ? 0 : crapette_card_rank (north);

      if (south_rank != north_rank)
        return south_rank < north_rank ? CRAPETTE_SOUTH : CRAPETTE_NORTH;
    }
  return CRAPETTE_SOUTH;
}

/* The deal, written out so that any deal number can be laid out by hand:
 * seed CrapetteRandom with the deal number; put South's pack (cards 0–51) in
 * card order and shuffle it, then North's pack (52–103) in card order and
 * shuffle it with the same generator, continuing. Each player then deals
 * from the front of their shuffled pack: the first reserve_size cards make
 * the reserve, bottom first; the next four go one each to the player's houses
 * (South H1–H4, North H5–H8); the rest make the stock, bottom first. */
static void
russian_deal (CrapettePosition *position)
{
  CrapetteRandom random;
  guint8 packs[CRAPETTE_N_SEATS][CRAPETTE_CARDS_PER_PACK];
  /* Validated rules hold 12 or 13; the clamp only keeps bad input harmless. */
  guint reserve_size = CLAMP (position->rules.reserve_size, 1,
                              CRAPETTE_CARDS_PER_PACK - HOUSES_PER_SEAT);

  crapette_random_init (&random, position->deal_number);
  for (guint seat = 0; seat < CRAPETTE_N_SEATS; seat++)
    {
      for (guint i = 0; i < CRAPETTE_CARDS_PER_PACK; i++)
        packs[seat][i] = (guint8) (seat * CRAPETTE_CARDS_PER_PACK + i);
      crapette_random_shuffle (&random, packs[seat], CRAPETTE_CARDS_PER_PACK);
    }

  for (guint seat = 0; seat < CRAPETTE_N_SEATS; seat++)
    {
      SeatPiles piles = seat_piles (seat);
      CrapettePile *reserve = &position->piles[piles.reserve];
      CrapettePile *stock = &position->piles[piles.stock];
      guint next = 0;

      while (next < reserve_size)
        reserve->cards[reserve->count++] = packs[seat][next++];
      for (guint i = 0; i < HOUSES_PER_SEAT; i++)
        {
          CrapettePile *house = &position->piles[crapette_pile_house (seat * HOUSES_PER_SEAT + i)];

          house->cards[house->count++] = packs[seat][next++];
        }
      while (next < CRAPETTE_CARDS_PER_PACK)
        stock->cards[stock->count++] = packs[seat][next++];
    }

  if (position->rules.first_player == CRAPETTE_FIRST_PLAYER_ALTERNATE)
    position->to_move = position->round_index % 2 == 0 ? CRAPETTE_SOUTH : CRAPETTE_NORTH;
  else
    position->to_move = low_card_starts (position);
  position->dealer = crapette_seat_opponent (position->to_move);
}

static void
russian_begin_turn (CrapettePosition *position)
{
  /* Nothing happens by itself when a Russian Bank turn starts. */
}

/* ---- Counting and scoring ---------------------------------------------- */

static guint
russian_cards_left (const CrapettePosition *position,
                    CrapetteSeat            seat)
{
  SeatPiles piles = seat_piles (seat);

  return pile_count (position, piles.reserve) + pile_count (position, piles.stock) +
         pile_count (position, piles.waste) + pile_count (position, piles.turned);
}

static void
russian_score (const CrapettePosition *position,
               CrapetteRoundResult    *result)
{
  guint left[CRAPETTE_N_SEATS];

  result->outcome = position->outcome;
  result->block_reason = position->block_reason;
  result->winner = CRAPETTE_NO_SEAT;
  result->points = 0;

  for (guint seat = 0; seat < CRAPETTE_N_SEATS; seat++)
    {
      SeatPiles piles = seat_piles (seat);

      result->reserve_cards[seat] = pile_count (position, piles.reserve);
      result->stock_and_waste_cards[seat] = pile_count (position, piles.stock) +
                                            pile_count (position, piles.waste) +
                                            pile_count (position, piles.turned);
      /* A reserve card counts double: it is the harder one to get rid of. */
      result->counts[seat] = result->stock_and_waste_cards[seat] + 2 * result->reserve_cards[seat];
      left[seat] = result->reserve_cards[seat] + result->stock_and_waste_cards[seat];
    }

  switch (position->outcome)
    {
    case CRAPETTE_OUTCOME_WON:
      if (left[CRAPETTE_SOUTH] == 0)
        result->winner = CRAPETTE_SOUTH;
      else if (left[CRAPETTE_NORTH] == 0)
        result->winner = CRAPETTE_NORTH;
      else if (position->winner < CRAPETTE_N_SEATS)
        result->winner = position->winner;
      if (result->winner != CRAPETTE_NO_SEAT)
        result->points = 30 + result->counts[crapette_seat_opponent (result->winner)];
      break;

    case CRAPETTE_OUTCOME_BLOCKED:
      if (result->counts[CRAPETTE_SOUTH] < result->counts[CRAPETTE_NORTH])
        result->winner = CRAPETTE_SOUTH;
      else if (result->counts[CRAPETTE_NORTH] < result->counts[CRAPETTE_SOUTH])
        result->winner = CRAPETTE_NORTH;
      if (result->winner != CRAPETTE_NO_SEAT)
        result->points = result->counts[crapette_seat_opponent (result->winner)] -
                         result->counts[result->winner];
      break;

    case CRAPETTE_OUTCOME_PLAYING:
    default:
      break;
    }
}

/* ---- What is visible, and what must always hold ------------------------ */

static gboolean
russian_is_face_up (const CrapettePosition *position,
                    CrapettePileId          pile,
                    guint                   depth)
{
  switch (crapette_pile_kind (pile))
    {
    case CRAPETTE_PILE_KIND_STOCK:
      return FALSE;
    case CRAPETTE_PILE_KIND_RESERVE:
      return depth + 1 == pile_count (position, pile);
    case CRAPETTE_PILE_KIND_TURNED:
    case CRAPETTE_PILE_KIND_WASTE:
    case CRAPETTE_PILE_KIND_HOUSE:
    case CRAPETTE_PILE_KIND_FOUNDATION:
    case CRAPETTE_N_PILE_KINDS:
    default:
      return TRUE;
    }
}

static gboolean
russian_check_invariants (const CrapettePosition  *position,
                          GError                 **error)
{
  for (guint seat = 0; seat < CRAPETTE_N_SEATS; seat++)
    {
      if (pile_count (position, crapette_pile_of_seat (CRAPETTE_PILE_KIND_TURNED, seat)) > 1)
        {
          g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                               seat == CRAPETTE_SOUTH
                                 ? _("South has more than one card turned from the stock")
                                 : _("North has more than one card turned from the stock"));
          return FALSE;
        }
    }

  for (guint i = 0; i < CRAPETTE_N_HOUSES; i++)
    {
      const CrapettePile *house = &position->piles[crapette_pile_house (i)];

      for (guint depth = 1; depth < house->count; depth++)
        {
          if (judge_onto_house (house->cards[depth], house->cards[depth - 1]) !=
              CRAPETTE_REFUSAL_NONE)
            {
              g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                           _("House %u is not built down in alternating colors"), i + 1);
              return FALSE;
            }
        }
    }

  for (guint i = 0; i < CRAPETTE_N_FOUNDATIONS; i++)
    {
      const CrapettePile *foundation = &position->piles[crapette_pile_foundation (i)];

      for (guint depth = 0; depth < foundation->count; depth++)
        {
          CrapetteCard below = depth > 0 ? foundation->cards[depth - 1] : CRAPETTE_CARD_NONE;

          if (judge_onto_foundation (foundation->cards[depth], below) != CRAPETTE_REFUSAL_NONE)
            {
              g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                           _("Foundation %u is not built up in one suit from the Ace"), i + 1);
              return FALSE;
            }
        }
    }
  return TRUE;
}

const CrapetteVariantOps crapette_russian_bank_ops = {
  .id = CRAPETTE_VARIANT_RUSSIAN,
  .key = "russian",
  .name = N_("Russian Bank"),
  .n_cards = 2 * CRAPETTE_CARDS_PER_PACK,
  .house_letter = 'H',
  .foundation_letter = 'F',
  .used_pile_kinds = CRAPETTE_ALL_PILE_KINDS,
  .deal = russian_deal,
  .begin_turn = russian_begin_turn,
  .generate_moves = russian_generate_moves,
  .judge_move = russian_judge_move,
  .apply_move = russian_apply_move,
  .cards_left = russian_cards_left,
  .score = russian_score,
  .is_face_up = russian_is_face_up,
  .check_invariants = russian_check_invariants,
};
