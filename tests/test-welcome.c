/* test-welcome.c: the welcome on first launch, once, and again from the menu
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "crapette-test"

#include "config.h"

#include <glib/gstdio.h>

#include "crapette-computer-turn.h"
#include "crapette-window-private.h"
#include "folder-test-helpers.h"
#include "ui-test-helpers.h"

static char *data_home;

static void
remove_saves (void)
{
  ui_test_remove_saves (data_home);
}

static GtkWidget *
welcome_row (GtkWindow  *welcome,
             const char *name)
{
  GtkWidget *row = g_object_get_data (G_OBJECT (welcome), name);

  g_assert_true (ADW_IS_COMBO_ROW (row));
  return row;
}

static void
test_first_launch (void)
{
  g_autoptr(GSettings) settings = g_settings_new (SETTINGS_SCHEMA_ID);
  CrapetteWindow *window = crapette_window_new (NULL);
  CrapetteWindow *again;
  GtkWindow *welcome;
  GtkWidget *start;

  remove_saves ();
  g_settings_reset (settings, "welcome-shown");
  g_settings_reset (settings, "opponent");
  g_settings_reset (settings, "variant");

  /* The first start: the welcome, over the window once it is on screen, and no computer
   * playing behind it. */
  crapette_window_resume (window);
  g_assert_null (crapette_window_get_welcome (window));
  ui_test_show_window (window, 1280, 800);
  welcome = crapette_window_get_welcome (window);
  g_assert_nonnull (welcome);
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (welcome)));
  g_assert_true (gtk_window_get_transient_for (welcome) == GTK_WINDOW (window));
  g_assert_true (g_settings_get_boolean (settings, "welcome-shown"));
  g_assert_true (crapette_computer_turn_get_seat (crapette_window_get_computer (window))
                 == CRAPETTE_NO_SEAT);
  /* Over a bare table: no dealt game behind it, no status lines telling of one. */
  g_assert_null (crapette_table_get_game (crapette_window_get_table (window)));
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (window->north_label)));
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (window->message_stack)));
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (window->window_title)));

  /* The choice starts that game, and is remembered for the next start. */
  adw_combo_row_set_selected (ADW_COMBO_ROW (welcome_row (welcome, "variant-row")),
                              CRAPETTE_VARIANT_AMERICAN);
  adw_combo_row_set_selected (ADW_COMBO_ROW (welcome_row (welcome, "opponent-row")),
                              CRAPETTE_OPPONENT_COMPUTER_EASY);
  start = g_object_get_data (G_OBJECT (welcome), "start-button");
  g_signal_emit_by_name (start, "clicked");
  ui_test_drain ();
  g_assert_null (crapette_window_get_welcome (window));
  g_assert_cmpint (crapette_game_get_variant (crapette_window_get_game (window)), ==,
                   CRAPETTE_VARIANT_AMERICAN);
  /* One game, on the table at last, and its status. */
  g_assert_true (crapette_table_get_game (crapette_window_get_table (window)) ==
                 crapette_window_get_game (window));
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (window->north_label)));
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (window->message_stack)));
  g_assert_cmpuint (crapette_match_get_round_number (crapette_window_get_match (window)), ==, 1);
  g_assert_cmpint (g_settings_get_enum (settings, "variant"), ==, CRAPETTE_VARIANT_AMERICAN);
  g_assert_cmpint (g_settings_get_enum (settings, "opponent"), ==, CRAPETTE_OPPONENT_COMPUTER_EASY);
  g_assert_true (crapette_computer_turn_get_seat (crapette_window_get_computer (window))
                 == CRAPETTE_NORTH);

  /* From the menu it comes back. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.welcome", NULL));
  g_assert_nonnull (crapette_window_get_welcome (window));
  gtk_window_destroy (GTK_WINDOW (window));
  ui_test_drain ();

  /* The next start has no welcome. */
  again = crapette_window_new (NULL);
  crapette_window_resume (again);
  g_assert_null (crapette_window_get_welcome (again));
  gtk_window_destroy (GTK_WINDOW (again));
  ui_test_drain ();
}

static void
test_closed_without_choice (void)
{
  g_autoptr(GSettings) settings = g_settings_new (SETTINGS_SCHEMA_ID);
  CrapetteWindow *window = crapette_window_new (NULL);
  GtkWindow *welcome;

  remove_saves ();
  g_settings_reset (settings, "welcome-shown");
  g_settings_set_enum (settings, "variant", CRAPETTE_VARIANT_AMERICAN);
  g_settings_set_enum (settings, "opponent", CRAPETTE_OPPONENT_COMPUTER_HARD);

  crapette_window_resume (window);
  ui_test_show_window (window, 1280, 800);
  welcome = crapette_window_get_welcome (window);
  g_assert_nonnull (welcome);

  /* Closed (Escape or its close button): the game the settings name is dealt. */
  gtk_window_close (welcome);
  ui_test_drain ();
  g_assert_null (crapette_window_get_welcome (window));
  g_assert_nonnull (crapette_table_get_game (crapette_window_get_table (window)));
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (window->north_label)));
  g_assert_cmpint (crapette_game_get_variant (crapette_window_get_game (window)), ==,
                   CRAPETTE_VARIANT_AMERICAN);
  g_assert_true (crapette_computer_turn_get_seat (crapette_window_get_computer (window))
                 == CRAPETTE_NORTH);

  gtk_window_destroy (GTK_WINDOW (window));
  ui_test_drain ();
}

int
main (int   argc,
      char *argv[])
{
  int status;

  g_test_init (&argc, &argv, NULL);
  /* No saved game of the person running the tests is read or written: before anything asks
   * GLib where the user's data lives, a folder of the test's own. */
  data_home = folder_test_new_for_program ("crapette-test-XXXXXX");
  g_setenv ("XDG_DATA_HOME", data_home, TRUE);
  if (g_getenv ("DBUS_SESSION_BUS_ADDRESS") == NULL)
    g_setenv ("GTK_A11Y", "none", TRUE);
  gtk_init ();
  adw_init ();

  g_test_add_func ("/welcome/first-launch", test_first_launch);
  g_test_add_func ("/welcome/closed-without-choice", test_closed_without_choice);
  status = g_test_run ();
  g_free (data_home);
  return status;
}
