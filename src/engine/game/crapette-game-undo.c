/* crapette-game-undo.c: moves taken back, by undo or by a call of "Stop!"
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Both take moves off the round and tell the window what changed. Undo takes
 * back the person's own last move and emits ::move-undone; a call takes back
 * the opponent's mistake and what followed, and is played as a move of its
 * own (::move-applied with a %CRAPETTE_MOVE_STOP), since it stays in the
 * round and its record.
 */

#define G_LOG_DOMAIN "crapette-engine"

#include "config.h"

#include "crapette-game-private.h"

/* Whether the last move may be taken back; see crapette_round_can_undo(). */
gboolean
crapette_game_can_undo (CrapetteGame *self)
{
  g_return_val_if_fail (CRAPETTE_IS_GAME (self), FALSE);

  return crapette_round_can_undo (self->round);
}

/* Whether a move taken back may be played again. */
gboolean
crapette_game_can_redo (CrapetteGame *self)
{
  g_return_val_if_fail (CRAPETTE_IS_GAME (self), FALSE);

  return crapette_round_can_redo (self->round);
}

/* Takes the last move back, if the rules of undo allow it, and emits
 * ::move-undone. Returns whether a move was taken back. */
gboolean
crapette_game_undo (CrapetteGame *self)
{
  Snapshot snapshot;
  CrapetteMove undone;

  g_return_val_if_fail (CRAPETTE_IS_GAME (self), FALSE);

  crapette_game_take_snapshot (self, &snapshot);
  if (!crapette_round_undo (self->round))
    return FALSE;

  undone = *crapette_round_get_redo_move (self->round);
  crapette_game_refresh (self);
  g_object_freeze_notify (G_OBJECT (self));
  crapette_game_emit_undone (self, &undone);
  crapette_game_notify_changes (self, &snapshot);
  g_object_thaw_notify (G_OBJECT (self));
  return TRUE;
}

/* Plays again the last move taken back, with the signals of any move.
 * Returns whether a move was played. */
gboolean
crapette_game_redo (CrapetteGame *self)
{
  g_autoptr(CrapetteView) before = NULL;
  Snapshot snapshot;

  g_return_val_if_fail (CRAPETTE_IS_GAME (self), FALSE);

  crapette_game_take_snapshot (self, &snapshot);
  before = crapette_view_ref (self->view);
  if (!crapette_round_redo (self->round))
    return FALSE;

  crapette_game_emit_played (self, &snapshot, before);
  return TRUE;
}

/* Whether @seat may call "Stop!" now (crapette_round_may_call()): mistakes are
 * called, and it is the other player's turn or @seat has not moved yet. */
gboolean
crapette_game_may_call (CrapetteGame *self,
                        CrapetteSeat  seat)
{
  g_return_val_if_fail (CRAPETTE_IS_GAME (self), FALSE);
  g_return_val_if_fail (seat < CRAPETTE_N_SEATS, FALSE);

  return crapette_round_may_call (self->round, seat);
}

/* @caller calls "Stop!" (crapette_round_call()). A right call takes the
 * mistake and what followed back and passes the turn, with the signals of a
 * move (the move is a %CRAPETTE_MOVE_STOP); otherwise nothing changes and
 * @error says there is nothing to stop. */
gboolean
crapette_game_call (CrapetteGame  *self,
                    CrapetteSeat   caller,
                    GError       **error)
{
  g_autoptr(CrapetteView) before = NULL;
  Snapshot snapshot;

  g_return_val_if_fail (CRAPETTE_IS_GAME (self), FALSE);
  g_return_val_if_fail (caller < CRAPETTE_N_SEATS, FALSE);

  crapette_game_take_snapshot (self, &snapshot);
  before = crapette_view_ref (self->view);
  if (!crapette_round_call (self->round, caller, error))
    return FALSE;

  crapette_game_emit_played (self, &snapshot, before);
  return TRUE;
}
