/* test-view.c: what a player at the table can see, for both games
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The view functions of crapette-view.h, checked on positions reached by
 * random play: the view hides exactly the cards lying face down, the unseen
 * cards and the hidden places agree, filling the places with the true cards
 * gives the position back, and the known view only ever adds true cards.
 */

#include "config.h"

#include "crapette-random.h"
#include "crapette-round.h"
#include "crapette-view.h"

#define N_DEALS 20

/* A position of a round in play after up to @steps random moves from @deal_number. */
static void
random_position (CrapetteVariant   variant,
                 guint64           deal_number,
                 guint             steps,
                 CrapettePosition *position)
{
  CrapetteRules rules;
  CrapetteRandom random;
  g_autoptr(CrapetteRound) round = NULL;

  crapette_rules_init_default (&rules);
  round = crapette_round_new_deal (variant, &rules, deal_number, 0);
  crapette_random_init (&random, deal_number * 31 + steps);
  *position = *crapette_round_get_position (round);
  for (guint i = 0; i < steps; i++)
    {
      CrapetteMove moves[CRAPETTE_MAX_MOVES];
      gsize n_moves = crapette_position_legal_moves (position, moves);

      if (n_moves == 0 ||
          !crapette_round_play (round, &moves[crapette_random_below (&random, n_moves)], NULL) ||
          crapette_round_get_position (round)->outcome != CRAPETTE_OUTCOME_PLAYING)
        break;
      *position = *crapette_round_get_position (round);
    }
}

/* The view hides a card exactly when it lies face down, and changes nothing else. */
static void
check_view_hides_face_down (const CrapettePosition *position,
                            const CrapettePosition *view)
{
  for (CrapettePileId pile = 0; pile < CRAPETTE_N_PILES; pile++)
    {
      g_assert_cmpuint (view->piles[pile].count, ==, position->piles[pile].count);
      for (guint depth = 0; depth < position->piles[pile].count; depth++)
        {
          if (crapette_position_is_face_up (position, pile, depth))
            g_assert_cmpuint (view->piles[pile].cards[depth], ==,
                              position->piles[pile].cards[depth]);
          else
            g_assert_cmpuint (view->piles[pile].cards[depth], ==, CRAPETTE_CARD_UNKNOWN);
        }
    }
  g_assert_cmpuint (view->to_move, ==, position->to_move);
  g_assert_cmpuint (view->move_number, ==, position->move_number);
}

/* The unseen cards are as many as the hidden places, and filling the places
 * with the true cards, in the order of the places, gives the position back. */
static void
check_fill_restores (const CrapettePosition *position,
                     const CrapettePosition *view)
{
  CrapetteCard unseen[CRAPETTE_MAX_CARDS];
  CrapetteCard truth[CRAPETTE_MAX_CARDS];
  CrapettePileId piles[CRAPETTE_MAX_CARDS];
  guint8 depths[CRAPETTE_MAX_CARDS];
  gsize n_unseen = crapette_view_unseen_cards (view, unseen);
  gsize n_slots = crapette_view_hidden_slots (view, piles, depths);
  CrapettePosition filled = *view;

  g_assert_cmpuint (n_unseen, ==, n_slots);
  g_assert_cmpuint (crapette_view_hidden_slots (view, NULL, NULL), ==, n_slots);
  for (gsize i = 0; i < n_slots; i++)
    {
      gboolean listed = FALSE;

      truth[i] = position->piles[piles[i]].cards[depths[i]];
      for (gsize j = 0; j < n_unseen && !listed; j++)
        listed = unseen[j] == truth[i];
      g_assert_true (listed);
    }
  crapette_view_fill (&filled, truth);
  g_assert_true (crapette_position_equal (&filled, position));
  g_assert_cmpuint (crapette_view_hidden_slots (&filled, NULL, NULL), ==, 0);
}

/* The known view shows everything the view shows, and only true cards besides. */
static void
check_known_view (const CrapettePosition *position,
                  const CrapettePosition *view)
{
  CrapettePosition known;

  crapette_view_init_known (&known, position);
  for (CrapettePileId pile = 0; pile < CRAPETTE_N_PILES; pile++)
    {
      for (guint depth = 0; depth < position->piles[pile].count; depth++)
        {
          CrapetteCard shown = known.piles[pile].cards[depth];

          if (view->piles[pile].cards[depth] != CRAPETTE_CARD_UNKNOWN)
            g_assert_cmpuint (shown, ==, view->piles[pile].cards[depth]);
          else if (shown != CRAPETTE_CARD_UNKNOWN)
            g_assert_cmpuint (shown, ==, position->piles[pile].cards[depth]);
        }
    }
  g_assert_cmpuint (crapette_view_hidden_slots (&known, NULL, NULL), <=,
                    crapette_view_hidden_slots (view, NULL, NULL));
}

static void
test_view (gconstpointer data)
{
  CrapetteVariant variant = GPOINTER_TO_INT (data);
  guint hidden_somewhere = 0;

  for (guint64 deal = 1; deal <= N_DEALS; deal++)
    {
      for (guint steps = 0; steps <= 120; steps += 40)
        {
          CrapettePosition position, view;

          random_position (variant, deal, steps, &position);
          crapette_view_init (&view, &position);
          check_view_hides_face_down (&position, &view);
          check_fill_restores (&position, &view);
          check_known_view (&position, &view);
          hidden_somewhere += crapette_view_hidden_slots (&view, NULL, NULL) > 0;
        }
    }
  /* Stocks are dealt face down, so the checks above had cards to hide. */
  g_assert_cmpuint (hidden_somewhere, >, 0);
}

/* A fresh deal hides each player's whole stock but its count. */
static void
test_view_of_deal (gconstpointer data)
{
  CrapetteVariant variant = GPOINTER_TO_INT (data);
  CrapettePosition position, view;

  random_position (variant, 7, 0, &position);
  crapette_view_init (&view, &position);
  for (CrapetteSeat seat = CRAPETTE_SOUTH; seat < CRAPETTE_N_SEATS; seat++)
    {
      const CrapettePile *stock = &view.piles[crapette_pile_of_seat (CRAPETTE_PILE_KIND_STOCK,
                                                                     seat)];

      g_assert_cmpuint (stock->count, >, 0);
      for (guint depth = 0; depth < stock->count; depth++)
        g_assert_cmpuint (stock->cards[depth], ==, CRAPETTE_CARD_UNKNOWN);
    }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_data_func ("/view/russian", GINT_TO_POINTER (CRAPETTE_VARIANT_RUSSIAN), test_view);
  g_test_add_data_func ("/view/american", GINT_TO_POINTER (CRAPETTE_VARIANT_AMERICAN),
                        test_view);
  g_test_add_data_func ("/view/russian-deal", GINT_TO_POINTER (CRAPETTE_VARIANT_RUSSIAN),
                        test_view_of_deal);
  g_test_add_data_func ("/view/american-deal", GINT_TO_POINTER (CRAPETTE_VARIANT_AMERICAN),
                        test_view_of_deal);

  return g_test_run ();
}
