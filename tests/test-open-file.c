/* test-open-file.c: a saved game opened as a file, as the file manager and `crapette FILE` do
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The application is registered on a session bus of its own, as it is for a player, and is
 * given files through GApplication's "open", the path both a double-click in the file
 * manager and a file named on the command line take.
 */

#define G_LOG_DOMAIN "crapette-test"

#include "config.h"

#include <glib/gstdio.h>

#include "crapette-application.h"
#include "crapette-savegame.h"
#include "ui-test-helpers.h"

static char *data_home;

static void
remove_saves (void)
{
  ui_test_remove_saves (data_home);
}

/* Plays a few moves of @variant in a window of its own and saves the match to @path, as Save
 * As does; stores the round's position in @position and its move count in @n_moves. */
static void
save_a_game (CrapetteVariant   variant,
             const char       *path,
             CrapettePosition *position,
             guint            *n_moves)
{
  CrapetteWindow *window = crapette_window_new (NULL);
  CrapetteGame *game = crapette_window_get_game (window);
  g_autoptr(GError) error = NULL;

  crapette_window_new_game (window, variant, 31);
  for (guint i = 0; i < 12 && crapette_game_get_phase (game) == CRAPETTE_OUTCOME_PLAYING; i++)
    {
      gsize n_legal;
      const CrapetteMove *legal = crapette_game_get_legal_moves (game, &n_legal);

      g_assert_cmpuint (n_legal, >, 0);
      g_assert_true (crapette_game_play (game, &legal[i % n_legal], &error));
    }
  *position = *crapette_round_get_position (crapette_game_get_round (game));
  *n_moves = crapette_round_get_n_moves (crapette_game_get_round (game));
  g_assert_true (crapette_save_record (crapette_window_get_match (window), path, &error));
  g_assert_no_error (error);
  gtk_window_destroy (GTK_WINDOW (window));
}

static CrapetteWindow *
only_window (GtkApplication *application)
{
  GList *windows = gtk_application_get_windows (application);

  g_assert_nonnull (windows);
  g_assert_null (windows->next);
  g_assert_true (CRAPETTE_IS_WINDOW (windows->data));
  return windows->data;
}

static void
close_windows (GtkApplication *application)
{
  GList *windows;

  while ((windows = gtk_application_get_windows (application)) != NULL)
    gtk_window_destroy (windows->data);
  ui_test_drain ();
}

static void
test_open_saved_games (void)
{
  g_autoptr(CrapetteApplication) application = crapette_application_new ();
  g_autoptr(GError) error = NULL;
  g_autofree char *folder = g_dir_make_tmp ("crapette-open-XXXXXX", &error);
  g_autofree char *russian_path = g_build_filename (folder, "Russian Bank 2026-12-01.crapette", NULL);
  g_autofree char *american_path = g_build_filename (folder, "American Bank.crapette", NULL);
  g_autofree char *bad_path = g_build_filename (folder, "notes.crapette", NULL);
  g_autoptr(GFile) russian = g_file_new_for_path (russian_path);
  g_autoptr(GFile) american = g_file_new_for_path (american_path);
  g_autoptr(GFile) bad = g_file_new_for_path (bad_path);
  CrapettePosition saved;
  guint saved_moves;
  CrapetteWindow *window;
  CrapetteGame *game;
  const char *toast;

  g_assert_no_error (error);
  g_assert_true (g_application_register (G_APPLICATION (application), NULL, &error));
  g_assert_no_error (error);
  g_assert_true (g_application_get_flags (G_APPLICATION (application)) & G_APPLICATION_HANDLES_OPEN);

  /* No window yet, on the first launch: opening a file makes one, playing the file's game,
   * with no welcome offering another. */
  save_a_game (CRAPETTE_VARIANT_RUSSIAN, russian_path, &saved, &saved_moves);
  g_application_open (G_APPLICATION (application), &russian, 1, "");
  window = only_window (GTK_APPLICATION (application));
  game = crapette_window_get_game (window);
  g_assert_cmpint (crapette_game_get_variant (game), ==, CRAPETTE_VARIANT_RUSSIAN);
  g_assert_cmpuint (crapette_round_get_n_moves (crapette_game_get_round (game)), ==, saved_moves);
  g_assert_true (crapette_position_equal (crapette_round_get_position (crapette_game_get_round (game)),
                                          &saved));

  /* A window already open plays the next file given. */
  save_a_game (CRAPETTE_VARIANT_AMERICAN, american_path, &saved, &saved_moves);
  g_application_open (G_APPLICATION (application), &american, 1, "");
  g_assert_true (only_window (GTK_APPLICATION (application)) == window);
  g_assert_cmpint (crapette_game_get_variant (game), ==, CRAPETTE_VARIANT_AMERICAN);
  g_assert_true (crapette_position_equal (crapette_round_get_position (crapette_game_get_round (game)),
                                          &saved));

  /* A file that is not a game is refused with the notation's reason, and the game in play
   * stays as it was. */
  g_assert_true (g_file_set_contents (bad_path, "Crapette match\nVariant: poker\n", -1, &error));
  g_application_open (G_APPLICATION (application), &bad, 1, "");
  toast = crapette_window_get_toast_message (window);
  g_assert_nonnull (toast);
  g_assert_nonnull (strstr (toast, "notes.crapette"));
  g_assert_nonnull (strstr (toast, "Line 2: The game is “russian” or “american”"));
  g_assert_true (crapette_position_equal (crapette_round_get_position (crapette_game_get_round (game)),
                                          &saved));

  close_windows (GTK_APPLICATION (application));
  g_unlink (russian_path);
  g_unlink (american_path);
  g_unlink (bad_path);
  g_rmdir (folder);
}

int
main (int   argc,
      char *argv[])
{
  GTestDBus *bus;
  g_autofree char *display = g_strdup (g_getenv ("DISPLAY"));
  int status;

  /* The saved game of the player running the tests is never touched. */
  g_autoptr(GError) error = NULL;

  g_test_init (&argc, &argv, NULL);
  /* Before anything asks GLib where the user's data lives: a folder of the test's own. */
  data_home = g_dir_make_tmp ("crapette-test-XXXXXX", &error);
  g_assert_no_error (error);
  g_setenv ("XDG_DATA_HOME", data_home, TRUE);

  /* A session bus of its own, so that the application registers as it does for a player.
   * GTestDBus unsets DISPLAY; the windows still need it. That bus has no accessibility
   * service, which GTK would otherwise warn about. */
  bus = g_test_dbus_new (G_TEST_DBUS_NONE);
  g_test_dbus_up (bus);
  if (display != NULL)
    g_setenv ("DISPLAY", display, TRUE);
  g_setenv ("GTK_A11Y", "none", TRUE);
  gtk_init ();
  adw_init ();

  g_test_add_func ("/open-file/saved-games", test_open_saved_games);
  status = g_test_run ();

  /* Stopped, and not freed: GTK keeps its connection to the bus to the end of the program. */
  g_test_dbus_stop (bus);
  remove_saves ();
  g_rmdir (data_home);
  g_free (data_home);
  return status;
}
