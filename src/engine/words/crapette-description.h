/* crapette-description.h: moves in words, for screen readers and messages
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

#include "crapette-names.h"
#include "crapette-player-names.h"
#include "crapette-position.h"

G_BEGIN_DECLS

/* A sentence saying what @move does in @position, before it is played, by seat names. */
char       *crapette_describe_move    (const CrapettePosition    *position,
                                       const CrapetteMove        *move);

/* The same, with the players and their piles named as @names names them ("You play…"). */
char       *crapette_describe_move_by (const CrapettePosition    *position,
                                       const CrapetteMove        *move,
                                       const CrapettePlayerNames *names);

/* What @played (as recorded, with its card) turned face up: "Turned up: Seven of Diamonds". */
char       *crapette_describe_revealed (const CrapettePosition *before,
                                        const CrapetteMove     *played);

/* @move as a line of the move history, under its player's name: "Seven of Diamonds from your
 * reserve to the Eight of Clubs." */
char       *crapette_describe_move_line (const CrapettePosition    *position,
                                         const CrapetteMove        *move,
                                         const CrapettePlayerNames *names);

/* @played (as the round recorded it) from @before, as a move history lists it: its line, the
 * whole sentence, who made it, whether it loaded the opponent's pile, and what it turned up. */
char       *crapette_describe_history_move (const CrapettePosition    *before,
                                            const CrapetteMove        *played,
                                            const CrapettePlayerNames *names,
                                            char                     **sentence,
                                            CrapetteSeat              *mover,
                                            gboolean                  *load,
                                            char                     **revealed);

/* Advice to the player to move: "Hint: put the Eight of Diamonds from your reserve onto …". */
char       *crapette_describe_hint     (const CrapettePosition    *position,
                                        const CrapetteMove        *move,
                                        const CrapettePlayerNames *names);

G_END_DECLS
