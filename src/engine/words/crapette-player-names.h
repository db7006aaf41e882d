/* crapette-player-names.h: one name for each player, everywhere a person reads it
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

#include "crapette-enums.h"
#include "crapette-types.h"

G_BEGIN_DECLS

/**
 * CrapettePlayerPerson:
 * @CRAPETTE_PLAYER_YOU: the person playing against the computer, with no name given: "You",
 *   spoken to in the second person ("You play…", "your reserve").
 * @CRAPETTE_PLAYER_COMPUTER: the computer, with no name given: "Computer (Medium)".
 * @CRAPETTE_PLAYER_NAMED: a player with a name given in the preferences.
 * @CRAPETTE_PLAYER_SEAT: one of two people at one screen with no name given: "South", "North".
 *
 * How a player is named, so that sentences can be written whole for each (translators
 * conjugate "You play" and "%s plays" differently).
 */
typedef enum
{
  CRAPETTE_PLAYER_YOU,
  CRAPETTE_PLAYER_COMPUTER,
  CRAPETTE_PLAYER_NAMED,
  CRAPETTE_PLAYER_SEAT,
} CrapettePlayerPerson;

/**
 * CrapettePlayerNames:
 * @opponent: who plays North.
 * @given: the names given in the preferences, "" for none; owned.
 * @remote: whether the player at each seat plays on another machine. The other player, the
 *   person at this screen, is then "You" whatever their name, and the one far away is called
 *   by their name: as against the computer.
 *
 * Who sits at each seat, enough to name both players. crapette_player_names_clear() on a
 * zero-filled one makes it two people with no names, and frees the names later.
 */
typedef struct
{
  CrapetteOpponent opponent;
  char *given[CRAPETTE_N_SEATS];
  gboolean remote[CRAPETTE_N_SEATS];
} CrapettePlayerNames;

/* How the player at @seat is named, given who plays North and the name given ("" or %NULL: none). */
CrapettePlayerPerson crapette_player_person (CrapetteOpponent opponent,
                                             CrapetteSeat     seat,
                                             const char      *given_name);

/* The name of the player at @seat: "You", "Computer (Medium)", the name given, or "South". */
const char *crapette_player_name            (CrapetteOpponent opponent,
                                             CrapetteSeat     seat,
                                             const char      *given_name);

/* Whether the player at @seat is the person at the screen, spoken to as "you". */
gboolean    crapette_player_is_you          (CrapetteOpponent opponent,
                                             CrapetteSeat     seat,
                                             const char      *given_name);

/* Fills @names with who plays North and copies of the names given (%NULL: none). */
void        crapette_player_names_set       (CrapettePlayerNames *names,
                                             CrapetteOpponent     opponent,
                                             const char          *south_name,
                                             const char          *north_name);

/* Frees the names held by @names and makes it two people with no names again. */
void        crapette_player_names_clear     (CrapettePlayerNames *names);

/* How @names names the player at @seat; @names %NULL: two people with no names. */
CrapettePlayerPerson crapette_player_names_person (const CrapettePlayerNames *names,
                                                   CrapetteSeat               seat);

/* The name of the player at @seat in @names (%NULL: two people with no names). */
const char *crapette_player_names_get       (const CrapettePlayerNames *names,
                                             CrapetteSeat               seat);

/* Marks the player at @seat as playing on another machine (%CRAPETTE_NO_SEAT: nobody). */
void        crapette_player_names_set_remote (CrapettePlayerNames *names,
                                              CrapetteSeat         seat);

/* The seat @names marks as playing on another machine, or %CRAPETTE_NO_SEAT. */
CrapetteSeat crapette_player_names_get_remote (const CrapettePlayerNames *names);

/* @pile as said in the middle of a sentence, with its owner as @names names them: "your
 * reserve", "the computer’s waste pile", "Anna’s stock", "South’s reserve", "House 3". */
char       *crapette_player_pile_name       (const CrapettePlayerNames *names,
                                             CrapetteVariant            variant,
                                             CrapettePileId             pile);

/* @pile as said to the player at @reader, whose own piles are "your" whatever their name. */
char       *crapette_player_pile_name_to    (const CrapettePlayerNames *names,
                                             CrapetteVariant            variant,
                                             CrapettePileId             pile,
                                             CrapetteSeat               reader);

G_END_DECLS
