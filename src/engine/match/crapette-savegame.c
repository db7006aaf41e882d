/* crapette-savegame.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The match in progress is written as a match record after every move, so
 * that a crash, a power cut or a closed laptop never loses more than the move
 * being made. The file is replaced atomically and flushed to the disk before
 * the save returns. A file that cannot be read is never deleted: it is moved
 * aside, so that nothing a person played is lost without their knowing.
 */

#define G_LOG_DOMAIN "crapette-savegame"
/* lstat(), flock() and O_CLOEXEC, which strict C11 leaves out. */
#define _DEFAULT_SOURCE

#include "config.h"

#include "crapette-savegame.h"

#include <errno.h>
#include <string.h>

#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>

#include "crapette-match-record.h"

#define SAVE_FOLDER "crapette"
#define SAVE_NAME "current-match"
#define SAVE_SUFFIX ".crapette"

G_DEFINE_QUARK (crapette-savegame-error-quark, crapette_savegame_error)

/* Where the match in progress is kept: crapette/current-match.crapette in the
 * user's data folder. */
char *
crapette_savegame_get_path (void)
{
  return g_build_filename (g_get_user_data_dir (), SAVE_FOLDER, SAVE_NAME SAVE_SUFFIX, NULL);
}

/* The player's words for a failed write, from what the system said. */
static void
set_write_error (GError     **error,
                 GFileError   code)
{
  switch ((int) code)
    {
    case G_FILE_ERROR_NOSPC:
      g_set_error_literal (error, CRAPETTE_SAVEGAME_ERROR, CRAPETTE_SAVEGAME_ERROR_NO_SPACE,
                           _("Your game is not being saved: the disk is full"));
      break;
    case G_FILE_ERROR_ACCES:
    case G_FILE_ERROR_PERM:
    case G_FILE_ERROR_ROFS:
      g_set_error_literal (error, CRAPETTE_SAVEGAME_ERROR, CRAPETTE_SAVEGAME_ERROR_READ_ONLY,
                           _("Your game is not being saved: this folder cannot be written to"));
      break;
    case G_FILE_ERROR_ISDIR:
    case G_FILE_ERROR_LOOP:
    case G_FILE_ERROR_EXIST:
      g_set_error_literal (error, CRAPETTE_SAVEGAME_ERROR, CRAPETTE_SAVEGAME_ERROR_NOT_A_FILE,
                           _("Your game is not being saved: a link or a folder is where "
                             "the saved game goes"));
      break;
    default:
      g_set_error_literal (error, CRAPETTE_SAVEGAME_ERROR, CRAPETTE_SAVEGAME_ERROR_WRITE,
                           _("Your game is not being saved: the disk reported an error"));
    }
}

/* Writes @text to @path, atomically and durably, unless something other than a file (a
 * link, even one to a file) is there: nothing is ever written through a link. On failure,
 * @error says why in a player's words and @details, for the curious, which file and what
 * the system said. Safe on any thread. */
gboolean
crapette_savegame_write_text (const char  *path,
                              const char  *text,
                              char       **details,
                              GError     **error)
{
  g_autofree char *folder = g_path_get_dirname (path);
  g_autoptr(GError) local_error = NULL;
  GStatBuf info;

  g_return_val_if_fail (path != NULL, FALSE);
  g_return_val_if_fail (text != NULL, FALSE);

  if (g_mkdir_with_parents (folder, 0700) != 0)
    {
      int saved_errno = errno;

      set_write_error (error, g_file_error_from_errno (saved_errno));
      if (details != NULL)
        *details = g_strdup_printf (_("Could not make the folder “%s”: %s"), folder,
                                    g_strerror (saved_errno));
      return FALSE;
    }
  if (g_lstat (path, &info) == 0 && !S_ISREG (info.st_mode))
    {
      g_set_error_literal (&local_error, G_FILE_ERROR, G_FILE_ERROR_EXIST,
                           S_ISLNK (info.st_mode) ? "it is a symbolic link"
                                                  : "it is not a regular file");
      set_write_error (error, G_FILE_ERROR_EXIST);
    }
  else if (!g_file_set_contents_full (path, text, -1,
                                      G_FILE_SET_CONTENTS_CONSISTENT |
                                      G_FILE_SET_CONTENTS_DURABLE,
                                      0644, &local_error))
    set_write_error (error, local_error->code);
  else
    return TRUE;

  if (details != NULL)
    *details = g_strdup_printf (_("Could not write “%s”: %s"), path, local_error->message);
  return FALSE;
}

/* Writes @match as a record to @path, atomically and durably. */
gboolean
crapette_save_record (CrapetteMatch  *match,
                      const char     *path,
                      GError        **error)
{
  g_autofree char *text = NULL;
  g_autofree char *folder = NULL;
  g_autoptr(GError) local_error = NULL;

  g_return_val_if_fail (CRAPETTE_IS_MATCH (match), FALSE);
  g_return_val_if_fail (path != NULL, FALSE);

  folder = g_path_get_dirname (path);
  if (g_mkdir_with_parents (folder, 0700) != 0)
    {
      int saved_errno = errno;

      g_set_error (error, CRAPETTE_SAVEGAME_ERROR, CRAPETTE_SAVEGAME_ERROR_WRITE,
                   _("The folder “%s” could not be made: %s"), folder, g_strerror (saved_errno));
      return FALSE;
    }

  text = crapette_match_to_record (match);
  if (!g_file_set_contents_full (path, text, -1,
                                 G_FILE_SET_CONTENTS_CONSISTENT | G_FILE_SET_CONTENTS_DURABLE,
                                 0644, &local_error))
    {
      g_set_error (error, CRAPETTE_SAVEGAME_ERROR, CRAPETTE_SAVEGAME_ERROR_WRITE,
                   _("The game could not be saved: %s"), local_error->message);
      return FALSE;
    }
  return TRUE;
}

/* Saves @match as the match in progress, at once; the game saves through a
 * #CrapetteSaveWriter instead, which does it in a worker. */
gboolean
crapette_savegame_save (CrapetteMatch  *match,
                        GError        **error)
{
  g_autofree char *path = crapette_savegame_get_path ();
  g_autofree char *text = NULL;

  g_return_val_if_fail (CRAPETTE_IS_MATCH (match), FALSE);

  text = crapette_match_to_record (match);
  return crapette_savegame_write_text (path, text, NULL, error);
}

/* Renames the unreadable save beside itself, with the time in its name, and
 * returns the new path (or %NULL if even that failed). */
static char *
keep_aside (const char *path)
{
  g_autoptr(GDateTime) now = g_date_time_new_now_local ();
  g_autofree char *stamp = g_date_time_format (now, "%Y%m%d-%H%M%S");
  g_autofree char *folder = g_path_get_dirname (path);

  for (guint attempt = 1; attempt <= 100; attempt++)
    {
      g_autofree char *name = NULL;
      g_autofree char *aside = NULL;

      name = attempt == 1
               ? g_strdup_printf (SAVE_NAME ".damaged-%s" SAVE_SUFFIX, stamp)
               : g_strdup_printf (SAVE_NAME ".damaged-%s-%u" SAVE_SUFFIX, stamp, attempt);
      aside = g_build_filename (folder, name, NULL);
      if (g_file_test (aside, G_FILE_TEST_EXISTS))
        continue;
      if (g_rename (path, aside) == 0)
        return g_steal_pointer (&aside);
      g_debug ("Could not move %s aside: %s", path, g_strerror (errno));
      return NULL;
    }
  return NULL;
}

static void
report_damaged (const char  *path,
                const char  *why,
                char       **kept_as,
                GError     **error)
{
  g_autofree char *aside = keep_aside (path);

  if (aside != NULL)
    {
      g_autofree char *basename = g_path_get_basename (aside);

      g_set_error (error, CRAPETTE_SAVEGAME_ERROR, CRAPETTE_SAVEGAME_ERROR_DAMAGED,
                   _("The saved game could not be read (%s). It has been kept as “%s”, "
                     "and a new game begins."), why, basename);
    }
  else
    {
      /* It stays where it is; the next save replaces it, so say so. */
      g_set_error (error, CRAPETTE_SAVEGAME_ERROR, CRAPETTE_SAVEGAME_ERROR_DAMAGED,
                   _("The saved game could not be read (%s), and it could not be moved "
                     "aside. A new game begins."), why);
    }
  if (kept_as != NULL)
    *kept_as = g_steal_pointer (&aside);
}

/* Reads the match in progress back and puts its round on @game's table.
 * Returns %NULL without an error when there is no saved game. A saved game
 * that cannot be read is moved aside (@kept_as gets its new path) and @error
 * explains what happened in words a player can read; @game is left as it was. */
CrapetteMatch *
crapette_savegame_load (CrapetteGame  *game,
                        char         **kept_as,
                        GError       **error)
{
  g_autofree char *path = crapette_savegame_get_path ();
  g_autofree char *text = NULL;
  g_autoptr(GError) local_error = NULL;
  g_autoptr(CrapetteMatch) match = NULL;
  GStatBuf info;

  g_return_val_if_fail (CRAPETTE_IS_GAME (game), NULL);
  g_return_val_if_fail (kept_as == NULL || *kept_as == NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  /* The link itself, not what it points to: a link (dangling, a loop, or to a file
   * elsewhere) is no saved game, and the save is never written through one. */
  if (g_lstat (path, &info) != 0)
    return NULL;
  if (!S_ISREG (info.st_mode))
    {
      report_damaged (path, S_ISLNK (info.st_mode) ? _("it is a link, not a file")
                                                   : _("it is not a file"),
                      kept_as, error);
      return NULL;
    }

  /* Checked before reading, so that a huge file is never loaded into memory. */
  if (info.st_size > CRAPETTE_MATCH_RECORD_MAX_BYTES)
    {
      report_damaged (path, _("it is far larger than any saved game"), kept_as, error);
      return NULL;
    }

  if (!g_file_get_contents (path, &text, NULL, &local_error))
    {
      if (g_error_matches (local_error, G_FILE_ERROR, G_FILE_ERROR_NOENT))
        return NULL;
      report_damaged (path, local_error->message, kept_as, error);
      return NULL;
    }
  if ((gsize) info.st_size != strlen (text) || info.st_size == 0)
    {
      report_damaged (path, info.st_size == 0 ? _("it is empty") : _("it holds a zero byte"),
                      kept_as, error);
      return NULL;
    }

  match = crapette_match_new_from_record (game, text, -1, &local_error);
  if (match == NULL)
    {
      report_damaged (path, local_error->message, kept_as, error);
      return NULL;
    }
  return g_steal_pointer (&match);
}

/* Removes the saved match, once it is over and no longer to be resumed. */
gboolean
crapette_savegame_delete (GError **error)
{
  g_autofree char *path = crapette_savegame_get_path ();

  if (g_remove (path) != 0 && errno != ENOENT)
    {
      int saved_errno = errno;

      g_set_error (error, CRAPETTE_SAVEGAME_ERROR, CRAPETTE_SAVEGAME_ERROR_WRITE,
                   _("The saved game could not be removed: %s"), g_strerror (saved_errno));
      return FALSE;
    }
  return TRUE;
}
