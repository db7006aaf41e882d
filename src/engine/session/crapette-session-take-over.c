/* crapette-session-take-over.c: a copy that opened the saved game read-only takes it over
 * once the copy that wrote it is gone
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * When another copy of the game holds the save's lock, this one plays without saving
 * (crapette-session.c, start_saving()). The lock file itself does not change when that copy
 * quits or crashes (the kernel only lets go of its flock()), so there is nothing to watch for
 * in the data folder: once a second, the session asks whether the lock could be taken
 * (crapette_save_writer_lock_is_free(), which takes nothing) and, the first time it could,
 * says so (::save-writer-gone). Taking over is then the person's choice.
 *
 * Taking over must not lose the other copy's moves: its save is the truth, as it is what
 * that copy's player saw saved. So the session takes the lock first (from then on no other
 * copy can write), then reads the save as a copy starting now would, and puts that match on
 * the table. The moves played here while read-only are dropped, not merged: the two matches
 * went apart at the moment this copy opened, and no rule makes one of two deals' futures
 * right. The window says so before the person chooses (Save As keeps them).
 */

#define G_LOG_DOMAIN "crapette-session"

#include "config.h"

#include "crapette-session-private.h"

#include "crapette-savegame.h"

static gboolean
on_watch_writer_cb (gpointer data)
{
  CrapetteSession *self = data;

  if (self->writer == NULL || !crapette_save_writer_get_read_only (self->writer))
    {
      self->writer_watch = 0;
      return G_SOURCE_REMOVE;
    }
  if (!crapette_save_writer_lock_is_free (self->writer))
    return G_SOURCE_CONTINUE;
  self->writer_watch = 0;
  crapette_session_emit_writer_gone (self);
  return G_SOURCE_REMOVE;
}

/* While another copy holds the save, looks once a second for it to be gone. */
void
crapette_session_watch_writer (CrapetteSession *self)
{
  if (self->writer_watch != 0 || self->writer == NULL ||
      !crapette_save_writer_get_read_only (self->writer))
    return;
  self->writer_watch = g_timeout_add_seconds (1, on_watch_writer_cb, self);
  g_source_set_name_by_id (self->writer_watch, "[crapette] watch the save's writer");
}

/* Stops looking for the other copy to be gone. */
void
crapette_session_unwatch_writer (CrapetteSession *self)
{
  g_clear_handle_id (&self->writer_watch, g_source_remove);
}

/* Makes this session the writer of the saved game that another copy held: takes the lock,
 * reads the save and puts its match on the table (@resumed %TRUE), dropping the match played
 * here. When the save holds no match left to play (the other copy's match ended), the match
 * here goes on and is saved from now on (@resumed %FALSE). %FALSE with @error when another
 * copy holds the lock again; the session then watches for it to be gone, as before. */
gboolean
crapette_session_take_over (CrapetteSession  *self,
                            gboolean         *resumed,
                            GError          **error)
{
  g_autoptr(GError) load_error = NULL;
  g_autoptr(CrapetteMatch) match = NULL;
  g_autofree char *kept_as = NULL;

  g_return_val_if_fail (CRAPETTE_IS_SESSION (self), FALSE);
  g_return_val_if_fail (self->writer != NULL, FALSE);

  if (resumed != NULL)
    *resumed = FALSE;
  crapette_session_unwatch_writer (self);
  if (!crapette_save_writer_lock (self->writer, error))
    {
      crapette_session_watch_writer (self);
      return FALSE;
    }

  crapette_session_cancel_hint (self);
  match = crapette_savegame_load (self->game, &kept_as, &load_error);
  if (load_error != NULL)
    crapette_session_emit_save_set_aside (self, load_error, kept_as);
  if (match != NULL && !crapette_match_is_finished (match))
    {
      crapette_session_adopt_match (self, match, CRAPETTE_MATCH_START_RESUMED);
      if (resumed != NULL)
        *resumed = TRUE;
    }
  else
    crapette_session_save (self);
  return TRUE;
}

/* Returns whether another copy of the game holds the saved game, so this one saves nothing. */
gboolean
crapette_session_get_read_only (CrapetteSession *self)
{
  g_return_val_if_fail (CRAPETTE_IS_SESSION (self), FALSE);

  return self->writer != NULL && crapette_save_writer_get_read_only (self->writer);
}
