/* crapette-session-call-out.c: a "Stop!" call sent to the other machine, the table held
 * until it comes back
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * With mistakes called in a network match, a call made while the other player (the
 * offender) is to move would cross the moves they play while it travels. So the session
 * does not play it: it tells the network peer (::call-relayed), which sends it, and holds
 * the table: no local move or call is played, and crapette_session_is_remote_to_move()
 * says the other machine has the table, until the peer brings the answer back
 * (crapette_session_answer_call()): the call as the offender's table played it, or nothing
 * stopped because the round had ended there first (docs/network.md, "Moves and "Stop!"").
 */

#define G_LOG_DOMAIN "crapette-session"

#include "config.h"

#include "crapette-session.h"

#include <glib/gi18n-lib.h>

#include "crapette-enums.h"
#include "crapette-session-private.h"

enum {
  CALL_RELAYED,
  CALL_ANSWERED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

void
crapette_session_class_init_call_out (GObjectClass *object_class)
{
  GType type = G_TYPE_FROM_CLASS (object_class);

  /**
   * CrapetteSession::call-relayed:
   * @caller: the local seat that called "Stop!"
   *
   * The call is for the other machine to play, its player being to move: the network peer
   * sends it; the table is held until crapette_session_answer_call().
   */
  signals[CALL_RELAYED] =
    g_signal_new ("call-relayed", type, G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 1, CRAPETTE_TYPE_SEAT);

  /**
   * CrapetteSession::call-answered:
   * @stopped: whether the call took moves back; %FALSE: the round had ended over there
   *
   * The call relayed has come back and the table is let go.
   */
  signals[CALL_ANSWERED] =
    g_signal_new ("call-answered", type, G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 1, G_TYPE_BOOLEAN);
}

/* Whether @caller's call must go to the other machine rather than be played here: the
 * other player, who made the mistake still open, is to move. A call with nothing to stop
 * on this table is not sent: it changes nothing anywhere. */
static gboolean
must_relay (CrapetteSession *self,
            CrapetteSeat     caller)
{
  CrapetteBreach breach;

  return self->remote_seat != CRAPETTE_NO_SEAT && caller != self->remote_seat &&
         crapette_game_get_phase (self->game) == CRAPETTE_OUTCOME_PLAYING &&
         crapette_game_get_current_player (self->game) == self->remote_seat &&
         crapette_round_get_breach (crapette_game_get_round (self->game), &breach) &&
         breach.offender == self->remote_seat;
}

/* Whether a local move or call may be played now: not while a call is out. */
gboolean
crapette_session_may_act_locally (CrapetteSession  *self,
                                  CrapetteSeat      seat,
                                  GError          **error)
{
  if (!self->call_out || seat == self->remote_seat)
    return TRUE;
  g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_PENDING,
                       _("Wait until the other table has taken your “Stop!”"));
  return FALSE;
}

/* Sends @caller's call out, if it must go to the other machine: %TRUE then, with the
 * table held. */
gboolean
crapette_session_relay_call (CrapetteSession *self,
                             CrapetteSeat     caller)
{
  if (!must_relay (self, caller))
    return FALSE;
  self->call_out = TRUE;
  self->call_out_seat = caller;
  g_signal_emit (self, signals[CALL_RELAYED], 0, caller);
  return TRUE;
}

/* Forgets a call out without a word: the match it was made in is gone. */
void
crapette_session_drop_call (CrapetteSession *self)
{
  self->call_out = FALSE;
}

/**
 * crapette_session_get_call_out:
 *
 * Returns whether a local "Stop!" call has gone to the other machine and not come back:
 * until it does, no local move or call is played.
 */
gboolean
crapette_session_get_call_out (CrapetteSession *self)
{
  g_return_val_if_fail (CRAPETTE_IS_SESSION (self), FALSE);

  return self->call_out;
}

/**
 * crapette_session_answer_call:
 * @stopped: the other machine played the call; %FALSE: nothing was stopped there
 *
 * Brings the call out back and lets the table go. With @stopped the call is played here
 * as the other table played it (the game's "move-applied" with a %CRAPETTE_MOVE_STOP);
 * %FALSE with @error if this table refuses it, the table let go all the same.
 */
gboolean
crapette_session_answer_call (CrapetteSession  *self,
                              gboolean          stopped,
                              GError          **error)
{
  gboolean played = TRUE;

  g_return_val_if_fail (CRAPETTE_IS_SESSION (self), FALSE);
  g_return_val_if_fail (self->call_out, FALSE);

  self->call_out = FALSE;
  if (stopped)
    played = crapette_game_call (self->game, self->call_out_seat, error);
  g_signal_emit (self, signals[CALL_ANSWERED], 0, stopped && played);
  return played;
}

/**
 * crapette_session_play_answered_call:
 * @caller: the local seat that called
 *
 * Plays @caller's call as the other machine has already played it (a call relayed and
 * answered, played again from a match kept on disk): never sent out again.
 */
gboolean
crapette_session_play_answered_call (CrapetteSession  *self,
                                     CrapetteSeat      caller,
                                     GError          **error)
{
  g_return_val_if_fail (CRAPETTE_IS_SESSION (self), FALSE);
  g_return_val_if_fail (caller < CRAPETTE_N_SEATS, FALSE);

  if (!crapette_session_may_play_seat (self, caller, error))
    return FALSE;
  return crapette_game_call (self->game, caller, error);
}

/**
 * crapette_session_hold_for_call:
 * @caller: the local seat whose call is out
 *
 * Holds the table for a call relayed before a restart, whose answer is still to come.
 */
void
crapette_session_hold_for_call (CrapetteSession *self,
                                CrapetteSeat     caller)
{
  g_return_if_fail (CRAPETTE_IS_SESSION (self));
  g_return_if_fail (caller < CRAPETTE_N_SEATS);

  self->call_out = TRUE;
  self->call_out_seat = caller;
}
