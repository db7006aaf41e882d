/* test-save-messages.c: what the window says about the saved game reaches the player as written
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The data folder of this test has a name full of markup characters and right-to-left
 * text, and the saves it reads hold them too. libadwaita 1.2 reads a toast's title as
 * Pango markup: unescaped, such a message would be a blank toast and, under
 * G_DEBUG=fatal-warnings, an abort.
 */

#define G_LOG_DOMAIN "crapette-test"

#include "config.h"

#include <string.h>

#include <glib/gstdio.h>

#include "crapette-savegame.h"
#include "ui-test-helpers.h"

/* Markup characters, a broken tag, quotes and Persian, in one folder name. */
#define HOSTILE_FOLDER "Tom&Jerry <b>\"ذخیره\" 'x' &amp; <i-XXXXXX"

static char *data_folder;
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

/* Translations are text the code does not control either. Toasts escape theirs; rows are
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
  g_autoptr(GError) error = NULL;
  g_autofree char *base = NULL;

  /* A data folder of its own, with the hostile name, before GLib caches the folders. */
  base = g_dir_make_tmp (HOSTILE_FOLDER, &error);
  g_assert_no_error (error);
  data_folder = g_build_filename (base, "data", NULL);
  g_setenv ("XDG_DATA_HOME", data_folder, TRUE);
  ui_test_init (&argc, &argv);

  g_test_add_func ("/save-messages/damaged-save", test_damaged_save_toasts);
  g_test_add_func ("/save-messages/translations", test_translations_hold_no_markup);
  return g_test_run ();
}
