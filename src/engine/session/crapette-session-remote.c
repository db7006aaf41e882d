/* crapette-session-remote.c: a seat played from another machine
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The engine knows nothing of networks: src/net/ seats the other player here and plays
 * their moves through crapette_session_play(), the same judge a person's moves meet. The
 * session only needs to know the seat, so that the window holds local input back on it
 * and no move is taken back that the other player has already seen.
 */

#define G_LOG_DOMAIN "crapette-session"

#include "config.h"

#include "crapette-session.h"

#include <glib/gi18n-lib.h>

#include "crapette-session-private.h"

/* Seats a player on another machine at @seat, or nobody with %CRAPETTE_NO_SEAT; the game's
 * players in words follow (crapette_game_set_remote_player()). */
void
crapette_session_set_remote_seat (CrapetteSession *self,
                                  CrapetteSeat     seat)
{
  g_return_if_fail (CRAPETTE_IS_SESSION (self));
  g_return_if_fail (seat < CRAPETTE_N_SEATS || seat == CRAPETTE_NO_SEAT);

  self->remote_seat = seat;
  crapette_session_drop_call (self);
  /* The person at this screen is then "You", the friend called by their name. */
  crapette_game_set_remote_player (self->game, seat);
}

/* Returns the seat a player on another machine plays, or %CRAPETTE_NO_SEAT. */
CrapetteSeat
crapette_session_get_remote_seat (CrapetteSession *self)
{
  g_return_val_if_fail (CRAPETTE_IS_SESSION (self), CRAPETTE_NO_SEAT);

  return self->remote_seat;
}

/* Returns whether the player to move now plays on another machine, or the table waits for
 * it to answer a local call (crapette_session_get_call_out()). */
gboolean
crapette_session_is_remote_to_move (CrapetteSession *self)
{
  g_return_val_if_fail (CRAPETTE_IS_SESSION (self), FALSE);

  if (self->call_out)
    return TRUE;
  return self->remote_seat != CRAPETTE_NO_SEAT &&
         crapette_game_get_phase (self->game) == CRAPETTE_OUTCOME_PLAYING &&
         crapette_game_get_current_player (self->game) == self->remote_seat;
}

/* Starts @match, made on the session's game and not yet dealt, as a new match: its first
 * round is dealt and it is saved like any other. */
void
crapette_session_start_match (CrapetteSession *self,
                              CrapetteMatch   *match)
{
  g_return_if_fail (CRAPETTE_IS_SESSION (self));
  g_return_if_fail (CRAPETTE_IS_MATCH (match));
  g_return_if_fail (crapette_match_get_game (match) == self->game);

  crapette_session_take_opponent (self, crapette_match_get_opponent (match));
  crapette_session_adopt_match (self, match, CRAPETTE_MATCH_START_NEW);
}

/* Whether a move or a call for @seat may be played here: never the remote seat's, unless it
 * comes from the other machine through crapette_session_play_remote() or
 * crapette_session_call_remote(). A restored network match is held to this as a new one. */
gboolean
crapette_session_may_play_seat (CrapetteSession  *self,
                                CrapetteSeat      seat,
                                GError          **error)
{
  if (seat != self->remote_seat || self->playing_remote)
    return TRUE;
  g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_PERMISSION_DENIED,
                       _("Your friend plays these cards from their own table"));
  return FALSE;
}

/* Plays @move, which came from the other machine, for the remote seat. */
gboolean
crapette_session_play_remote (CrapetteSession     *self,
                              const CrapetteMove  *move,
                              GError             **error)
{
  gboolean played;

  g_return_val_if_fail (CRAPETTE_IS_SESSION (self), FALSE);
  g_return_val_if_fail (self->remote_seat != CRAPETTE_NO_SEAT, FALSE);

  self->playing_remote = TRUE;
  played = crapette_session_play (self, self->remote_seat, move, error);
  self->playing_remote = FALSE;
  return played;
}

/* Plays the other machine's "Stop!" call, made from the remote seat. */
gboolean
crapette_session_call_remote (CrapetteSession  *self,
                              GError          **error)
{
  gboolean called;

  g_return_val_if_fail (CRAPETTE_IS_SESSION (self), FALSE);
  g_return_val_if_fail (self->remote_seat != CRAPETTE_NO_SEAT, FALSE);

  self->playing_remote = TRUE;
  called = crapette_session_call (self, self->remote_seat, error);
  self->playing_remote = FALSE;
  return called;
}
