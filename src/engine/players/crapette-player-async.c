/* crapette-player-async.c: a computer player's choice made in a worker thread
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "crapette-engine"

#include "config.h"

#include "crapette-player-async.h"

#include <glib/gi18n-lib.h>

/* The task is the player's (its source object), so it holds a reference to the
 * player until the callback has run; the view travels as the task data. */
static void
choose_in_thread (GTask        *task,
                  gpointer      source_object,
                  gpointer      task_data,
                  GCancellable *cancellable)
{
  const CrapettePosition *view = task_data;
  CrapetteMove *move;

  if (g_task_return_error_if_cancelled (task))
    return;

  move = g_new (CrapetteMove, 1);
  crapette_player_choose (CRAPETTE_PLAYER (source_object), view, move);
  /* A choice that comes back after a new game started must not be played. */
  if (g_cancellable_is_cancelled (cancellable))
    {
      g_free (move);
      g_task_return_error_if_cancelled (task);
      return;
    }
  g_task_return_pointer (task, move, g_free);
}

/* Starts @player choosing a move in a copy of @view (a view of a round in
 * play) in a worker thread; @callback runs in the calling thread's main
 * context when the choice is made or @cancellable is cancelled. */
void
crapette_player_choose_async (CrapettePlayer         *player,
                              const CrapettePosition *view,
                              GCancellable           *cancellable,
                              GAsyncReadyCallback     callback,
                              gpointer                user_data)
{
  g_autoptr(GTask) task = NULL;

  g_return_if_fail (CRAPETTE_IS_PLAYER (player));
  g_return_if_fail (view != NULL);
  g_return_if_fail (cancellable == NULL || G_IS_CANCELLABLE (cancellable));

  task = g_task_new (player, cancellable, callback, user_data);
  g_task_set_source_tag (task, crapette_player_choose_async);
  g_task_set_name (task, "crapette-player-choose");
  /* Not returned early on cancel: the callback comes once the worker is done
   * with the player, so that a player is never asked twice at once. */

  if (view->outcome != CRAPETTE_OUTCOME_PLAYING)
    {
      g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                               _("There is no move to choose: the round is over"));
      return;
    }

  g_task_set_task_data (task, g_memdup2 (view, sizeof *view), g_free);
  g_task_run_in_thread (task, choose_in_thread);
}

/* Collects the move started by crapette_player_choose_async(); FALSE with
 * @error set (%G_IO_ERROR_CANCELLED when cancelled) if there is none. */
gboolean
crapette_player_choose_finish (CrapettePlayer  *player,
                               GAsyncResult    *result,
                               CrapetteMove    *move,
                               GError         **error)
{
  g_autofree CrapetteMove *chosen = NULL;

  g_return_val_if_fail (CRAPETTE_IS_PLAYER (player), FALSE);
  g_return_val_if_fail (g_task_is_valid (result, player), FALSE);
  g_return_val_if_fail (g_task_get_source_tag (G_TASK (result)) == crapette_player_choose_async,
                        FALSE);
  g_return_val_if_fail (move != NULL, FALSE);

  chosen = g_task_propagate_pointer (G_TASK (result), error);
  if (chosen == NULL)
    return FALSE;
  *move = *chosen;
  return TRUE;
}
