/* crapette-view.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "crapette-engine"

#include "config.h"

#include "crapette-view.h"
#include "crapette-variant-private.h"

/* Makes @view a copy of @position with every face-down card unknown. */
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

      for (guint depth = 0; depth < p->count; depth++)
        {
          if (!ops->is_face_up (position, pile, depth))
            p->cards[depth] = CRAPETTE_CARD_UNKNOWN;
        }
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
