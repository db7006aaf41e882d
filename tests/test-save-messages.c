/* test-save-messages.c: what the window says about the saved game reaches the player as written
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The data folder of this test has a name full of markup characters and right-to-left
 * text, and the saves it reads hold them too. libadwaita 1.2 reads a toast's title as
 * Pango markup: there, such a message would be a blank toast and, under
 * G_DEBUG=fatal-warnings, an abort. The window's toasts show their words in a plain label.
 */

#define G_LOG_DOMAIN "crapette-test"
/* mount(), which strict C11 leaves out. */
#define _DEFAULT_SOURCE

#include "config.h"

#include <errno.h>
#include <string.h>
#include <sys/mount.h>

#include <glib/gstdio.h>

#include "crapette-savegame.h"
#include "crapette-window-private.h"
#include "folder-test-helpers.h"
#include "ui-test-helpers.h"

/* Markup characters, a broken tag, quotes and Persian, in one folder name. */
#define HOSTILE_FOLDER "Tom&Jerry <b>\"ذخیره\" 'x' &amp; <i-XXXXXX"

static CrapetteWindow *
open_window (void)
{
  CrapetteWindow *window = crapette_window_new (NULL);

  ui_test_show_window (window, 1100, 760);
  return window;
}

static void
close_window (CrapetteWindow *window)
{
  gtk_window_destroy (GTK_WINDOW (window));
  ui_test_drain ();
}

static char *
save_folder (void)
{
  g_autofree char *path = crapette_savegame_get_path ();

  return g_path_get_dirname (path);
}

/* The name of the one damaged save kept aside in the save folder, removing it. */
static char *
take_kept_aside_name (void)
{
  g_autofree char *folder = save_folder ();
  g_autoptr(GDir) dir = g_dir_open (folder, 0, NULL);
  const char *name;
  char *found = NULL;

  g_assert_nonnull (dir);
  while ((name = g_dir_read_name (dir)) != NULL)
    {
      if (!g_str_has_prefix (name, "current-match.damaged-"))
        continue;
      g_assert_null (found);
      found = g_strdup (name);
    }
  g_assert_nonnull (found);
  {
    g_autofree char *path = g_build_filename (folder, found, NULL);

    g_assert_cmpint (g_remove (path), ==, 0);
  }
  return found;
}

/* Each save holds, where a pile should be named, text that markup would swallow. */
static void
test_damaged_save_toasts (void)
{
  static const char * const excerpts[] = {
    "Q&A",
    "<♠",
    "<b>bold</b>",
    "\"quoted\"",
    "&amp;",
    "</i>",
    "<span\"foo=",
    "ذخیره‌شده",
    "אבג&<",
  };
  g_autofree char *path = crapette_savegame_get_path ();
  g_autofree char *folder = save_folder ();

  g_assert_nonnull (strstr (folder, "Tom&Jerry <b>"));
  g_assert_cmpint (g_mkdir_with_parents (folder, 0700), ==, 0);
  for (guint i = 0; i < G_N_ELEMENTS (excerpts); i++)
    {
      g_autofree char *text =
        g_strdup_printf ("Crapette match\nVersion: 1\nRounds: 1\nVariant: russian\n"
                         "Length: 300\nSeed: 5\nOpponent: two-players\n\n"
                         "Crapette record\nVariant: russian\nDeal: 5\nMoves:\nS: %s -> F1\n",
                         excerpts[i]);
      CrapetteWindow *window = open_window ();
      g_autofree char *kept_as = NULL;
      const char *shown;

      g_assert_true (g_file_set_contents (path, text, -1, NULL));
      crapette_window_resume (window);
      shown = crapette_window_get_toast_message (window);
      g_assert_nonnull (shown);
      g_test_message ("toast: %s", shown);
      g_assert_true (g_str_has_prefix (shown, "The saved game could not be read"));
      g_assert_nonnull (strstr (shown, excerpts[i]));
      kept_as = take_kept_aside_name ();
      g_assert_nonnull (strstr (shown, kept_as));
      close_window (window);
    }
}


/* Plays one legal move of the round in play, as the table would, dealing the next round
 * first when it is over, and waits for its save: every step adds a move. */
static void
play_and_save (CrapetteWindow *window)
{
  CrapetteGame *game = crapette_window_get_game (window);
  gsize n_moves;
  const CrapetteMove *legal = crapette_game_get_legal_moves (game, &n_moves);

  if (crapette_game_get_phase (game) != CRAPETTE_OUTCOME_PLAYING || n_moves == 0)
    {
      crapette_window_next_round (window);
      game = crapette_window_get_game (window);
      legal = crapette_game_get_legal_moves (game, &n_moves);
      g_assert_cmpuint (n_moves, >, 0);
    }
  g_assert_true (crapette_game_play (game, &legal[n_moves - 1], NULL));
  crapette_window_flush_save (window);
  ui_test_drain ();
}

static char *
read_save (void)
{
  g_autofree char *path = crapette_savegame_get_path ();
  char *text = NULL;

  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
  return text;
}

/* The message dialog the Details button opened, or %NULL. */
static AdwMessageDialog *
find_details_dialog (void)
{
  GListModel *toplevels = gtk_window_get_toplevels ();

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GObject) item = g_list_model_get_item (toplevels, i);

      if (ADW_IS_MESSAGE_DIALOG (item))
        return ADW_MESSAGE_DIALOG (item);
    }
  return NULL;
}

/* Steps one after the other, on a tmpfs mounted where the save goes: the disk full, then
 * the folder read-only; each said once, in a bar that stays while play goes on and the
 * last good save stays whole; then room again, and the bar goes with a toast. */
static void
test_save_failure_bar (void)
{
  g_autofree char *folder = save_folder ();
  g_autofree char *filler = g_build_filename (folder, "filler", NULL);
  g_autofree char *good = NULL;
  CrapetteWindow *window;
  AdwMessageDialog *dialog;
  char block[4096];
  FILE *file;

  g_assert_cmpint (g_mkdir_with_parents (folder, 0700), ==, 0);
  if (mount ("tmpfs", folder, "tmpfs", 0, "size=256k,mode=0700") != 0)
    {
      g_autofree char *why = g_strdup_printf ("mounting a small tmpfs needs root (%s)",
                                              g_strerror (errno));

      g_test_skip (why);
      return;
    }

  window = open_window ();
  crapette_window_resume (window);
  play_and_save (window);
  g_assert_null (crapette_window_get_save_warning (window));
  good = read_save ();

  /* The disk full. */
  memset (block, 'x', sizeof block);
  file = g_fopen (filler, "wb");
  setvbuf (file, NULL, _IONBF, 0);
  while (fwrite (block, 1, sizeof block, file) == sizeof block)
    ;
  fclose (file);
  for (guint i = 0; i < 6; i++)
    {
      g_autofree char *saved = NULL;

      play_and_save (window);
      g_assert_cmpstr (crapette_window_get_save_warning (window), ==,
                       "Your game is not being saved: the disk is full");
      g_assert_cmpuint (window->n_save_bars_shown, ==, 1);
      saved = read_save ();
      g_assert_cmpstr (saved, ==, good);
    }
  /* Play went on. */
  g_assert_cmpuint (crapette_match_count_moves (crapette_window_get_match (window)), >=, 7);
  crapette_table_finish_animations (crapette_window_get_table (window));
  ui_test_save_picture (GTK_WIDGET (window), "save-failed-bar");

  /* The detail, one click away, names the save in its folder as it is written. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.save-details", NULL));
  dialog = find_details_dialog ();
  g_assert_nonnull (dialog);
  {
    g_autofree char *path = crapette_savegame_get_path ();

    g_test_message ("details: %s", adw_message_dialog_get_body (dialog));
    g_assert_nonnull (strstr (adw_message_dialog_get_body (dialog), path));
  }
  ui_test_save_picture (GTK_WIDGET (dialog), "save-failed-details");
  gtk_window_destroy (GTK_WINDOW (dialog));

  /* Room again. */
  g_assert_cmpint (g_remove (filler), ==, 0);
  play_and_save (window);
  g_assert_null (crapette_window_get_save_warning (window));
  g_assert_cmpstr (crapette_window_get_toast_message (window), ==,
                   "Your game is being saved again");
  {
    g_autofree char *saved = read_save ();
    g_autofree char *expected = crapette_match_to_record (crapette_window_get_match (window));

    g_assert_cmpstr (saved, ==, expected);
    g_free (good);
    good = g_steal_pointer (&saved);
  }

  /* The folder read-only. */
  g_assert_cmpint (mount (NULL, folder, NULL, MS_REMOUNT | MS_RDONLY, NULL), ==, 0);
  for (guint i = 0; i < 3; i++)
    {
      g_autofree char *saved = NULL;

      play_and_save (window);
      g_assert_cmpstr (crapette_window_get_save_warning (window), ==,
                       "Your game is not being saved: this folder cannot be written to");
      g_assert_cmpuint (window->n_save_bars_shown, ==, 2);
      saved = read_save ();
      g_assert_cmpstr (saved, ==, good);
    }
  g_assert_cmpint (mount (NULL, folder, NULL, MS_REMOUNT, NULL), ==, 0);
  play_and_save (window);
  g_assert_null (crapette_window_get_save_warning (window));

  close_window (window);
  g_assert_cmpint (umount (folder), ==, 0);
}

static guint
read_saved_moves (GDataInputStream *output,
                  gboolean          until_end,
                  guint             at_least)
{
  guint saved = 0;
  char *line;

  while ((line = g_data_input_stream_read_line_utf8 (output, NULL, NULL, NULL)) != NULL)
    {
      if (g_str_has_prefix (line, "saved "))
        saved = (guint) g_ascii_strtoull (line + 6, NULL, 10);
      g_free (line);
      if (!until_end && saved >= at_least)
        break;
    }
  return saved;
}

/* A second copy of the game, playing and saving in the same data folder (the crash
 * helper, which saves as the window does), holds the save: the window opens it read-only
 * and says so, and writes nothing over it. Killed (a crash), it blocks nobody: the next
 * window takes the save over with every move it had saved. */
static void
test_second_copy (void)
{
  const char *helper = g_getenv ("CRAPETTE_CRASH_HELPER");
  g_autoptr(GSubprocess) other = NULL;
  g_autoptr(GDataInputStream) output = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *path = crapette_savegame_get_path ();
  CrapetteWindow *window;
  guint saved_by_other;

  if (helper == NULL)
    {
      g_test_skip ("CRAPETTE_CRASH_HELPER is not set");
      return;
    }
  g_remove (path);
  other = g_subprocess_new (G_SUBPROCESS_FLAGS_STDOUT_PIPE, &error, helper, "7", NULL);
  g_assert_no_error (error);
  output = g_data_input_stream_new (g_subprocess_get_stdout_pipe (other));
  g_assert_cmpuint (read_saved_moves (output, FALSE, 20), >=, 20);

  window = open_window ();
  crapette_window_resume (window);
  g_assert_cmpstr (crapette_window_get_save_warning (window), ==,
                   "This game is open in another copy of Crapette: the moves made here are "
                   "not saved");
  g_assert_cmpint (crapette_match_get_opponent (crapette_window_get_match (window)), ==,
                   CRAPETTE_OPPONENT_COMPUTER_EASY);
  crapette_table_finish_animations (crapette_window_get_table (window));
  ui_test_save_picture (GTK_WIDGET (window), "save-locked-bar");
  /* The detail tells what is true: no restart, the bar offers Take Over once it can. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.save-details", NULL));
  {
    AdwMessageDialog *dialog = find_details_dialog ();
    const char *body;

    g_assert_nonnull (dialog);
    body = adw_message_dialog_get_body (dialog);
    g_test_message ("details: %s", body);
    g_assert_nonnull (strstr (body, "Take Over"));
    g_assert_null (strstr (body, "again"));
    gtk_window_destroy (GTK_WINDOW (dialog));
  }
  for (guint i = 0; i < 3; i++)
    play_and_save (window);
  close_window (window);

  /* The other copy crashes. */
  g_subprocess_send_signal (other, SIGKILL);
  g_subprocess_wait (other, NULL, NULL);
  saved_by_other = read_saved_moves (output, TRUE, 0);
  g_test_message ("the other copy saved %u moves", saved_by_other);

  window = open_window ();
  crapette_window_resume (window);
  g_assert_null (crapette_window_get_save_warning (window));
  /* Nothing the window played read-only was written over the other copy's save. */
  g_assert_cmpuint (crapette_match_count_moves (crapette_window_get_match (window)), >=,
                    saved_by_other);
  play_and_save (window);
  {
    g_autofree char *saved = read_save ();
    g_autofree char *expected = crapette_match_to_record (crapette_window_get_match (window));

    g_assert_cmpstr (saved, ==, expected);
  }
  close_window (window);
  g_remove (path);
}

static void
on_waited_cb (GObject      *source,
              GAsyncResult *result,
              gpointer      data)
{
  gboolean *done = data;

  g_subprocess_wait_finish (G_SUBPROCESS (source), result, NULL);
  *done = TRUE;
}

static gboolean
on_wait_timeout_cb (gpointer data)
{
  gboolean *timed_out = data;

  *timed_out = TRUE;
  return G_SOURCE_REMOVE;
}

/* The lock file is deleted while a copy (the crash helper) plays, and a window starts: it
 * sees no lock held and takes the save, with no read-only bar; the first copy finds, before
 * its next write, that its lock file is gone, and stops writing (the helper then quits, saying
 * why). The save holds the window's moves alone. */
static void
test_lock_removed (void)
{
  const char *helper = g_getenv ("CRAPETTE_CRASH_HELPER");
  g_autoptr(GSubprocess) other = NULL;
  g_autoptr(GDataInputStream) output = NULL;
  g_autoptr(GDataInputStream) errors = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *path = crapette_savegame_get_path ();
  g_autofree char *lock_path = g_strconcat (path, ".lock", NULL);
  g_autofree char *said = NULL;
  CrapetteWindow *window;
  gboolean exited = FALSE;
  gboolean timed_out = FALSE;
  guint timeout;

  if (helper == NULL)
    {
      g_test_skip ("CRAPETTE_CRASH_HELPER is not set");
      return;
    }
  g_remove (path);
  other = g_subprocess_new (G_SUBPROCESS_FLAGS_STDOUT_PIPE | G_SUBPROCESS_FLAGS_STDERR_PIPE,
                            &error, helper, "11", NULL);
  g_assert_no_error (error);
  output = g_data_input_stream_new (g_subprocess_get_stdout_pipe (other));
  g_assert_cmpuint (read_saved_moves (output, FALSE, 20), >=, 20);

  g_assert_cmpint (g_remove (lock_path), ==, 0);
  window = open_window ();
  crapette_window_resume (window);
  g_assert_null (crapette_window_get_save_warning (window));

  /* The helper saves a move a millisecond: it finds out at once, and quits. */
  g_subprocess_wait_async (other, NULL, on_waited_cb, &exited);
  timeout = g_timeout_add_seconds (10, on_wait_timeout_cb, &timed_out);
  while (!exited && !timed_out)
    g_main_context_iteration (NULL, TRUE);
  g_assert_false (timed_out);
  g_source_remove (timeout);
  g_assert_cmpint (g_subprocess_get_exit_status (other), ==, 2);
  errors = g_data_input_stream_new (g_subprocess_get_stderr_pipe (other));
  said = g_data_input_stream_read_upto (errors, "", 0, NULL, NULL, NULL);
  g_test_message ("the other copy said: %s", said);
  g_assert_nonnull (strstr (said, "its lock file was taken away"));

  for (guint i = 0; i < 3; i++)
    play_and_save (window);
  {
    g_autofree char *saved = read_save ();
    g_autofree char *expected = crapette_match_to_record (crapette_window_get_match (window));

    g_assert_cmpstr (saved, ==, expected);
  }
  g_assert_null (crapette_window_get_save_warning (window));
  close_window (window);
  g_remove (path);
}

/* Runs the main loop until the window offers to take the save over, or @seconds pass. */
static gboolean
wait_for_take_over_offer (CrapetteWindow *window,
                          guint           seconds)
{
  gboolean timed_out = FALSE;
  guint timeout = g_timeout_add_seconds (seconds, on_wait_timeout_cb, &timed_out);

  while (!crapette_window_get_can_take_over (window) && !timed_out)
    g_main_context_iteration (NULL, TRUE);
  if (!timed_out)
    g_source_remove (timeout);
  return crapette_window_get_can_take_over (window);
}

/* The rounds of the match record @text, from its first round's header on: what follows the
 * match's headers (its move count and score), which the moves played change. */
static const char *
rounds_of (const char *text)
{
  const char *rounds = strstr (text, "\nCrapette record\n");

  g_assert_nonnull (rounds);
  return rounds;
}

/* Copy A (the crash helper) writes; the window opens read-only and plays moves of its own,
 * which are not saved, and is offered nothing while A lives. A quits: within seconds the
 * window offers to take over, saying its own moves go; taken, it has A's match exactly as A
 * last saved it, and its next save goes on from there with all of A's moves. */
static void
test_take_over (void)
{
  const char *helper = g_getenv ("CRAPETTE_CRASH_HELPER");
  g_autoptr(GSubprocess) other = NULL;
  g_autoptr(GDataInputStream) output = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *path = crapette_savegame_get_path ();
  g_autofree char *saved_by_other = NULL;
  g_autofree char *taken_over = NULL;
  CrapetteWindow *window;
  guint n_moves_other;
  guint n_taken_over;

  if (helper == NULL)
    {
      g_test_skip ("CRAPETTE_CRASH_HELPER is not set");
      return;
    }
  g_remove (path);
  other = g_subprocess_new (G_SUBPROCESS_FLAGS_STDOUT_PIPE, &error, helper, "13", NULL);
  g_assert_no_error (error);
  output = g_data_input_stream_new (g_subprocess_get_stdout_pipe (other));
  g_assert_cmpuint (read_saved_moves (output, FALSE, 20), >=, 20);

  window = open_window ();
  crapette_window_resume (window);
  g_assert_nonnull (crapette_window_get_save_warning (window));
  for (guint i = 0; i < 3; i++)
    play_and_save (window);
  /* The other copy is still there: nothing to take over. */
  g_assert_false (wait_for_take_over_offer (window, 2));

  g_subprocess_send_signal (other, SIGTERM);
  g_subprocess_wait (other, NULL, NULL);
  n_moves_other = read_saved_moves (output, TRUE, 0);
  saved_by_other = read_save ();

  g_assert_true (wait_for_take_over_offer (window, 10));
  g_assert_nonnull (strstr (crapette_window_get_save_warning (window), "will be dropped"));
  crapette_table_finish_animations (crapette_window_get_table (window));
  ui_test_save_picture (GTK_WIDGET (window), "save-take-over-bar");

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.take-over", NULL));
  /* Read before the loop runs on. The other copy's match may hold thousands of moves, and
   * laying out their history under the sanitizers can outlast the toast's seconds. And the
   * match goes on at once: when North (the computer) is to move in it, the window's computer
   * plays North's turn while the loop runs, as it should, so the table is the other copy's
   * save only until then. (Compared after the loop had run, the table held one or more of
   * North's moves more than the save, in the sanitizer runs, whose slow loop gives the
   * computer's pause time to pass.) */
  g_assert_cmpstr (crapette_window_get_toast_message (window), ==,
                   "Saving here now, going on with the other copy's game");
  taken_over = crapette_match_to_record (crapette_window_get_match (window));
  /* The other copy's match as it last saved it; the moves played here are gone. */
  g_assert_cmpstr (taken_over, ==, saved_by_other);
  n_taken_over = crapette_match_count_moves (crapette_window_get_match (window));
  g_assert_cmpuint (n_taken_over, >=, n_moves_other);
  ui_test_drain ();
  g_assert_null (crapette_window_get_save_warning (window));
  g_assert_false (crapette_window_get_can_take_over (window));

  play_and_save (window);
  {
    g_autofree char *saved = read_save ();
    g_autofree char *expected = crapette_match_to_record (crapette_window_get_match (window));

    g_assert_cmpstr (saved, ==, expected);
    /* A's match, every move of it, and one move more at least (the window's; the computer's
     * own as it played North), written by the window: A's rounds are the start of the new
     * save's, which only adds to them. */
    g_assert_cmpuint (crapette_match_count_moves (crapette_window_get_match (window)), >=,
                      n_taken_over + 1);
    g_assert_true (g_str_has_prefix (rounds_of (saved), rounds_of (saved_by_other)));
    g_assert_cmpstr (saved, !=, saved_by_other);
  }
  close_window (window);
  g_remove (path);
}

/* Translations are text the code does not control either. Toasts show theirs plain; rows are
 * plain (use-markup off); but libadwaita 1.2 always reads a preferences group's title and
 * description and a status page's description as markup, and a template sets them before any
 * code could escape them. So no translation may hold markup its original does not. */
static void
test_translations_hold_no_markup (void)
{
  g_autofree char *linguas_path = g_test_build_filename (G_TEST_DIST, "..", "po", "LINGUAS", NULL);
  g_autofree char *linguas = NULL;
  g_auto(GStrv) languages = NULL;
  guint checked = 0;

  g_assert_true (g_file_get_contents (linguas_path, &linguas, NULL, NULL));
  languages = g_strsplit (linguas, "\n", -1);
  for (guint i = 0; languages[i] != NULL; i++)
    {
      g_autofree char *name = NULL;
      g_autofree char *path = NULL;
      g_autofree char *text = NULL;
      g_auto(GStrv) lines = NULL;
      gboolean msgid_plain = TRUE;
      gboolean in_msgstr = FALSE;

      g_strstrip (languages[i]);
      if (*languages[i] == '\0' || *languages[i] == '#')
        continue;
      name = g_strconcat (languages[i], ".po", NULL);
      path = g_test_build_filename (G_TEST_DIST, "..", "po", name, NULL);
      g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
      lines = g_strsplit (text, "\n", -1);
      for (guint j = 0; lines[j] != NULL; j++)
        {
          const char *line = lines[j];
          gboolean special = strpbrk (line, "&<") != NULL;

          /* An entry's original may span several lines, and so may its translation. */
          if (g_str_has_prefix (line, "msgid "))
            {
              /* The catalogue's header is no text a player reads. */
              gboolean header = g_str_equal (line, "msgid \"\"") && lines[j + 1] != NULL &&
                                g_str_has_prefix (lines[j + 1], "msgstr");

              in_msgstr = FALSE;
              msgid_plain = !special && !header;
            }
          else if (g_str_has_prefix (line, "msgid_plural ") ||
                   (g_str_has_prefix (line, "\"") && !in_msgstr))
            msgid_plain = msgid_plain && !special;
          else if (g_str_has_prefix (line, "msgstr"))
            in_msgstr = TRUE;
          else if (!g_str_has_prefix (line, "\""))
            in_msgstr = FALSE;

          if (in_msgstr && msgid_plain && special)
            g_error ("%s:%u: a translation holds “&” or “<”, which its original does not: %s",
                     name, j + 1, line);
          checked += in_msgstr;
        }
    }
  g_assert_cmpuint (checked, >, 0);
}

int
main (int   argc,
      char *argv[])
{
  g_autofree char *base = NULL;
  g_autofree char *data_folder = NULL;

  /* A data folder of its own, with the hostile name, before GLib caches the folders. */
  base = folder_test_new_for_program (HOSTILE_FOLDER);
  data_folder = g_build_filename (base, "data", NULL);
  g_setenv ("XDG_DATA_HOME", data_folder, TRUE);
  ui_test_init (&argc, &argv);
  ui_test_load_style ();

  g_test_add_func ("/save-messages/damaged-save", test_damaged_save_toasts);
  g_test_add_func ("/save-messages/failure-bar", test_save_failure_bar);
  g_test_add_func ("/save-messages/second-copy", test_second_copy);
  g_test_add_func ("/save-messages/lock-removed", test_lock_removed);
  g_test_add_func ("/save-messages/take-over", test_take_over);
  g_test_add_func ("/save-messages/translations", test_translations_hold_no_markup);
  return g_test_run ();
}
