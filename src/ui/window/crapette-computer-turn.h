/* crapette-computer-turn.h: plays the computer's moves on the table, one by one, at a person's pace
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

#include "crapette-session.h"
#include "crapette-table.h"

G_BEGIN_DECLS

#define CRAPETTE_TYPE_COMPUTER_TURN (crapette_computer_turn_get_type ())

G_DECLARE_FINAL_TYPE (CrapetteComputerTurn, crapette_computer_turn, CRAPETTE, COMPUTER_TURN,
                      GObject)

/* Creates a driver that plays the moves of the computer @session seats, waiting for @table's
 * animations. */
CrapetteComputerTurn *crapette_computer_turn_new             (CrapetteSession      *session,
                                                              CrapetteTable        *table);

/* Returns the seat the computer plays, or %CRAPETTE_NO_SEAT. */
CrapetteSeat          crapette_computer_turn_get_seat        (CrapetteComputerTurn *self);

/* Plays at @speed's pace: the Computer Speed setting. */
void                  crapette_computer_turn_set_speed       (CrapetteComputerTurn *self,
                                                              CrapetteSpeed         speed);

/* Sets the pause before each of the computer's moves, in milliseconds, the same for every move
 * of a turn, with the table's own flights (for tests). */
void                  crapette_computer_turn_set_pace        (CrapetteComputerTurn *self,
                                                              guint                 pace_ms);

/* Returns whether the player to move now is the computer. */
gboolean              crapette_computer_turn_is_computer_to_move (CrapetteComputerTurn *self);

/* Returns whether a worker is choosing the computer's next move right now. */
gboolean              crapette_computer_turn_is_thinking     (CrapetteComputerTurn *self);

/* Returns whether a chosen move waits for the cards to land or for the pause to end. */
gboolean              crapette_computer_turn_has_move_ready  (CrapetteComputerTurn *self);

/* Stops whatever the computer is thinking or about to play; it starts again on its next move. */
void                  crapette_computer_turn_cancel          (CrapetteComputerTurn *self);

/* Looks again at the game and plays on if it is the computer's move (after a cancel). */
void                  crapette_computer_turn_resume          (CrapetteComputerTurn *self);

G_END_DECLS
