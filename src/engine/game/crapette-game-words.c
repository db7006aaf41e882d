/* crapette-game-words.c: what happens in the game, in words a person reads
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Moves, hints and calls of "Stop!" said with the players named as the game names them
 * (crapette_game_set_players()), for the status line, screen readers and the history.
 */

#define G_LOG_DOMAIN "crapette-engine"

#include "config.h"

#include "crapette-game-private.h"

#include "crapette-description.h"
#include "crapette-refusal.h"
#include "crapette-view-private.h"

/* A sentence that says what @move does in the position now, for screen
 * readers and the computer's move log: "South plays the Seven of Diamonds
 * from the reserve to foundation 3." */
char *
crapette_game_describe_move (CrapetteGame       *self,
                             const CrapetteMove *move)
{
  g_return_val_if_fail (CRAPETTE_IS_GAME (self), NULL);
  g_return_val_if_fail (move != NULL, NULL);

  return crapette_describe_move_by (crapette_view_get_position (self->view), move,
                                    &self->players);
}

/* @move, a hint for the player to move now, as advice spoken to them: "Hint: put the Eight of
 * Diamonds from your reserve onto the Nine of Clubs." */
char *
crapette_game_describe_hint (CrapetteGame       *self,
                             const CrapetteMove *move)
{
  g_return_val_if_fail (CRAPETTE_IS_GAME (self), NULL);
  g_return_val_if_fail (move != NULL, NULL);

  return crapette_describe_hint (crapette_view_get_position (self->view), move, &self->players);
}

/* What the last call stopped, in words, naming the player who made the
 * mistake as the game names them ("Stop! Computer (Medium) did not play the
 * 5♥ to a foundation", or "Stop! You …"); %NULL if the last move is no call. */
char *
crapette_game_describe_last_call (CrapetteGame *self)
{
  CrapetteBreach breach;

  g_return_val_if_fail (CRAPETTE_IS_GAME (self), NULL);

  if (!crapette_round_get_last_call (self->round, &breach))
    return NULL;
  return crapette_refusal_breach_message (breach.duty, breach.detail,
                                          crapette_player_names_person (&self->players,
                                                                        breach.offender) ==
                                              CRAPETTE_PLAYER_YOU
                                            ? NULL
                                            : crapette_player_names_get (&self->players,
                                                                         breach.offender));
}
