/* crapette-window-open.c: the main window opens the files it is given, each read in a worker
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Files come from the command line, the file manager (both through GApplication's "open",
 * possibly to a copy already running) and the Open dialog. Each is read off the main thread
 * by crapette-record-file.c, which refuses anything but a regular file of a record's size, so
 * a pipe, a device or a huge file never stalls or swells the game in play. A window plays one
 * game: of several files, the first that holds a game is opened, and every other one is named
 * in a message that says why it was not, so that none is dropped without a word.
 */

#define G_LOG_DOMAIN "crapette-ui"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "crapette-record-file.h"
#include "crapette-window-private.h"

/* Seconds a message about files stays, and how many more for each file it names. */
#define NOTE_SECONDS 4
#define NOTE_SECONDS_PER_FILE 3
#define NOTE_SECONDS_MAX 16

typedef struct
{
  CrapetteWindow *window;     /* held until the last file is read */
  GCancellable *cancellable;  /* the window's: cancelled when it goes */
  GPtrArray *files;
  guint next;
  char *opened_name;          /* the file whose game is being played, once one is */
  GPtrArray *notes;           /* one line per file not opened */
} OpenBatch;

static void read_next (OpenBatch *batch);

static void
open_batch_free (OpenBatch *batch)
{
  g_object_unref (batch->window);
  g_object_unref (batch->cancellable);
  g_ptr_array_unref (batch->files);
  g_free (batch->opened_name);
  g_ptr_array_unref (batch->notes);
  g_free (batch);
}

/* The name of @file as a person reads it, valid UTF-8 whatever the file system holds. */
static char *
display_name (GFile *file)
{
  g_autofree char *path = g_file_get_path (file);
  g_autofree char *basename = NULL;

  if (path != NULL)
    return g_filename_display_basename (path);
  basename = g_file_get_basename (file);
  return g_utf8_make_valid (basename != NULL ? basename : "", -1);
}

/* Tells the person, in one message, of every file that was not opened and why. */
static void
show_notes (OpenBatch *batch)
{
  g_autofree char *text = NULL;
  guint seconds;

  if (batch->notes->len == 0)
    return;
  g_ptr_array_add (batch->notes, NULL);
  text = g_strjoinv ("\n", (char **) batch->notes->pdata);
  seconds = MIN (NOTE_SECONDS + NOTE_SECONDS_PER_FILE * (batch->notes->len - 2), NOTE_SECONDS_MAX);
  crapette_window_show_toast_for (batch->window, text, seconds);
}

static void
finish (OpenBatch *batch)
{
  CrapetteWindow *self = batch->window;

  if (!g_cancellable_is_cancelled (batch->cancellable))
    {
      g_assert (self->n_files_opening > 0);
      self->n_files_opening--;
      /* Shown only now at start-up, so that a welcome never flashes before the game opened. */
      gtk_window_present (GTK_WINDOW (self));
      show_notes (batch);
    }
  open_batch_free (batch);
}

/* Plays on from the record @text read from the file @name; else notes why not. */
static gboolean
open_text (OpenBatch  *batch,
           const char *name,
           const char *text,
           gsize       length)
{
  CrapetteWindow *self = batch->window;
  g_autoptr(GError) error = NULL;
  gboolean opened;

  /* The record's round reaches the table before the session seats the record's players:
   * the computer waits, rather than start thinking about it as the player it replaces. */
  crapette_computer_turn_cancel (self->computer);
  opened = crapette_session_open_record (self->session, text, (gssize) length, &error);
  crapette_computer_turn_resume (self->computer);
  if (!opened)
    g_ptr_array_add (batch->notes,
                     g_strdup_printf (_("“%s” could not be opened: %s"), name, error->message));
  return opened;
}

static void
on_file_read_cb (GObject      *source,
                 GAsyncResult *result,
                 gpointer      data)
{
  OpenBatch *batch = data;
  g_autoptr(GError) error = NULL;
  g_autofree char *name = display_name (G_FILE (source));
  g_autofree char *text = NULL;
  gsize length = 0;

  text = crapette_record_file_read_finish (G_FILE (source), result, &length, &error);
  if (g_cancellable_is_cancelled (batch->cancellable))
    {
      finish (batch);
      return;
    }
  if (text == NULL)
    g_ptr_array_add (batch->notes,
                     g_strdup_printf (_("“%s” could not be opened: %s"), name, error->message));
  else if (open_text (batch, name, text, length))
    batch->opened_name = g_steal_pointer (&name);
  read_next (batch);
}

/* Reads the next file, until one holds a game; the files after it are only named. */
static void
read_next (OpenBatch *batch)
{
  if (batch->opened_name != NULL)
    {
      for (; batch->next < batch->files->len; batch->next++)
        {
          g_autofree char *name = display_name (g_ptr_array_index (batch->files, batch->next));

          g_ptr_array_add (batch->notes,
                           /* Translators: %1$s is a file not opened, %2$s the one opened */
                           g_strdup_printf (_("“%1$s” was not opened: one game is played at a "
                                              "time, and “%2$s” was opened"),
                                            name, batch->opened_name));
        }
    }
  if (batch->next >= batch->files->len)
    {
      finish (batch);
      return;
    }
  crapette_record_file_read_async (g_ptr_array_index (batch->files, batch->next++),
                                   batch->cancellable, on_file_read_cb, batch);
}

/* Opens the first of @files that holds a game, each read in a worker, and names every other
 * one in a toast that says why it was not opened; then presents the window. The game in play
 * stays as it was until a file's game replaces it. */
void
crapette_window_open_files (CrapetteWindow  *self,
                            GFile          **files,
                            guint            n_files)
{
  OpenBatch *batch;

  g_return_if_fail (CRAPETTE_IS_WINDOW (self));
  g_return_if_fail (files != NULL || n_files == 0);

  if (n_files == 0)
    return;
  if (self->open_cancellable == NULL)
    self->open_cancellable = g_cancellable_new ();

  batch = g_new0 (OpenBatch, 1);
  batch->window = g_object_ref (self);
  batch->cancellable = g_object_ref (self->open_cancellable);
  batch->files = g_ptr_array_new_with_free_func (g_object_unref);
  for (guint i = 0; i < n_files; i++)
    g_ptr_array_add (batch->files, g_object_ref (files[i]));
  batch->notes = g_ptr_array_new_with_free_func (g_free);
  self->n_files_opening++;
  read_next (batch);
}

/* Opens the game in @file, read in a worker, or says in a toast why it cannot be opened;
 * nothing of the game in play is lost then. */
void
crapette_window_open_file_or_explain (CrapetteWindow *self,
                                      GFile          *file)
{
  g_return_if_fail (CRAPETTE_IS_WINDOW (self));
  g_return_if_fail (G_IS_FILE (file));

  crapette_window_open_files (self, &file, 1);
}

/* Returns whether files given to the window are still being read or opened. */
gboolean
crapette_window_is_opening_files (CrapetteWindow *self)
{
  g_return_val_if_fail (CRAPETTE_IS_WINDOW (self), FALSE);

  return self->n_files_opening > 0;
}

/* Lets go of the files still being read: the window is going. */
void
crapette_window_dispose_open (CrapetteWindow *self)
{
  if (self->open_cancellable != NULL)
    g_cancellable_cancel (self->open_cancellable);
  g_clear_object (&self->open_cancellable);
  self->n_files_opening = 0;
}
