/* test-history.c: the move history lists the round's moves, follows undo and new deals
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "crapette-test"

#include "config.h"

#include "crapette-description.h"
#include "crapette-history-panel.h"
#include "crapette-view.h"
#include "ui-test-helpers.h"

static CrapetteHistoryPanel *
find_panel (GtkWidget *widget)
{
  if (CRAPETTE_IS_HISTORY_PANEL (widget))
    return CRAPETTE_HISTORY_PANEL (widget);
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      CrapetteHistoryPanel *found = find_panel (child);

      if (found != NULL)
        return found;
    }
  return NULL;
}

/* The header button that shows the history. */
static GtkWidget *
find_toggle (GtkWidget *widget)
{
  if (GTK_IS_TOGGLE_BUTTON (widget) &&
      g_strcmp0 (gtk_button_get_icon_name (GTK_BUTTON (widget)), "view-list-symbolic") == 0)
    return widget;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_toggle (child);

      if (found != NULL)
        return found;
    }
  return NULL;
}

/* Every move of the round is listed, in order, in the engine's words. */
static void
assert_lists_round (CrapetteHistoryPanel *panel,
                    CrapetteGame         *game)
{
  const CrapetteRound *round = crapette_game_get_round (game);
  CrapettePosition position = *crapette_round_get_start (round);

  g_assert_cmpuint (crapette_history_panel_get_n_moves (panel), ==,
                    crapette_round_get_n_moves (round));
  for (guint i = 0; i < crapette_round_get_n_moves (round); i++)
    {
      const CrapetteMove *move = crapette_round_get_move (round, i);
      CrapettePosition view;
      g_autofree char *words = NULL;

      crapette_view_init (&view, &position);
      words = crapette_describe_move (&view, move);
      g_assert_cmpstr (crapette_history_panel_get_move_text (panel, i), ==, words);
      crapette_position_apply_move (&position, move);
    }
}

static void
test_history (gconstpointer data)
{
  CrapetteVariant variant = GPOINTER_TO_UINT (data);
  g_autoptr(GSettings) settings = g_settings_new (SETTINGS_SCHEMA_ID);
  CrapetteWindow *window = crapette_window_new (NULL);
  CrapetteGame *game = crapette_window_get_game (window);
  CrapetteHistoryPanel *panel = find_panel (GTK_WIDGET (window));
  GtkWidget *toggle, *revealer;
  g_autoptr(GError) error = NULL;

  g_assert_nonnull (panel);
  g_settings_reset (settings, "show-history");
  crapette_window_new_game (window, variant, 8);
  ui_test_show_window (window, 1280, 800);
  g_assert_cmpuint (crapette_history_panel_get_n_moves (panel), ==, 0);

  /* Hidden at first; the header button shows it. */
  revealer = gtk_widget_get_ancestor (GTK_WIDGET (panel), GTK_TYPE_REVEALER);
  g_assert_nonnull (revealer);
  g_assert_false (gtk_revealer_get_reveal_child (GTK_REVEALER (revealer)));
  toggle = find_toggle (GTK_WIDGET (window));
  g_assert_nonnull (toggle);
  gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (toggle), TRUE);
  g_assert_true (gtk_revealer_get_reveal_child (GTK_REVEALER (revealer)));
  /* Remembered for the next start. */
  g_assert_true (g_settings_get_boolean (settings, "show-history"));

  /* A scripted stretch of the round, both players: every move listed in order. */
  for (guint i = 0; i < 60 && crapette_game_get_phase (game) == CRAPETTE_OUTCOME_PLAYING; i++)
    {
      gsize n_legal;
      const CrapetteMove *legal = crapette_game_get_legal_moves (game, &n_legal);

      g_assert_true (crapette_game_play (game, &legal[(i * 7) % n_legal], &error));
      g_assert_no_error (error);
    }
  assert_lists_round (panel, game);

  /* A new deal starts the list again. */
  crapette_window_new_game (window, variant, 9);
  g_assert_cmpuint (crapette_history_panel_get_n_moves (panel), ==, 0);

  /* A move taken back leaves the list; played again, it comes back. Moves are played
   * until one that may be taken back (one that shows no new card) comes up. */
  for (guint i = 0; i < 200 && !crapette_game_can_undo (game); i++)
    {
      gsize n_legal;
      const CrapetteMove *legal = crapette_game_get_legal_moves (game, &n_legal);
      CrapetteMove quiet;

      g_assert_cmpint (crapette_game_get_phase (game), ==, CRAPETTE_OUTCOME_PLAYING);
      if (ui_test_find_card_move (game, CRAPETTE_PILE_KIND_HOUSE, CRAPETTE_N_PILE_KINDS, &quiet))
        g_assert_true (crapette_game_play (game, &quiet, &error));
      else
        g_assert_true (crapette_game_play (game, &legal[0], &error));
    }
  {
    guint listed = crapette_history_panel_get_n_moves (panel);

    g_assert_true (crapette_game_undo (game));
    g_assert_cmpuint (crapette_history_panel_get_n_moves (panel), ==, listed - 1);
    assert_lists_round (panel, game);
    g_assert_true (crapette_game_redo (game));
    assert_lists_round (panel, game);
  }

  gtk_window_destroy (GTK_WINDOW (window));
  ui_test_drain ();
}

int
main (int   argc,
      char *argv[])
{
  ui_test_init (&argc, &argv);

  g_test_add_data_func ("/history/russian", GUINT_TO_POINTER (CRAPETTE_VARIANT_RUSSIAN),
                        test_history);
  g_test_add_data_func ("/history/american", GUINT_TO_POINTER (CRAPETTE_VARIANT_AMERICAN),
                        test_history);
  return g_test_run ();
}
