/* crapette-hint.c: the move the strongest computer player would make for a person
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Each hint gets a Hard player of its own, so that asking for a hint never
 * shares a player with the computer opponent's thread. Hard is only given the
 * view, so a hint knows no more than the person asking.
 */

#define G_LOG_DOMAIN "crapette-engine"

#include "config.h"

#include "crapette-hint.h"

#include <glib/gi18n-lib.h>

#include "crapette-player-async.h"

#define HINT_LEVEL "hard"

static void
on_choice_made_cb (GObject      *source,
                   GAsyncResult *result,
                   gpointer      data)
{
  g_autoptr(GTask) task = data;
  CrapetteGame *game = g_task_get_source_object (task);
  guint move_number = GPOINTER_TO_UINT (g_task_get_task_data (task));
  GError *error = NULL;
  CrapetteMove move;

  if (!crapette_player_choose_finish (CRAPETTE_PLAYER (source), result, &move, &error))
    {
      g_task_return_error (task, error);
      return;
    }
  /* A hint for a position that is gone would point at the wrong cards. */
  if (crapette_view_get_move_number (crapette_game_get_view (game)) != move_number)
    {
      g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_CANCELLED,
                               _("The game moved on before the hint was found"));
      return;
    }
  g_task_return_pointer (task, g_memdup2 (&move, sizeof move), g_free);
}

/* Starts looking, in a worker thread, for the move Hard would make in @game's view. */
void
crapette_hint_find_async (CrapetteGame        *game,
                          GCancellable        *cancellable,
                          GAsyncReadyCallback  callback,
                          gpointer             user_data)
{
  g_autoptr(GTask) task = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(CrapettePlayer) player = NULL;
  const CrapettePosition *view;

  g_return_if_fail (CRAPETTE_IS_GAME (game));
  g_return_if_fail (cancellable == NULL || G_IS_CANCELLABLE (cancellable));

  task = g_task_new (game, cancellable, callback, user_data);
  g_task_set_source_tag (task, crapette_hint_find_async);

  view = crapette_game_get_known_view (game);
  g_task_set_task_data (task, GUINT_TO_POINTER (view->move_number), NULL);
  player = crapette_player_new (HINT_LEVEL, view->deal_number + view->move_number, &error);
  if (player == NULL)
    {
      g_task_return_error (task, g_steal_pointer (&error));
      return;
    }

  /* The choice's own task keeps the player until it is made. */
  crapette_player_choose_async (player, view, cancellable, on_choice_made_cb,
                                g_steal_pointer (&task));
}

/* Collects the hint; %FALSE with @error set when the round moved on or was cancelled. */
gboolean
crapette_hint_find_finish (CrapetteGame  *game,
                           GAsyncResult  *result,
                           CrapetteMove  *move,
                           GError       **error)
{
  g_autofree CrapetteMove *found = NULL;

  g_return_val_if_fail (CRAPETTE_IS_GAME (game), FALSE);
  g_return_val_if_fail (g_task_is_valid (result, game), FALSE);
  g_return_val_if_fail (move != NULL, FALSE);

  found = g_task_propagate_pointer (G_TASK (result), error);
  if (found == NULL)
    return FALSE;
  *move = *found;
  return TRUE;
}
