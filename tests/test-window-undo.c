/* test-window-undo.c: Undo and Redo through the window's actions and header buttons
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "crapette-test"

#include "config.h"

#include "ui-test-helpers.h"

/* Plays @move by clicking its pile, then its target. */
static void
play_by_clicks (CrapetteTable      *table,
                const CrapetteMove *move)
{
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (table), "table.click-pile", "u",
                                             (guint32) move->from));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (table), "table.click-pile", "u",
                                             (guint32) move->to));
  crapette_table_finish_animations (table);
}

typedef struct
{
  CrapetteWindow *window;
  GtkWidget *undo_button;
} Player;

/* Plays @move as a person would: a turn with the window's action, a card by clicks. */
static void
play_as_a_person (const CrapetteMove *move,
                  gpointer            data)
{
  Player *player = data;
  CrapetteTable *table = crapette_window_get_table (player->window);

  if (move->kind == CRAPETTE_MOVE_TURN)
    {
      g_assert_true (gtk_widget_activate_action (GTK_WIDGET (player->window), "win.turn-card",
                                                 NULL));
      crapette_table_finish_animations (table);
      /* Turning itself cannot be taken back. */
      g_assert_false (gtk_widget_get_sensitive (player->undo_button));
    }
  else
    play_by_clicks (table, move);
}

static void
test_undo_and_redo (gconstpointer data)
{
  CrapetteVariant variant = GPOINTER_TO_UINT (data);
  CrapetteWindow *window = crapette_window_new (NULL);
  CrapetteTable *table = crapette_window_get_table (window);
  CrapetteGame *game = crapette_window_get_game (window);
  GtkWidget *undo_button, *redo_button;
  CrapettePosition before, after;
  CrapetteMove move;

  crapette_window_new_game (window, variant, 42);
  ui_test_show_window (window, 1280, 800);
  undo_button = ui_test_find_action_button (GTK_WIDGET (window), "win.undo");
  redo_button = ui_test_find_action_button (GTK_WIDGET (window), "win.redo");
  g_assert_nonnull (undo_button);
  g_assert_nonnull (redo_button);

  /* Nothing has been played: nothing to take back. */
  g_assert_false (gtk_widget_get_sensitive (undo_button));
  g_assert_false (gtk_widget_get_sensitive (redo_button));

  /* Turn cards until a quiet move comes up. */
  {
    Player player = { window, undo_button };

    ui_test_find_move_to_take_back (game, play_as_a_person, &player, &move);
  }

  before = *crapette_round_get_position (crapette_game_get_round (game));
  play_by_clicks (table, &move);
  after = *crapette_round_get_position (crapette_game_get_round (game));
  g_assert_false (crapette_position_equal (&before, &after));
  g_assert_true (gtk_widget_get_sensitive (undo_button));
  g_assert_false (gtk_widget_get_sensitive (redo_button));

  /* Undo, as the button and Ctrl+Z do: the card is back, Redo is offered. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL));
  crapette_table_finish_animations (table);
  g_assert_true (crapette_position_equal (crapette_round_get_position (crapette_game_get_round (game)),
                                          &before));
  g_assert_true (gtk_widget_get_sensitive (redo_button));

  /* The table plays the position taken back to: the card can be picked up again
   * where it was, with its old target offered, and put back. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (table), "table.click-pile", "u",
                                             (guint32) move.from));
  g_assert_cmpuint (crapette_table_get_selected_pile (table), ==, move.from);
  g_assert_true (crapette_table_pile_is_target (table, move.to));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (table), "table.cancel", NULL));
  g_assert_cmpuint (crapette_table_get_selected_pile (table), ==, CRAPETTE_NO_PILE);

  /* Redo plays it again. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.redo", NULL));
  crapette_table_finish_animations (table);
  g_assert_true (crapette_position_equal (crapette_round_get_position (crapette_game_get_round (game)),
                                          &after));
  g_assert_false (gtk_widget_get_sensitive (redo_button));
  g_assert_true (gtk_widget_get_sensitive (undo_button));

  gtk_window_destroy (GTK_WINDOW (window));
  ui_test_drain ();
}

int
main (int   argc,
      char *argv[])
{
  ui_test_init (&argc, &argv);

  g_test_add_data_func ("/window-undo/russian", GUINT_TO_POINTER (CRAPETTE_VARIANT_RUSSIAN),
                        test_undo_and_redo);
  g_test_add_data_func ("/window-undo/american", GUINT_TO_POINTER (CRAPETTE_VARIANT_AMERICAN),
                        test_undo_and_redo);
  return g_test_run ();
}
