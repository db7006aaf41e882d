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

/* Returns whether the player to move now plays on another machine. */
gboolean
crapette_session_is_remote_to_move (CrapetteSession *self)
{
  g_return_val_if_fail (CRAPETTE_IS_SESSION (self), FALSE);

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
