/* crapette-variant-private.h: the contract every game variant fulfils
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

#include "crapette-position.h"
#include "crapette-refusal.h"

G_BEGIN_DECLS

/**
 * CrapetteMoveEffect:
 * @CRAPETTE_EFFECT_TURN_ENDS: the move ended the player's turn.
 * @CRAPETTE_EFFECT_PROGRESS: the move counts as progress for the idle-turn
 *   rule (a card reached a foundation, a sequence was completed).
 */
typedef enum
{
  CRAPETTE_EFFECT_NONE = 0,
  CRAPETTE_EFFECT_TURN_ENDS = 1 << 0,
  CRAPETTE_EFFECT_PROGRESS = 1 << 1
} CrapetteMoveEffect;

/**
 * CrapetteVariantOps:
 * @shuffle: fill @deck (the game's @n_cards) with its cards in the order the
 *   deal number shuffles them.
 * @lay_out: lay out a new round from @deck, in the order @shuffle gives. The
 *   position arrives zeroed with @variant, @rules, @deal_number and
 *   @round_index set and every pile empty; the lay-out fills the piles and
 *   sets @to_move and @dealer when no card decides them. It never reads a
 *   card: a hidden deal's deck holds only crapette_card_hidden() stand-ins.
 * @choose_first: set @to_move and @dealer from the cards the deal turned
 *   face up, once they are known; %NULL in a game whose lay-out decides.
 * @begin_turn: do what the rules do by themselves when a turn starts (American
 *   Bank's opening lay-out). Called after the deal and after every turn change.
 * @generate_moves: the legal moves of the player to move; exactly the moves
 *   that @judge_move accepts, in a stable order.
 * @judge_move: the rule a move breaks, or %CRAPETTE_REFUSAL_NONE; @detail
 *   receives the card a refusal names, if any. It never sees a finished round.
 * @apply_move: carry out a legal move, including the variant's own
 *   consequences (a reserve card turning up, a sequence completing, the end
 *   of the turn), and report its effects. Turn changes, blocked rounds and
 *   the winner are handled by the shared code in crapette-position.c.
 * @cards_left: the cards a player still has to get rid of; zero wins.
 * @score: fill in the result of a finished round.
 * @face_down_count: how many cards at the bottom of @pile lie face down; every card
 *   above them lies face up.
 * @check_invariants: every pile obeys its rule; for tests and loaded positions.
 * @pile_direction: the way @pile must be built on, fixed by its own cards:
 *   +1 up, -1 down, 0 either way. %NULL when no pile's cards fix it.
 * @completed_sequences: how many sequences have been completed and set
 *   aside; %NULL in a game that sets none aside.
 *
 * The rules of one game. Shared code calls through this table and never asks
 * which variant it has.
 */
typedef struct
{
  CrapetteVariant id;
  const char *key;            /* as written in records: "russian", "american" */
  const char *name;           /* N_() marked; read it with crapette_variant_name() */
  guint n_cards;
  char house_letter;          /* notation: H1–H8 or T1–T8 */
  char foundation_letter;     /* notation: F1–F8 or X1–X8 */
  guint used_pile_kinds;      /* a bit (1 << kind) for each #CrapettePileKind the game has */
  guint n_foundations;        /* foundations (completed-sequence places) the game uses */
  guint hiding_pile_kinds;    /* a bit (1 << kind) for each kind that may hold a face-down card */

  void              (*shuffle)          (const CrapettePosition *position,
                                         CrapetteCard           *deck);
  void              (*lay_out)          (CrapettePosition       *position,
                                         const CrapetteCard     *deck);
  void              (*choose_first)     (CrapettePosition       *position);
  void              (*begin_turn)       (CrapettePosition       *position);
  gsize             (*generate_moves)   (const CrapettePosition *position,
                                         CrapetteMove           *moves);
  CrapetteRefusal   (*judge_move)       (const CrapettePosition *position,
                                         const CrapetteMove     *move,
                                         CrapetteCard           *detail);
  CrapetteMoveEffect (*apply_move)      (CrapettePosition       *position,
                                         const CrapetteMove     *move);
  guint             (*cards_left)       (const CrapettePosition *position,
                                         CrapetteSeat            seat);
  void              (*score)            (const CrapettePosition *position,
                                         CrapetteRoundResult    *result);
  guint             (*face_down_count)  (const CrapettePosition *position,
                                         CrapettePileId          pile);
  gboolean          (*check_invariants) (const CrapettePosition *position,
                                         GError                **error);
  int               (*pile_direction)   (const CrapettePosition *position,
                                         CrapettePileId          pile);
  guint             (*completed_sequences) (const CrapettePosition *position);
} CrapetteVariantOps;

/* What a game's rules of play (crapette-<game>.c) share with its deal, score and
 * invariants (crapette-<game>-deal.c), all of which its table of #CrapetteVariantOps
 * names. Each game's private header declares them with this one line, so the two games
 * have the one shape: @prefix_shuffle, @prefix_lay_out, @prefix_begin_turn, @prefix_cards_left, @prefix_score,
 * @prefix_face_down_count and @prefix_check_invariants. */
#define CRAPETTE_DECLARE_VARIANT_PARTS(prefix) \
  void     prefix##_shuffle          (const CrapettePosition  *position, \
                                      CrapetteCard            *deck); \
  void     prefix##_lay_out          (CrapettePosition        *position, \
                                      const CrapetteCard      *deck); \
  void     prefix##_begin_turn       (CrapettePosition        *position); \
  guint    prefix##_cards_left       (const CrapettePosition  *position, \
                                      CrapetteSeat             seat); \
  void     prefix##_score            (const CrapettePosition  *position, \
                                      CrapetteRoundResult     *result); \
  guint    prefix##_face_down_count  (const CrapettePosition  *position, \
                                      CrapettePileId           pile); \
  gboolean prefix##_check_invariants (const CrapettePosition  *position, \
                                      GError                 **error)

#define CRAPETTE_ALL_PILE_KINDS ((1u << CRAPETTE_N_PILE_KINDS) - 1)

/* Whether the game of @ops has piles of @kind (American Bank has no reserves). */
static inline gboolean
crapette_variant_uses_pile_kind (const CrapetteVariantOps *ops,
                                 CrapettePileKind          kind)
{
  return (ops->used_pile_kinds >> kind) & 1;
}

extern const CrapetteVariantOps crapette_russian_bank_ops;
extern const CrapetteVariantOps crapette_american_bank_ops;

const CrapetteVariantOps *crapette_variant_ops        (CrapetteVariant variant);
const CrapetteVariantOps *crapette_variant_ops_by_key (const char     *key);

/* Moves a card between piles with no check at all; for variants' apply_move.
 * It also keeps count of the cards under each reserve's top that both
 * players have seen face up: a card loaded onto a reserve covers a top card
 * that was face up, and playing the top card shows the one under it; and of
 * the known cards on top of a stock, one fewer for each card taken from it. */
static inline CrapetteCard
crapette_position_move_top (CrapettePosition *position,
                            CrapettePileId    from,
                            CrapettePileId    to)
{
  CrapettePile *source = &position->piles[from];
  CrapettePile *target = &position->piles[to];
  CrapetteCard card = source->cards[--source->count];

  target->cards[target->count++] = card;
  if (crapette_pile_kind (from) == CRAPETTE_PILE_KIND_STOCK)
    {
      guint8 *seen = &position->stock_top_seen[crapette_pile_seat (from)];

      if (*seen > 0)
        (*seen)--;
    }
  if (crapette_pile_kind (from) == CRAPETTE_PILE_KIND_RESERVE)
    {
      guint8 *seen = &position->reserve_seen[crapette_pile_seat (from)];

      if (*seen > 0)
        (*seen)--;
    }
  if (crapette_pile_kind (to) == CRAPETTE_PILE_KIND_RESERVE && target->count > 1)
    position->reserve_seen[crapette_pile_seat (to)]++;
  return card;
}

/* Turns @seat's waste (American Bank: talon) over, face down, as the new stock
 * (hand): the waste's bottom card becomes the stock's top. The stock must be
 * empty; both games do this when a player turns a card with no stock left. */
static inline void
crapette_position_turn_waste_over (CrapettePosition *position,
                                   CrapetteSeat      seat)
{
  CrapettePile *stock = &position->piles[crapette_pile_of_seat (CRAPETTE_PILE_KIND_STOCK, seat)];
  CrapettePile *waste = &position->piles[crapette_pile_of_seat (CRAPETTE_PILE_KIND_WASTE, seat)];

  g_assert (stock->count == 0);
  for (guint i = 0; i < waste->count; i++)
    stock->cards[i] = waste->cards[waste->count - 1 - i];
  stock->count = waste->count;
  waste->count = 0;
  position->stock_top_seen[seat] = 0;
  /* Both players watched every card go on the waste, so the new stock's
   * order is no secret (crapette_view_init_known()). */
  position->stock_seen |= (guint8) (1u << seat);
}

/* Appends the card move @from → @to to a move list; for generate_moves. */
static inline void
crapette_moves_add_card (CrapetteMove   *moves,
                         gsize          *n_moves,
                         CrapettePileId  from,
                         CrapettePileId  to,
                         CrapetteCard    card)
{
  CrapetteMove *move = &moves[(*n_moves)++];

  move->kind = CRAPETTE_MOVE_CARD;
  move->from = from;
  move->to = to;
  move->card = card;
}

G_END_DECLS
