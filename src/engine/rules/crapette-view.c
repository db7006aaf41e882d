/* crapette-view.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "crapette-engine"

#include "config.h"

#include <string.h>

#include "crapette-view.h"
#include "crapette-view-private.h"
#include "crapette-card.h"
#include "crapette-variant-private.h"

struct _CrapetteView
{
  CrapettePosition position;  /* face-down cards unknown */
  gsize n_legal_moves;
  CrapetteMove legal_moves[CRAPETTE_MAX_MOVES];
};

G_DEFINE_BOXED_TYPE (CrapetteView, crapette_view, crapette_view_ref, crapette_view_unref)

/* A new view of @position: its cards as the table sees them and the moves the
 * player to move may make. */
CrapetteView *
crapette_view_new (const CrapettePosition *position)
{
  CrapetteView *view;

  g_return_val_if_fail (position != NULL, NULL);
  g_return_val_if_fail (position->variant < CRAPETTE_N_VARIANTS, NULL);

  view = g_atomic_rc_box_new (CrapetteView);
  crapette_view_init (&view->position, position);
  /* The generators leave a turn's card unnamed, so the moves tell nothing
   * that lies face down. */
  view->n_legal_moves = crapette_position_legal_moves (position, view->legal_moves);
  return view;
}

/* A new view of @round as it stood after its first @n_moves moves (all of them if it has
 * fewer): an earlier position, as the players saw it then. The round is played again
 * from its start, since it keeps its moves, not its positions. */
CrapetteView *
crapette_view_new_from_round (const CrapetteRound *round,
                              guint                n_moves)
{
  CrapettePosition position;

  g_return_val_if_fail (round != NULL, NULL);

  /* Replayed by the round, which knows what only it can: a repetition's block, a call's
   * take-back. */
  crapette_round_get_position_after (round, n_moves, &position);
  return crapette_view_new (&position);
}

/* Takes a reference to @view. */
CrapetteView *
crapette_view_ref (CrapetteView *view)
{
  g_return_val_if_fail (view != NULL, NULL);

  return g_atomic_rc_box_acquire (view);
}

/* Gives a reference to @view back; the last one frees it. */
void
crapette_view_unref (CrapetteView *view)
{
  g_return_if_fail (view != NULL);

  g_atomic_rc_box_release (view);
}

/* The position behind @view, face-down cards unknown; for the engine's own
 * functions that take a position (crapette-view-private.h). */
const CrapettePosition *
crapette_view_get_position (const CrapetteView *view)
{
  g_return_val_if_fail (view != NULL, NULL);

  return &view->position;
}

/* The game being played. */
CrapetteVariant
crapette_view_get_variant (const CrapetteView *view)
{
  g_return_val_if_fail (view != NULL, CRAPETTE_VARIANT_RUSSIAN);

  return view->position.variant;
}

/* The rules the round is played by. */
const CrapetteRules *
crapette_view_get_rules (const CrapetteView *view)
{
  g_return_val_if_fail (view != NULL, NULL);

  return &view->position.rules;
}

/* The number of the deal the round started from. */
guint64
crapette_view_get_deal_number (const CrapetteView *view)
{
  g_return_val_if_fail (view != NULL, 0);

  return view->position.deal_number;
}

/* Which round of its match this is, 0 for the first. */
guint
crapette_view_get_round_index (const CrapetteView *view)
{
  g_return_val_if_fail (view != NULL, 0);

  return view->position.round_index;
}

/* The player whose turn it is (the last one to move once the round is over). */
CrapetteSeat
crapette_view_get_to_move (const CrapetteView *view)
{
  g_return_val_if_fail (view != NULL, CRAPETTE_SOUTH);

  return view->position.to_move;
}

/* Whether the round is being played, won or blocked. */
CrapetteOutcome
crapette_view_get_outcome (const CrapetteView *view)
{
  g_return_val_if_fail (view != NULL, CRAPETTE_OUTCOME_PLAYING);

  return view->position.outcome;
}

/* How many moves have been made since the deal: it names the position. */
guint
crapette_view_get_move_number (const CrapetteView *view)
{
  g_return_val_if_fail (view != NULL, 0);

  return view->position.move_number;
}

/* How many turns have been completed since the deal. */
guint
crapette_view_get_turn_number (const CrapetteView *view)
{
  g_return_val_if_fail (view != NULL, 0);

  return view->position.turn_number;
}

/* How many turns in a row have ended without a move; enough of them block
 * the round (the rules' pass limit). */
guint
crapette_view_get_passes (const CrapetteView *view)
{
  g_return_val_if_fail (view != NULL, 0);

  return view->position.passes;
}

/* How many turns in a row have gone by without progress; enough of them
 * block the round (the rules' idle-turn limit). */
guint
crapette_view_get_idle_turns (const CrapetteView *view)
{
  g_return_val_if_fail (view != NULL, 0);

  return view->position.idle_turns;
}

/* How many cards @seat still has to get rid of; none wins the round. */
guint
crapette_view_get_cards_left (const CrapetteView *view,
                              CrapetteSeat        seat)
{
  g_return_val_if_fail (view != NULL, 0);
  g_return_val_if_fail (seat < CRAPETTE_N_SEATS, 0);

  return crapette_position_cards_left (&view->position, seat);
}

/* Whether the game has a pile @pile at all (American Bank has no reserves
 * and four places for completed sequences). */
gboolean
crapette_view_has_pile (const CrapetteView *view,
                        CrapettePileId      pile)
{
  const CrapetteVariantOps *ops;

  g_return_val_if_fail (view != NULL, FALSE);

  if (pile >= CRAPETTE_N_PILES)
    return FALSE;
  ops = crapette_variant_ops (view->position.variant);
  if (crapette_pile_kind (pile) == CRAPETTE_PILE_KIND_FOUNDATION)
    return crapette_pile_index (pile) < ops->n_foundations;
  return crapette_variant_uses_pile_kind (ops, crapette_pile_kind (pile));
}

/* How many cards @pile holds. */
guint
crapette_view_get_count (const CrapetteView *view,
                         CrapettePileId      pile)
{
  g_return_val_if_fail (view != NULL, 0);
  g_return_val_if_fail (pile < CRAPETTE_N_PILES, 0);

  return view->position.piles[pile].count;
}

/* The card at @depth of @pile (0 is the bottom): %CRAPETTE_CARD_UNKNOWN when
 * it lies face down, %CRAPETTE_CARD_NONE past the top. */
CrapetteCard
crapette_view_get_card (const CrapetteView *view,
                        CrapettePileId      pile,
                        guint               depth)
{
  g_return_val_if_fail (view != NULL, CRAPETTE_CARD_NONE);
  g_return_val_if_fail (pile < CRAPETTE_N_PILES, CRAPETTE_CARD_NONE);

  if (depth >= view->position.piles[pile].count)
    return CRAPETTE_CARD_NONE;
  return view->position.piles[pile].cards[depth];
}

/* The top card of @pile, %CRAPETTE_CARD_UNKNOWN when it lies face down,
 * %CRAPETTE_CARD_NONE when the pile is empty. */
CrapetteCard
crapette_view_get_top (const CrapetteView *view,
                       CrapettePileId      pile)
{
  g_return_val_if_fail (view != NULL, CRAPETTE_CARD_NONE);
  g_return_val_if_fail (pile < CRAPETTE_N_PILES, CRAPETTE_CARD_NONE);

  return crapette_position_top (&view->position, pile);
}

/* The way @pile must be built on, by the rules of the game: +1 up, -1 down,
 * 0 either way (or when its cards do not fix it). An American Bank tableau
 * pile is fixed by its first two cards, which must be double-suit neighbours. */
int
crapette_view_get_direction (const CrapetteView *view,
                             CrapettePileId      pile)
{
  const CrapetteVariantOps *ops;

  g_return_val_if_fail (view != NULL, 0);
  g_return_val_if_fail (pile < CRAPETTE_N_PILES, 0);

  ops = crapette_variant_ops (view->position.variant);
  return ops->pile_direction != NULL ? ops->pile_direction (&view->position, pile) : 0;
}

/* How many sequences have been completed and set aside (American Bank);
 * 0 in a game that has none. */
guint
crapette_view_get_completed_sequences (const CrapetteView *view)
{
  const CrapetteVariantOps *ops;

  g_return_val_if_fail (view != NULL, 0);

  ops = crapette_variant_ops (view->position.variant);
  return ops->completed_sequences != NULL ? ops->completed_sequences (&view->position) : 0;
}

/* The moves the player to move may make, in the engine's order (none once
 * the round is over); the array lives as long as @view. */
const CrapetteMove *
crapette_view_get_legal_moves (const CrapetteView *view,
                               gsize              *n_moves)
{
  g_return_val_if_fail (view != NULL, NULL);
  g_return_val_if_fail (n_moves != NULL, NULL);

  *n_moves = view->n_legal_moves;
  return view->legal_moves;
}

/* Whether the top card of @pile may be taken in hand: the pile is in the
 * game and its top card face up. Whether it may go anywhere is for the
 * rules to say when it is put down (crapette_view_get_targets()). */
gboolean
crapette_view_can_pick_up (const CrapetteView *view,
                           CrapettePileId      pile)
{
  g_return_val_if_fail (view != NULL, FALSE);

  return crapette_view_has_pile (view, pile) &&
         crapette_card_is_real (crapette_position_top (&view->position, pile));
}

/* The piles the top card of @from may legally go to, a bit `1 << pile` each. */
guint32
crapette_view_get_targets (const CrapetteView *view,
                           CrapettePileId      from)
{
  guint32 targets = 0;

  g_return_val_if_fail (view != NULL, 0);

  for (gsize i = 0; i < view->n_legal_moves; i++)
    {
      const CrapetteMove *move = &view->legal_moves[i];

      if (move->kind == CRAPETTE_MOVE_CARD && move->from == from)
        targets |= 1u << move->to;
    }
  return targets;
}

/* Finds the legal move that takes the top card of @from to @to, or, when
 * @from is the stock of the player to move, turns its card (or ends the
 * turn when nothing is left to turn); %FALSE when there is none. */
gboolean
crapette_view_find_move (const CrapetteView *view,
                         CrapettePileId      from,
                         CrapettePileId      to,
                         CrapetteMove       *move)
{
  gboolean own_stock;

  g_return_val_if_fail (view != NULL, FALSE);
  g_return_val_if_fail (move != NULL, FALSE);

  own_stock = from == crapette_pile_of_seat (CRAPETTE_PILE_KIND_STOCK, view->position.to_move);
  for (CrapetteMoveKind kind = CRAPETTE_MOVE_CARD; kind <= CRAPETTE_MOVE_END_TURN; kind++)
    {
      for (gsize i = 0; i < view->n_legal_moves; i++)
        {
          const CrapetteMove *legal = &view->legal_moves[i];

          if (legal->kind != kind)
            continue;
          if ((kind == CRAPETTE_MOVE_CARD && legal->from == from && legal->to == to) ||
              (kind != CRAPETTE_MOVE_CARD && own_stock))
            {
              *move = *legal;
              return TRUE;
            }
        }
    }
  return FALSE;
}

/* Whether @pile holds the same cards in @a and @b. */
static gboolean
pile_equal (const CrapettePile *a,
            const CrapettePile *b)
{
  return a->count == b->count && memcmp (a->cards, b->cards, a->count) == 0;
}

/* The piles whose cards differ between @before and @after, a bit `1 << pile`
 * each: what a table must draw again, or say again to a screen reader, after
 * a move. With no @before, or another game, every pile has changed. */
guint32
crapette_view_changed_piles (const CrapetteView *before,
                             const CrapetteView *after)
{
  guint32 changed = 0;

  g_return_val_if_fail (after != NULL, CRAPETTE_ALL_PILES);

  if (before == after)
    return 0;
  if (before == NULL || before->position.variant != after->position.variant)
    return CRAPETTE_ALL_PILES;
  for (CrapettePileId pile = 0; pile < CRAPETTE_N_PILES; pile++)
    {
      if (!pile_equal (&before->position.piles[pile], &after->position.piles[pile]))
        changed |= 1u << pile;
    }
  return changed;
}

/* Makes @view a copy of @position with every face-down card unknown, and so is a hidden
 * deal's card that has come face up and is not shown yet (crapette_round_reveal_card()). */
void
crapette_view_init (CrapettePosition       *view,
                    const CrapettePosition *position)
{
  const CrapetteVariantOps *ops;

  g_return_if_fail (view != NULL);
  g_return_if_fail (position != NULL);

  *view = *position;
  ops = crapette_variant_ops (position->variant);
  for (guint pile = 0; pile < CRAPETTE_N_PILES; pile++)
    {
      CrapettePile *p = &view->piles[pile];
      guint face_down = ops->face_down_count (position, pile);

      for (guint depth = 0; depth < face_down; depth++)
        p->cards[depth] = CRAPETTE_CARD_UNKNOWN;
      for (guint depth = face_down; depth < p->count; depth++)
        if (crapette_card_is_hidden (p->cards[depth]))
          p->cards[depth] = CRAPETTE_CARD_UNKNOWN;
    }
}

/* Makes @view what a player who remembers the table knows of @position:
 * the plain view, plus every face-down card both players saw face up —
 * the cards of a stock that is a waste turned over, the cards on top of a
 * stock that moves taken back by a "Stop!" had turned up, the cards under a
 * reserve's top that were once on top of it (loaded there, or its top
 * before a load), and American Bank's completed sequences, built in the
 * open before they were set aside. */
void
crapette_view_init_known (CrapettePosition       *view,
                          const CrapettePosition *position)
{
  g_return_if_fail (view != NULL);
  g_return_if_fail (position != NULL);

  crapette_view_init (view, position);
  for (guint seat = 0; seat < CRAPETTE_N_SEATS; seat++)
    {
      CrapettePileId stock = crapette_pile_of_seat (CRAPETTE_PILE_KIND_STOCK, seat);
      const CrapettePile *reserve =
        &position->piles[crapette_pile_of_seat (CRAPETTE_PILE_KIND_RESERVE, seat)];
      CrapettePile *shown = &view->piles[crapette_pile_of_seat (CRAPETTE_PILE_KIND_RESERVE, seat)];

      const CrapettePile *stock_pile = &position->piles[stock];

      if (position->stock_seen & (1u << seat))
        view->piles[stock] = *stock_pile;
      for (guint i = 0; i < position->stock_top_seen[seat] && i < stock_pile->count; i++)
        view->piles[stock].cards[stock_pile->count - 1 - i] = stock_pile->cards[stock_pile->count - 1 - i];
      for (guint i = 1; i <= position->reserve_seen[seat] && i < reserve->count; i++)
        shown->cards[reserve->count - 1 - i] = reserve->cards[reserve->count - 1 - i];
    }
  for (guint i = 0; i < CRAPETTE_N_FOUNDATIONS; i++)
    view->piles[crapette_pile_foundation (i)] = position->piles[crapette_pile_foundation (i)];
}

/* Fills @cards (room for %CRAPETTE_MAX_CARDS) with the cards of the game that
 * cannot be seen in @view, in card order, and returns how many there are. */
gsize
crapette_view_unseen_cards (const CrapettePosition *view,
                            CrapetteCard           *cards)
{
  const CrapetteVariantOps *ops;
  gboolean seen[CRAPETTE_MAX_CARDS] = { FALSE };
  gsize n = 0;

  g_return_val_if_fail (view != NULL, 0);
  g_return_val_if_fail (cards != NULL, 0);

  ops = crapette_variant_ops (view->variant);
  for (guint pile = 0; pile < CRAPETTE_N_PILES; pile++)
    {
      const CrapettePile *p = &view->piles[pile];

      for (guint depth = 0; depth < p->count; depth++)
        {
          if (p->cards[depth] < CRAPETTE_MAX_CARDS)
            seen[p->cards[depth]] = TRUE;
        }
    }
  for (guint card = 0; card < ops->n_cards; card++)
    {
      if (!seen[card])
        cards[n++] = (CrapetteCard) card;
    }
  return n;
}

/* Fills @piles and @depths (room for %CRAPETTE_MAX_CARDS each) with the places
 * of the unknown cards in @view, pile by pile from the bottom up, and returns
 * how many there are. */
gsize
crapette_view_hidden_slots (const CrapettePosition *view,
                            CrapettePileId         *piles,
                            guint8                 *depths)
{
  gsize n = 0;

  g_return_val_if_fail (view != NULL, 0);

  for (guint pile = 0; pile < CRAPETTE_N_PILES; pile++)
    {
      const CrapettePile *p = &view->piles[pile];

      for (guint depth = 0; depth < p->count; depth++)
        {
          if (p->cards[depth] == CRAPETTE_CARD_UNKNOWN)
            {
              if (piles != NULL)
                piles[n] = (CrapettePileId) pile;
              if (depths != NULL)
                depths[n] = (guint8) depth;
              n++;
            }
        }
    }
  return n;
}

/* Puts @cards into the unknown places of @view, in the order of
 * crapette_view_hidden_slots(): a guess at the hidden cards, as a computer
 * player makes to look ahead. */
void
crapette_view_fill (CrapettePosition   *view,
                    const CrapetteCard *cards)
{
  gsize n = 0;

  g_return_if_fail (view != NULL);
  g_return_if_fail (cards != NULL);

  for (guint pile = 0; pile < CRAPETTE_N_PILES; pile++)
    {
      CrapettePile *p = &view->piles[pile];

      for (guint depth = 0; depth < p->count; depth++)
        {
          if (p->cards[depth] == CRAPETTE_CARD_UNKNOWN)
            p->cards[depth] = cards[n++];
        }
    }
}
