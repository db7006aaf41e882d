/* crapette-session-play.c: who sits at each seat, their moves, moves taken back, and hints
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The engine decides what may be taken back (crapette_round_can_undo()); the session adds
 * who may: only a person, on their own turn, while the round is in play, so a computer's
 * moves are never taken back. A hint is looked for in a worker and dropped when a move is
 * played or taken back, or a round dealt, before it comes: it would point at cards that
 * have moved.
 */

#define G_LOG_DOMAIN "crapette-session"

#include "config.h"

#include "crapette-session.h"

#include "crapette-hint.h"
#include "crapette-session-private.h"

/* ---- Who plays ------------------------------------------------------------- */

/* Returns the seat the computer plays in the match in play, or %CRAPETTE_NO_SEAT. */
CrapetteSeat
crapette_session_get_computer_seat (CrapetteSession *self)
{
  g_return_val_if_fail (CRAPETTE_IS_SESSION (self), CRAPETTE_NO_SEAT);

  return self->computer_seat;
}

/* Returns the computer player at @seat, or %NULL when a person sits there. */
CrapettePlayer *
crapette_session_get_player (CrapetteSession *self,
                             CrapetteSeat     seat)
{
  g_return_val_if_fail (CRAPETTE_IS_SESSION (self), NULL);
  g_return_val_if_fail (seat < CRAPETTE_N_SEATS, NULL);

  return seat == self->computer_seat ? self->computer_player : NULL;
}

/* Returns whether the player to move now is the computer. */
gboolean
crapette_session_is_computer_to_move (CrapetteSession *self)
{
  g_return_val_if_fail (CRAPETTE_IS_SESSION (self), FALSE);

  return self->computer_seat != CRAPETTE_NO_SEAT &&
         crapette_game_get_phase (self->game) == CRAPETTE_OUTCOME_PLAYING &&
         crapette_game_get_current_player (self->game) == self->computer_seat;
}

/* Plays @move for @seat, which must be the player to move while the round is in play; a
 * move the rules refuse comes back as a %CRAPETTE_MOVE_ERROR in a player's words. */
gboolean
crapette_session_play (CrapetteSession     *self,
                       CrapetteSeat         seat,
                       const CrapetteMove  *move,
                       GError             **error)
{
  g_return_val_if_fail (CRAPETTE_IS_SESSION (self), FALSE);
  g_return_val_if_fail (seat < CRAPETTE_N_SEATS, FALSE);
  g_return_val_if_fail (move != NULL, FALSE);
  g_return_val_if_fail (crapette_game_get_phase (self->game) != CRAPETTE_OUTCOME_PLAYING ||
                        crapette_game_get_current_player (self->game) == seat, FALSE);

  if (!crapette_session_may_play_seat (self, seat, error) ||
      !crapette_session_may_act_locally (self, seat, error))
    return FALSE;
  return crapette_game_play (self->game, move, error);
}

/* ---- "Stop!" ---------------------------------------------------------------- */

/* The seat a person calls "Stop!" from: against the computer, the person's; between two
 * people, the one who may call now (the player not to move, or the player to move before
 * their first move, who calls the last card of the other's turn). */
CrapetteSeat
crapette_session_get_caller (CrapetteSession *self)
{
  g_return_val_if_fail (CRAPETTE_IS_SESSION (self), CRAPETTE_SOUTH);

  if (self->computer_seat != CRAPETTE_NO_SEAT)
    return crapette_seat_opponent (self->computer_seat);
  return crapette_position_caller (crapette_round_get_position (crapette_game_get_round (self->game)));
}

/* Returns whether @seat may call "Stop!" now, rightly or not; it gives no mistake away. */
gboolean
crapette_session_may_call (CrapetteSession *self,
                           CrapetteSeat     seat)
{
  g_return_val_if_fail (CRAPETTE_IS_SESSION (self), FALSE);
  g_return_val_if_fail (seat < CRAPETTE_N_SEATS, FALSE);

  return !self->call_out && crapette_game_may_call (self->game, seat);
}

/* @caller calls "Stop!": the other player's mistake and what followed are taken back and
 * the turn passes (the game's "move-applied", with a %CRAPETTE_MOVE_STOP, saves it); with
 * nothing to stop, nothing changes and @error says so, for the window to show. In a network
 * match, a call on a mistake of the other player's while they are to move goes to their
 * machine instead (::call-relayed, crapette-session-call-out.c): %TRUE, and it is played
 * when it comes back. */
gboolean
crapette_session_call (CrapetteSession  *self,
                       CrapetteSeat      caller,
                       GError          **error)
{
  g_return_val_if_fail (CRAPETTE_IS_SESSION (self), FALSE);
  g_return_val_if_fail (caller < CRAPETTE_N_SEATS, FALSE);

  if (!crapette_session_may_play_seat (self, caller, error) ||
      !crapette_session_may_act_locally (self, caller, error))
    return FALSE;
  if (crapette_session_relay_call (self, caller))
    return TRUE;
  return crapette_game_call (self->game, caller, error);
}

/* Whether the computer calls the mistake the person has just made, if any: the breach must
 * be the person's and still open, and the computer's level must notice it (drawn once per
 * mistake, so asking again gives the same answer). */
gboolean
crapette_session_computer_calls (CrapetteSession *self)
{
  CrapetteBreach breach;

  g_return_val_if_fail (CRAPETTE_IS_SESSION (self), FALSE);

  if (self->computer_seat == CRAPETTE_NO_SEAT || self->computer_player == NULL ||
      !crapette_round_get_breach (crapette_game_get_round (self->game), &breach) ||
      breach.offender == self->computer_seat)
    return FALSE;
  return crapette_player_notices_mistake (self->computer_player,
                                          crapette_game_get_known_view (self->game),
                                          breach.move_index);
}

/* ---- Taking moves back ----------------------------------------------------- */

/* Never in a match across the network: the other player has seen the move. */
static gboolean
person_may_change_moves (CrapetteSession *self)
{
  return !crapette_session_is_computer_to_move (self) &&
         self->remote_seat == CRAPETTE_NO_SEAT &&
         crapette_game_get_phase (self->game) == CRAPETTE_OUTCOME_PLAYING;
}

/* Returns whether the person to move may take a move back now. */
gboolean
crapette_session_can_undo (CrapetteSession *self)
{
  g_return_val_if_fail (CRAPETTE_IS_SESSION (self), FALSE);

  return person_may_change_moves (self) && crapette_game_can_undo (self->game);
}

/* Returns whether the person to move may play a move taken back again now. */
gboolean
crapette_session_can_redo (CrapetteSession *self)
{
  g_return_val_if_fail (CRAPETTE_IS_SESSION (self), FALSE);

  return person_may_change_moves (self) && crapette_game_can_redo (self->game);
}

/* Takes the last move back for the person to move; the game's "move-undone" makes the
 * session save, so the saved game never holds a move taken back. */
gboolean
crapette_session_undo (CrapetteSession *self)
{
  g_return_val_if_fail (CRAPETTE_IS_SESSION (self), FALSE);

  return person_may_change_moves (self) && crapette_game_undo (self->game);
}

/* Plays the last move taken back again for the person to move, and saves. */
gboolean
crapette_session_redo (CrapetteSession *self)
{
  g_return_val_if_fail (CRAPETTE_IS_SESSION (self), FALSE);

  return person_may_change_moves (self) && crapette_game_redo (self->game);
}

/* ---- Hints ----------------------------------------------------------------- */

void
crapette_session_cancel_hint (CrapetteSession *self)
{
  g_cancellable_cancel (self->hint_cancellable);
  g_clear_object (&self->hint_cancellable);
}

static void
on_hint_found_cb (GObject      *source,
                  GAsyncResult *result,
                  gpointer      data)
{
  g_autoptr(GTask) task = data;
  GError *error = NULL;
  CrapetteMove move;

  if (!crapette_hint_find_finish (CRAPETTE_GAME (source), result, &move, &error))
    g_task_return_error (task, error);
  else
    g_task_return_pointer (task, g_memdup2 (&move, sizeof move), g_free);
}

/* Looks, in a worker, for the move Hard would make for the person to move. Asking again, a
 * move played or taken back, or a new round cancels it (%G_IO_ERROR_CANCELLED). */
void
crapette_session_find_hint_async (CrapetteSession     *self,
                                  GAsyncReadyCallback  callback,
                                  gpointer             user_data)
{
  GTask *task;

  g_return_if_fail (CRAPETTE_IS_SESSION (self));

  crapette_session_cancel_hint (self);
  self->hint_cancellable = g_cancellable_new ();
  task = g_task_new (self, self->hint_cancellable, callback, user_data);
  g_task_set_source_tag (task, crapette_session_find_hint_async);
  crapette_hint_find_async (self->game, self->hint_cancellable, on_hint_found_cb, task);
}

/* Collects the hint; %FALSE with @error set when the game moved on or it was cancelled. */
gboolean
crapette_session_find_hint_finish (CrapetteSession  *self,
                                   GAsyncResult     *result,
                                   CrapetteMove     *move,
                                   GError          **error)
{
  g_autofree CrapetteMove *found = NULL;

  g_return_val_if_fail (CRAPETTE_IS_SESSION (self), FALSE);
  g_return_val_if_fail (g_task_is_valid (result, self), FALSE);
  g_return_val_if_fail (move != NULL, FALSE);

  found = g_task_propagate_pointer (G_TASK (result), error);
  if (found == NULL)
    return FALSE;
  *move = *found;
  return TRUE;
}
