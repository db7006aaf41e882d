/* crapette-search-guess.c: guessing the cards a player cannot see
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A player decides on the known view, where some cards are unknown. To look
 * ahead it deals those places the cards it has not seen, at random, and plays
 * on that guess as if it were the table; several guesses stand for what it
 * does not know. In Russian Bank each pack's cards can only be in its
 * owner's piles, so each player's places get the unseen cards of their pack.
 */

#define G_LOG_DOMAIN "crapette-search"

#include "config.h"

#include "crapette-search.h"

#include "crapette-card.h"
#include "crapette-view.h"

/* Russian Bank: deals each player's unknown places the unseen cards of
 * their own pack, in @sample; FALSE, dealing nothing, when the places and
 * the cards do not match up so. @unseen is in card order, so the first
 * pack's cards come first. */
static gboolean
deal_by_pack (CrapettePosition     *sample,
              CrapetteRandom       *random,
              CrapetteCard         *unseen,
              gsize                 n_unseen,
              const CrapettePileId *piles,
              const guint8         *depths)
{
  gsize n_first_pack = 0;
  gsize n_south_places = 0;
  gsize next[CRAPETTE_N_SEATS];

  G_STATIC_ASSERT (CRAPETTE_SOUTH == 0);
  while (n_first_pack < n_unseen && crapette_card_pack (unseen[n_first_pack]) == 0)
    n_first_pack++;
  for (gsize i = 0; i < n_unseen; i++)
    {
      CrapetteSeat seat = crapette_pile_seat (piles[i]);

      if (seat == CRAPETTE_NO_SEAT)
        return FALSE;
      n_south_places += seat == CRAPETTE_SOUTH;
    }
  if (n_south_places != n_first_pack)
    return FALSE;

  crapette_random_shuffle (random, unseen, n_first_pack);
  crapette_random_shuffle (random, unseen + n_first_pack, n_unseen - n_first_pack);
  next[CRAPETTE_SOUTH] = 0;
  next[CRAPETTE_NORTH] = n_first_pack;
  for (gsize i = 0; i < n_unseen; i++)
    sample->piles[piles[i]].cards[depths[i]] = unseen[next[crapette_pile_seat (piles[i])]++];
  return TRUE;
}

/* Makes @sample a copy of @view with its unknown cards dealt at random from
 * the cards not seen: one world consistent with everything the player saw.
 *
 * In Russian Bank a card that nobody has seen is still where its owner
 * dealt it, in their own reserve or stock, so each player's unknown places
 * get the unseen cards of their own pack. That holds for a known view
 * (crapette_view_init_known()); a plain view forgets the cards loaded under
 * a reserve's top, so its places may not match up, and then any unseen
 * card may go anywhere. */
void
crapette_search_determinize (const CrapettePosition *view,
                             CrapetteRandom         *random,
                             CrapettePosition       *sample)
{
  CrapetteCard unseen[CRAPETTE_MAX_CARDS];
  CrapettePileId piles[CRAPETTE_MAX_CARDS];
  guint8 depths[CRAPETTE_MAX_CARDS];
  gsize n_unseen = crapette_view_unseen_cards (view, unseen);
  gsize n_hidden = crapette_view_hidden_slots (view, piles, depths);

  *sample = *view;
  /* A view always hides exactly the cards it does not show; anything else
   * is not a view, and is left as it is rather than filled wrongly. */
  if (n_unseen != n_hidden)
    return;
  if (view->variant == CRAPETTE_VARIANT_RUSSIAN &&
      deal_by_pack (sample, random, unseen, n_unseen, piles, depths))
    return;
  crapette_random_shuffle (random, unseen, n_unseen);
  crapette_view_fill (sample, unseen);
}
