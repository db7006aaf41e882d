/* test-game.c: CrapetteGame tells the window what happens, and only that
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include "crapette-card.h"
#include "crapette-game.h"
#include "crapette-notation.h"
#include "crapette-refusal.h"
#include "crapette-view-private.h"

typedef struct
{
  guint move_applied;
  guint card_revealed;
  guint turn_changed;
  guint round_finished;
  guint round_started;
  guint notify_current_player;
  guint notify_move_number;
  guint notify_phase;
  CrapetteMove last_move;
  CrapetteRoundResult last_result;
} Counts;

static void
on_move_applied_cb (CrapetteGame       *game,
                    const CrapetteMove *move,
                    Counts             *counts)
{
  counts->move_applied++;
  counts->last_move = *move;
}

static void
on_card_revealed_cb (CrapetteGame *game,
                     guint         pile,
                     guint         card,
                     Counts       *counts)
{
  CrapetteView *view = crapette_game_get_view (game);

  /* A revealed card really is face up in the view now. */
  g_assert_cmpuint (crapette_view_get_top (view, pile), ==, card);
  counts->card_revealed++;
}

static void
on_turn_changed_cb (CrapetteGame *game,
                    guint         seat,
                    Counts       *counts)
{
  g_assert_cmpuint (seat, ==, crapette_game_get_current_player (game));
  counts->turn_changed++;
}

static void
on_round_finished_cb (CrapetteGame              *game,
                      const CrapetteRoundResult *result,
                      Counts                    *counts)
{
  counts->round_finished++;
  counts->last_result = *result;
}

static void
on_round_started_cb (CrapetteGame *game,
                     Counts       *counts)
{
  counts->round_started++;
}

static void
on_notify_cb (GObject    *object,
              GParamSpec *pspec,
              Counts     *counts)
{
  if (g_str_equal (pspec->name, "current-player"))
    counts->notify_current_player++;
  else if (g_str_equal (pspec->name, "move-number"))
    counts->notify_move_number++;
  else if (g_str_equal (pspec->name, "phase"))
    counts->notify_phase++;
}

static CrapetteGame *
new_watched_game (Counts *counts)
{
  CrapetteGame *game = crapette_game_new ();

  g_signal_connect (game, "move-applied", G_CALLBACK (on_move_applied_cb), counts);
  g_signal_connect (game, "card-revealed", G_CALLBACK (on_card_revealed_cb), counts);
  g_signal_connect (game, "turn-changed", G_CALLBACK (on_turn_changed_cb), counts);
  g_signal_connect (game, "round-finished", G_CALLBACK (on_round_finished_cb), counts);
  g_signal_connect (game, "round-started", G_CALLBACK (on_round_started_cb), counts);
  g_signal_connect (game, "notify", G_CALLBACK (on_notify_cb), counts);
  return game;
}

static void
test_view_hides_face_down_cards (void)
{
  g_autoptr(CrapetteGame) game = crapette_game_new ();
  const CrapettePosition *view;
  CrapetteRules rules;

  crapette_rules_init_default (&rules);
  crapette_game_deal (game, CRAPETTE_VARIANT_RUSSIAN, &rules, 2024, 0);
  view = crapette_view_get_position (crapette_game_get_view (game));

  for (guint seat = 0; seat < CRAPETTE_N_SEATS; seat++)
    {
      const CrapettePile *stock = &view->piles[crapette_pile_of_seat (CRAPETTE_PILE_KIND_STOCK, seat)];
      const CrapettePile *reserve = &view->piles[crapette_pile_of_seat (CRAPETTE_PILE_KIND_RESERVE, seat)];

      g_assert_cmpuint (stock->count, ==, 35);
      for (guint i = 0; i < stock->count; i++)
        g_assert_cmpuint (stock->cards[i], ==, CRAPETTE_CARD_UNKNOWN);
      g_assert_cmpuint (reserve->count, ==, 13);
      for (guint i = 0; i + 1 < reserve->count; i++)
        g_assert_cmpuint (reserve->cards[i], ==, CRAPETTE_CARD_UNKNOWN);
      g_assert_cmpuint (reserve->cards[12], <, CRAPETTE_MAX_CARDS);
    }
  g_assert_finalize_object (g_steal_pointer (&game));
}

static void
test_signals_follow_moves (void)
{
  Counts counts = { 0 };
  CrapetteGame *game = new_watched_game (&counts);
  CrapetteRules rules;
  guint turns = 0;

  crapette_rules_init_default (&rules);
  crapette_game_deal (game, CRAPETTE_VARIANT_AMERICAN, &rules, 5, 0);
  g_assert_cmpuint (counts.round_started, ==, 1);
  g_assert_cmpuint (crapette_game_get_variant (game), ==, CRAPETTE_VARIANT_AMERICAN);

  /* Play the last legal move each time (in American Bank that is usually the
   * discard, which ends the turn) until a few turns have gone by. */
  while (turns < 6 && crapette_game_get_phase (game) == CRAPETTE_OUTCOME_PLAYING)
    {
      gsize n_moves;
      const CrapetteMove *moves = crapette_game_get_legal_moves (game, &n_moves);
      CrapetteMove move = moves[n_moves - 1];
      CrapetteSeat before = crapette_game_get_current_player (game);
      guint applied = counts.move_applied;
      guint notified = counts.notify_move_number;
      g_autoptr(GError) error = NULL;

      g_assert_true (crapette_game_play (game, &move, &error));
      g_assert_no_error (error);
      g_assert_cmpuint (counts.move_applied, ==, applied + 1);
      g_assert_cmpuint (counts.notify_move_number, ==, notified + 1);
      g_assert_cmpuint (counts.last_move.kind, ==, move.kind);
      if (move.kind == CRAPETTE_MOVE_TURN)
        g_assert_cmpuint (counts.last_move.card, <, CRAPETTE_MAX_CARDS);
      if (before != crapette_game_get_current_player (game))
        turns++;
    }
  g_assert_cmpuint (counts.turn_changed, ==, turns);
  g_assert_cmpuint (counts.notify_current_player, ==, turns);
  g_assert_cmpuint (counts.card_revealed, >, 0);

  g_assert_finalize_object (game);
}

static void
test_refused_move_says_why_and_emits_nothing (void)
{
  Counts counts = { 0 };
  CrapetteGame *game = new_watched_game (&counts);
  CrapetteRules rules;
  CrapetteMove from_waste = {
    CRAPETTE_MOVE_CARD,
    crapette_pile_of_seat (CRAPETTE_PILE_KIND_STOCK, CRAPETTE_SOUTH),
    crapette_pile_house (0),
    CRAPETTE_CARD_NONE,
  };
  g_autoptr(GError) error = NULL;

  crapette_rules_init_default (&rules);
  crapette_game_deal (game, CRAPETTE_VARIANT_RUSSIAN, &rules, 11, 0);
  from_waste.from = crapette_pile_of_seat (CRAPETTE_PILE_KIND_STOCK,
                                           crapette_game_get_current_player (game));

  g_assert_false (crapette_game_play (game, &from_waste, &error));
  g_assert_error (error, CRAPETTE_MOVE_ERROR, CRAPETTE_REFUSAL_FROM_STOCK);
  g_assert_nonnull (strstr (error->message, "stock"));
  g_assert_cmpuint (counts.move_applied, ==, 0);
  g_assert_cmpuint (counts.notify_move_number, ==, 0);

  g_assert_finalize_object (game);
}

static void
count_revealed_cb (CrapetteGame *game,
                   guint         pile,
                   guint         card,
                   guint        *count)
{
  (*count)++;
}

/* A game told to deal hidden deals stand-ins; nothing is played until the cards turned up
 * are shown, each shown once as any card turned up is told; the whole deal at the end makes
 * the round a plain one. */
static void
test_hidden_deals (void)
{
  g_autoptr(CrapetteGame) game = crapette_game_new ();
  g_autoptr(GError) error = NULL;
  CrapetteRules rules;
  CrapetteCard unshown[CRAPETTE_MAX_CARDS];
  CrapetteCard deck[CRAPETTE_MAX_CARDS];
  CrapettePosition open;
  guint revealed = 0;
  gsize n, n_moves;

  crapette_rules_init_default (&rules);
  g_assert_false (crapette_game_get_hidden_deals (game));
  crapette_game_set_hidden_deals (game, TRUE);
  g_assert_true (crapette_game_get_hidden_deals (game));
  crapette_game_deal (game, CRAPETTE_VARIANT_AMERICAN, &rules, 77, 0);
  g_signal_connect (game, "card-revealed", G_CALLBACK (count_revealed_cb), &revealed);
  n = crapette_round_find_unshown (crapette_game_get_round (game), unshown);
  g_assert_cmpuint (n, >, 0);
  crapette_view_get_legal_moves (crapette_game_get_view (game), &n_moves);
  g_assert_cmpuint (n_moves, ==, 0);

  /* The open deal of the same number says which card lies at each place. */
  crapette_position_deal (&open, CRAPETTE_VARIANT_AMERICAN, &rules, 77, 0);
  crapette_position_shuffle (CRAPETTE_VARIANT_AMERICAN, &rules, 77, 0, deck);
  /* A card already on the table, or none of the game's, is refused. */
  g_assert_false (crapette_game_reveal_card (game, unshown[0], CRAPETTE_MAX_CARDS, &error));
  g_assert_nonnull (error);
  g_clear_error (&error);
  for (gsize i = 0; i < n; i++)
    {
      g_assert_true (crapette_game_reveal_card (game, unshown[i],
                                                deck[crapette_card_hidden_index (unshown[i])],
                                                &error));
      g_assert_no_error (error);
    }
  g_assert_cmpuint (revealed, ==, n);
  g_assert_cmpuint (crapette_round_find_unshown (crapette_game_get_round (game), NULL), ==, 0);
  crapette_view_get_legal_moves (crapette_game_get_view (game), &n_moves);
  g_assert_cmpuint (n_moves, >, 0);
  g_assert_true (crapette_game_show_deal (game, deck, &error));
  g_assert_no_error (error);
  g_assert_true (crapette_position_equal (crapette_round_get_position (crapette_game_get_round (game)),
                                          &open));

  crapette_game_set_hidden_deals (game, FALSE);
  crapette_game_deal (game, CRAPETTE_VARIANT_AMERICAN, &rules, 77, 0);
  g_assert_cmpuint (crapette_round_find_unshown (crapette_game_get_round (game), NULL), ==, 0);
}

static void
test_round_finished_is_emitted_once (void)
{
  Counts counts = { 0 };
  CrapetteGame *game = new_watched_game (&counts);
  CrapettePosition start;
  g_autoptr(CrapetteRound) round = NULL;
  g_autoptr(GError) error = NULL;
  CrapetteMove last_card = { CRAPETTE_MOVE_CARD, 0, 0, CRAPETTE_CARD_NONE };
  /* South has one card left, the Ace of hearts on the reserve. */
  const char *text =
    "Crapette position\n"
    "Variant: russian\n"
    "To move: south\n"
    "\n"
    "SR: A♥\n"
    "NR: 5♣*\n"
    "Rest: ND NW\n";

  g_assert_true (crapette_notation_parse_position (text, -1, &start, &error));
  g_assert_no_error (error);
  round = crapette_round_new_from_position (&start, FALSE);
  crapette_game_load_round (game, round);

  last_card.from = crapette_pile_of_seat (CRAPETTE_PILE_KIND_RESERVE, CRAPETTE_SOUTH);
  last_card.to = crapette_pile_foundation (0);
  g_assert_true (crapette_game_play (game, &last_card, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (counts.round_finished, ==, 1);
  g_assert_cmpuint (counts.notify_phase, ==, 1);
  g_assert_cmpint (counts.last_result.outcome, ==, CRAPETTE_OUTCOME_WON);
  g_assert_cmpuint (counts.last_result.winner, ==, CRAPETTE_SOUTH);
  g_assert_cmpuint (crapette_game_get_phase (game), ==, CRAPETTE_OUTCOME_WON);

  g_assert_finalize_object (game);
}

static void
test_find_and_describe (void)
{
  g_autoptr(CrapetteGame) game = crapette_game_new ();
  CrapetteRules rules;
  CrapetteMove move;
  gsize n_moves;
  const CrapetteMove *moves;

  crapette_rules_init_default (&rules);
  crapette_game_deal (game, CRAPETTE_VARIANT_RUSSIAN, &rules, 3, 0);
  moves = crapette_game_get_legal_moves (game, &n_moves);
  g_assert_cmpuint (n_moves, >, 0);

  for (gsize i = 0; i < n_moves; i++)
    {
      g_autofree char *description = crapette_game_describe_move (game, &moves[i]);

      g_assert_nonnull (description);
      g_assert_true (g_str_has_prefix (description,
                                       crapette_game_get_current_player (game) == CRAPETTE_SOUTH
                                       ? "South " : "North "));
      if (moves[i].kind == CRAPETTE_MOVE_CARD)
        {
          g_assert_true (crapette_game_find_move (game, moves[i].from, moves[i].to, &move));
          g_assert_cmpuint (move.card, ==, moves[i].card);
        }
    }
  g_assert_false (crapette_game_find_move (game, crapette_pile_foundation (0),
                                           crapette_pile_foundation (1), &move));
}

static void
on_move_undone_cb (CrapetteGame       *game,
                   const CrapetteMove *move,
                   CrapetteMove       *undone)
{
  /* The view shows the card back where it came from. */
  g_assert_cmpuint (crapette_view_get_top (crapette_game_get_view (game), move->from), ==,
                    move->card);
  *undone = *move;
}

static void
on_notify_count_cb (GObject    *object,
                    GParamSpec *pspec,
                    guint      *count)
{
  (*count)++;
}

static void
test_undo_and_redo (void)
{
  g_autoptr(CrapetteGame) game = crapette_game_new ();
  g_autoptr(CrapetteRound) round = NULL;
  CrapettePosition start;
  CrapetteMove move, undone = { 0 };
  Counts counts = { 0 };
  guint notify_can_undo = 0, notify_can_redo = 0;
  g_autoptr(GError) error = NULL;

  /* A red seven that may go from one black eight to the other. */
  g_assert_true (crapette_notation_parse_position ("Crapette position\n"
                                                   "Variant: russian\n"
                                                   "To move: south\n"
                                                   "SR: 3♦\n"
                                                   "NR: 3♣*\n"
                                                   "H1: 8♠ 7♥\n"
                                                   "H2: 8♣*\n"
                                                   "Rest: SD ND\n", -1, &start, &error));
  g_assert_no_error (error);
  round = crapette_round_new_from_position (&start, FALSE);
  crapette_game_load_round (game, round);
  g_signal_connect (game, "move-applied", G_CALLBACK (on_move_applied_cb), &counts);
  g_signal_connect (game, "move-undone", G_CALLBACK (on_move_undone_cb), &undone);
  g_signal_connect (game, "notify::can-undo", G_CALLBACK (on_notify_count_cb), &notify_can_undo);
  g_signal_connect (game, "notify::can-redo", G_CALLBACK (on_notify_count_cb), &notify_can_redo);

  g_assert_false (crapette_game_can_undo (game));
  g_assert_false (crapette_game_undo (game));

  g_assert_true (crapette_game_find_move (game, crapette_pile_house (0), crapette_pile_house (1),
                                          &move));
  g_assert_true (crapette_game_play (game, &move, &error));
  g_assert_true (crapette_game_can_undo (game));
  g_assert_cmpuint (notify_can_undo, ==, 1);

  /* Taken back: the signal names the move with its card, the view is the start's. */
  g_assert_true (crapette_game_undo (game));
  g_assert_cmpuint (undone.card, ==, counts.last_move.card);
  g_assert_cmpuint (undone.from, ==, crapette_pile_house (0));
  g_assert_true (crapette_position_equal (crapette_round_get_position (crapette_game_get_round (game)),
                                          &start));
  g_assert_false (crapette_game_can_undo (game));
  g_assert_true (crapette_game_can_redo (game));
  g_assert_cmpuint (notify_can_undo, ==, 2);
  g_assert_cmpuint (notify_can_redo, ==, 1);

  /* Played again: a move like any other. */
  g_assert_true (crapette_game_redo (game));
  g_assert_cmpuint (counts.move_applied, ==, 2);
  g_assert_cmpuint (crapette_round_get_n_moves (crapette_game_get_round (game)), ==, 1);
  g_assert_false (crapette_game_can_redo (game));
  g_assert_false (crapette_game_redo (game));
  g_assert_cmpuint (notify_can_redo, ==, 2);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/game/view-hides-face-down-cards", test_view_hides_face_down_cards);
  g_test_add_func ("/game/signals-follow-moves", test_signals_follow_moves);
  g_test_add_func ("/game/refused-move", test_refused_move_says_why_and_emits_nothing);
  g_test_add_func ("/game/round-finished", test_round_finished_is_emitted_once);
  g_test_add_func ("/game/hidden-deals", test_hidden_deals);
  g_test_add_func ("/game/find-and-describe", test_find_and_describe);
  g_test_add_func ("/game/undo-and-redo", test_undo_and_redo);

  return g_test_run ();
}
