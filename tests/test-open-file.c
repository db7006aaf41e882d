/* test-open-file.c: a saved game opened as a file, as the file manager and `crapette FILE` do
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The application is registered on a session bus of its own, as it is for a player, and is
 * given files through GApplication's "open", the path both a double-click in the file
 * manager and a file named on the command line take.
 */

#define G_LOG_DOMAIN "crapette-test"
/* symlink() and mkfifo(), which strict C11 leaves out. */
#define _DEFAULT_SOURCE

#include "config.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <gio/gunixsocketaddress.h>
#include <glib/gstdio.h>

#include "crapette-application.h"
#include "crapette-savegame.h"
#include "folder-test-helpers.h"
#include "ui-test-helpers.h"

static char *data_home;
/* One application for every test, registered once on the test's bus as it is for a player. */
static CrapetteApplication *the_application;

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

/* Spins the main loop until @window has read every file it was given; fails, rather than
 * hangs, if that takes more than a few seconds (a pipe waited on would). */
static gboolean
on_wait_timeout_cb (gpointer data)
{
  gboolean *timed_out = data;

  *timed_out = TRUE;
  return G_SOURCE_REMOVE;
}

static void
wait_for_files (CrapetteWindow *window)
{
  gboolean timed_out = FALSE;
  guint timeout = g_timeout_add_seconds (5, on_wait_timeout_cb, &timed_out);

  while (crapette_window_is_opening_files (window) && !timed_out)
    g_main_context_iteration (NULL, TRUE);
  g_assert_false (timed_out);
  g_source_remove (timeout);
  ui_test_drain ();
}

/* Opens @files in @application, as `crapette FILE…` does, and waits until they are read. */
static CrapetteWindow *
open_and_wait (CrapetteApplication  *application,
               GFile               **files,
               int                   n_files)
{
  CrapetteWindow *window;

  g_application_open (G_APPLICATION (application), files, n_files, "");
  window = only_window (GTK_APPLICATION (application));
  wait_for_files (window);
  return window;
}

static void
test_open_saved_games (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *folder = folder_test_new ("crapette-open-XXXXXX");
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

  g_assert_true (g_application_get_flags (G_APPLICATION (the_application)) & G_APPLICATION_HANDLES_OPEN);

  /* No window yet, on the first launch: opening a file makes one, playing the file's game,
   * with no welcome offering another. */
  save_a_game (CRAPETTE_VARIANT_RUSSIAN, russian_path, &saved, &saved_moves);
  window = open_and_wait (the_application, &russian, 1);
  game = crapette_window_get_game (window);
  g_assert_cmpint (crapette_game_get_variant (game), ==, CRAPETTE_VARIANT_RUSSIAN);
  g_assert_cmpuint (crapette_round_get_n_moves (crapette_game_get_round (game)), ==, saved_moves);
  g_assert_true (crapette_position_equal (crapette_round_get_position (crapette_game_get_round (game)),
                                          &saved));

  /* A window already open plays the next file given. */
  save_a_game (CRAPETTE_VARIANT_AMERICAN, american_path, &saved, &saved_moves);
  g_assert_true (open_and_wait (the_application, &american, 1) == window);
  g_assert_cmpint (crapette_game_get_variant (game), ==, CRAPETTE_VARIANT_AMERICAN);
  g_assert_true (crapette_position_equal (crapette_round_get_position (crapette_game_get_round (game)),
                                          &saved));

  /* A file that is not a game is refused with the notation's reason, and the game in play
   * stays as it was. */
  g_assert_true (g_file_set_contents (bad_path, "Crapette match\nVariant: poker\n", -1, &error));
  open_and_wait (the_application, &bad, 1);
  toast = crapette_window_get_toast_message (window);
  g_assert_nonnull (toast);
  g_assert_nonnull (strstr (toast, "notes.crapette"));
  g_assert_nonnull (strstr (toast, "Line 2: The game is “russian” or “american”"));
  g_assert_true (crapette_position_equal (crapette_round_get_position (crapette_game_get_round (game)),
                                          &saved));

  close_windows (GTK_APPLICATION (the_application));
}

/* Things that are not game files, each with the words that refuse it. The pipe has no writer,
 * so a reader that opened it would wait for ever; the test would then time out. */
typedef struct
{
  const char *name;
  const char *reason;
} NotAFile;

static const NotAFile not_files[] = {
  { "pipe.crapette", "It is a pipe, not a file" },
  { "link-to-pipe.crapette", "It is a pipe, not a file" },
  { "zero.crapette", "It is a device, not a file" },
  { "null.crapette", "It is a device, not a file" },
  { "socket.crapette", "It is a socket, not a file" },
  { "folder.crapette", "It is a folder, not a file" },
  { "huge.crapette", "The file is far larger than any game record" },
  { "dangling.crapette", "It is a link that leads nowhere" },
  { "missing.crapette", "There is no such file" },
};

/* Makes each of not_files[] in @folder; the socket is listened on by the returned object. */
static GSocket *
make_not_files (const char *folder)
{
  g_autofree char *pipe_path = g_build_filename (folder, "pipe.crapette", NULL);
  g_autofree char *pipe_link = g_build_filename (folder, "link-to-pipe.crapette", NULL);
  g_autofree char *zero = g_build_filename (folder, "zero.crapette", NULL);
  g_autofree char *null = g_build_filename (folder, "null.crapette", NULL);
  g_autofree char *socket_path = g_build_filename (folder, "socket.crapette", NULL);
  g_autofree char *sub = g_build_filename (folder, "folder.crapette", NULL);
  g_autofree char *huge = g_build_filename (folder, "huge.crapette", NULL);
  g_autofree char *dangling = g_build_filename (folder, "dangling.crapette", NULL);
  g_autoptr(GSocketAddress) address = g_unix_socket_address_new (socket_path);
  g_autoptr(GError) error = NULL;
  GSocket *socket;
  int fd;

  g_assert_cmpint (mkfifo (pipe_path, 0600), ==, 0);
  g_assert_cmpint (symlink (pipe_path, pipe_link), ==, 0);
  g_assert_cmpint (symlink ("/dev/zero", zero), ==, 0);
  g_assert_cmpint (symlink ("/dev/null", null), ==, 0);
  g_assert_cmpint (g_mkdir (sub, 0700), ==, 0);
  /* Sparse: 64 MB that take no room on the disk. */
  fd = g_open (huge, O_WRONLY | O_CREAT, 0600);
  g_assert_cmpint (fd, >=, 0);
  g_assert_cmpint (ftruncate (fd, 64 * 1024 * 1024), ==, 0);
  close (fd);
  g_assert_cmpint (symlink ("/nowhere/at/all.crapette", dangling), ==, 0);
  socket = g_socket_new (G_SOCKET_FAMILY_UNIX, G_SOCKET_TYPE_STREAM, G_SOCKET_PROTOCOL_DEFAULT,
                         &error);
  g_assert_no_error (error);
  g_assert_true (g_socket_bind (socket, address, TRUE, &error));
  g_assert_no_error (error);
  g_assert_true (g_socket_listen (socket, &error));
  return socket;
}

/* The toast names @name and says @reason. */
static void
assert_refused (CrapetteWindow *window,
                const char     *name,
                const char     *reason)
{
  const char *toast = crapette_window_get_toast_message (window);

  g_test_message ("%s: %s", name, toast);
  g_assert_nonnull (toast);
  g_assert_nonnull (strstr (toast, name));
  g_assert_nonnull (strstr (toast, reason));
}

/* A pipe, a device, a socket, a folder, a huge file or a dangling link is refused at once, with
 * its own words, both at start-up (no window yet) and sent to a copy playing a game, whose game
 * stays as it was and whose main loop never waits for the file. */
static void
test_not_files (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *folder = folder_test_new ("crapette-not-files-XXXXXX");
  g_autofree char *game_path = NULL;
  g_autoptr(GFile) game_file = NULL;
  g_autoptr(GSocket) socket = NULL;
  CrapettePosition saved;
  guint saved_moves;
  CrapetteWindow *window;

  socket = make_not_files (folder);

  /* At start-up: the window that comes says why, and plays on as it would have. */
  for (guint i = 0; i < G_N_ELEMENTS (not_files); i++)
    {
      g_autofree char *path = g_build_filename (folder, not_files[i].name, NULL);
      g_autoptr(GFile) file = g_file_new_for_path (path);

      close_windows (GTK_APPLICATION (the_application));
      window = open_and_wait (the_application, &file, 1);
      assert_refused (window, not_files[i].name, not_files[i].reason);
    }
  close_windows (GTK_APPLICATION (the_application));

  /* Sent to a copy in play: refused, and the game on the table is the one that was there. */
  game_path = g_build_filename (folder, "game.crapette", NULL);
  game_file = g_file_new_for_path (game_path);
  save_a_game (CRAPETTE_VARIANT_RUSSIAN, game_path, &saved, &saved_moves);
  window = open_and_wait (the_application, &game_file, 1);
  for (guint i = 0; i < G_N_ELEMENTS (not_files); i++)
    {
      g_autofree char *path = g_build_filename (folder, not_files[i].name, NULL);
      g_autoptr(GFile) file = g_file_new_for_path (path);
      CrapetteGame *game = crapette_window_get_game (window);

      g_assert_true (open_and_wait (the_application, &file, 1) == window);
      assert_refused (window, not_files[i].name, not_files[i].reason);
      g_assert_cmpuint (crapette_round_get_n_moves (crapette_game_get_round (game)), ==,
                        saved_moves);
      g_assert_true (crapette_position_equal (
        crapette_round_get_position (crapette_game_get_round (game)), &saved));
    }

  close_windows (GTK_APPLICATION (the_application));
  g_socket_close (socket, NULL);
}

/* Of several files, the first that holds a game is opened and each other one is named with
 * why it was not: none is dropped without a word. */
static void
test_several_files (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *folder = folder_test_new ("crapette-several-XXXXXX");
  g_autofree char *bad_path = g_build_filename (folder, "bad.crapette", NULL);
  g_autofree char *good_path = g_build_filename (folder, "good.crapette", NULL);
  g_autofree char *other_path = g_build_filename (folder, "other.crapette", NULL);
  g_autofree char *pipe_path = g_build_filename (folder, "pipe.crapette", NULL);
  GFile *bad_first[4];
  GFile *good_first[2];
  CrapettePosition good, other;
  guint good_moves, other_moves;
  CrapetteWindow *window;
  CrapetteGame *game;
  const char *toast;

  save_a_game (CRAPETTE_VARIANT_RUSSIAN, good_path, &good, &good_moves);
  save_a_game (CRAPETTE_VARIANT_AMERICAN, other_path, &other, &other_moves);
  g_assert_true (g_file_set_contents (bad_path, "Crapette match\nVariant: poker\n", -1, &error));
  g_assert_cmpint (mkfifo (pipe_path, 0600), ==, 0);
  bad_first[0] = g_file_new_for_path (bad_path);
  bad_first[1] = g_file_new_for_path (good_path);
  bad_first[2] = g_file_new_for_path (other_path);
  bad_first[3] = g_file_new_for_path (pipe_path);

  /* `crapette bad good other pipe`: good is played; bad says why, other and pipe are named. */
  window = open_and_wait (the_application, bad_first, G_N_ELEMENTS (bad_first));
  game = crapette_window_get_game (window);
  g_assert_cmpint (crapette_game_get_variant (game), ==, CRAPETTE_VARIANT_RUSSIAN);
  g_assert_true (crapette_position_equal (
    crapette_round_get_position (crapette_game_get_round (game)), &good));
  toast = crapette_window_get_toast_message (window);
  g_test_message ("%s", toast);
  g_assert_nonnull (strstr (toast, "“bad.crapette” could not be opened: Line 2:"));
  g_assert_nonnull (strstr (toast, "“other.crapette” was not opened: one game is played at a "
                                   "time, and “good.crapette” was opened"));
  g_assert_nonnull (strstr (toast, "“pipe.crapette” was not opened"));

  /* `crapette other bad`, sent to the running copy: other is played, bad is named. */
  good_first[0] = g_object_ref (bad_first[2]);
  good_first[1] = g_object_ref (bad_first[0]);
  g_assert_true (open_and_wait (the_application, good_first, G_N_ELEMENTS (good_first)) == window);
  g_assert_cmpint (crapette_game_get_variant (game), ==, CRAPETTE_VARIANT_AMERICAN);
  toast = crapette_window_get_toast_message (window);
  g_test_message ("%s", toast);
  g_assert_nonnull (strstr (toast, "“bad.crapette” was not opened"));
  g_assert_nonnull (strstr (toast, "“other.crapette” was opened"));

  close_windows (GTK_APPLICATION (the_application));
  for (guint i = 0; i < G_N_ELEMENTS (bad_first); i++)
    g_object_unref (bad_first[i]);
  for (guint i = 0; i < G_N_ELEMENTS (good_first); i++)
    g_object_unref (good_first[i]);
}

/* The very first start, no save yet, given a file that is refused: the newcomer still gets
 * what a first start shows (the welcome over a bare table, to choose a game), and the message
 * that says why the file was not opened. */
static void
test_refused_at_first_start (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GSettings) settings = g_settings_new (SETTINGS_SCHEMA_ID);
  g_autofree char *folder = folder_test_new ("crapette-first-XXXXXX");
  g_autofree char *bad_path = g_build_filename (folder, "notes.crapette", NULL);
  g_autoptr(GFile) bad = g_file_new_for_path (bad_path);
  CrapetteWindow *window;
  const char *toast;

  close_windows (GTK_APPLICATION (the_application));
  remove_saves ();
  g_settings_reset (settings, "welcome-shown");
  g_assert_true (g_file_set_contents (bad_path, "Crapette match\nVariant: poker\n", -1, &error));

  window = open_and_wait (the_application, &bad, 1);
  toast = crapette_window_get_toast_message (window);
  g_assert_nonnull (toast);
  g_assert_nonnull (strstr (toast, "notes.crapette"));
  g_assert_nonnull (strstr (toast, "Line 2: The game is “russian” or “american”"));
  g_assert_nonnull (crapette_window_get_welcome (window));
  g_assert_true (gtk_widget_get_mapped (GTK_WIDGET (crapette_window_get_welcome (window))));
  g_assert_true (g_settings_get_boolean (settings, "welcome-shown"));
  ui_test_save_picture (GTK_WIDGET (window), "open-refused-first-start");

  /* Closed, the welcome deals the game of the settings, as on any first start. */
  gtk_window_close (crapette_window_get_welcome (window));
  ui_test_drain ();
  g_assert_null (crapette_window_get_welcome (window));
  g_assert_nonnull (crapette_window_get_match (window));
  g_assert_true (crapette_match_is_round_in_play (crapette_window_get_match (window)));
  close_windows (GTK_APPLICATION (the_application));
  remove_saves ();
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
  data_home = folder_test_new_for_program ("crapette-test-XXXXXX");
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

  the_application = crapette_application_new ();
  g_assert_true (g_application_register (G_APPLICATION (the_application), NULL, &error));
  g_assert_no_error (error);

  g_test_add_func ("/open-file/saved-games", test_open_saved_games);
  g_test_add_func ("/open-file/not-files", test_not_files);
  g_test_add_func ("/open-file/several-files", test_several_files);
  g_test_add_func ("/open-file/refused-at-first-start", test_refused_at_first_start);
  status = g_test_run ();

  /* Stopped, and not freed: GTK keeps its connection to the bus to the end of the program. */
  g_test_dbus_stop (bus);
  g_free (data_home);
  return status;
}
