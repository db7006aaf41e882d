/* crapette-player-names.c: one name for each player, everywhere a person reads it
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Against the computer the person is "You" and the computer "Computer (Medium)"; two people
 * at one screen are "South" and "North"; a name given in the preferences wins over both. The
 * seats' names stay for the rules and the files, never for the person in a one-player game.
 * The status lines, the move history, the moves in words, the hint, the round summary and the
 * pile names for screen readers all ask here, so a player is called the same everywhere.
 */

#define G_LOG_DOMAIN "crapette-engine"

#include "config.h"

#include "crapette-player-names.h"

#include <glib/gi18n-lib.h>

#include "crapette-names.h"
#include "crapette-position.h"

static gboolean
is_computer (CrapetteOpponent opponent)
{
  return opponent != CRAPETTE_OPPONENT_TWO_PLAYERS && opponent < CRAPETTE_N_OPPONENTS;
}

/* How the player at @seat is named, given who plays North and the name given ("" or %NULL: none). */
CrapettePlayerPerson
crapette_player_person (CrapetteOpponent opponent,
                        CrapetteSeat     seat,
                        const char      *given_name)
{
  g_return_val_if_fail (seat < CRAPETTE_N_SEATS, CRAPETTE_PLAYER_SEAT);

  if (given_name != NULL && given_name[0] != '\0')
    return CRAPETTE_PLAYER_NAMED;
  if (!is_computer (opponent))
    return CRAPETTE_PLAYER_SEAT;
  return seat == CRAPETTE_NORTH ? CRAPETTE_PLAYER_COMPUTER : CRAPETTE_PLAYER_YOU;
}

static const char *
computer_name (CrapetteOpponent opponent)
{
  switch (opponent)
    {
    case CRAPETTE_OPPONENT_COMPUTER_EASY:
      /* Translators: the computer as a player, named in status lines and moves in words */
      return _("Computer (Easy)");
    case CRAPETTE_OPPONENT_COMPUTER_HARD:
      /* Translators: the computer as a player, named in status lines and moves in words */
      return _("Computer (Hard)");
    case CRAPETTE_OPPONENT_COMPUTER_MEDIUM:
    case CRAPETTE_OPPONENT_TWO_PLAYERS:
    case CRAPETTE_N_OPPONENTS:
    default:
      /* Translators: the computer as a player, named in status lines and moves in words */
      return _("Computer (Medium)");
    }
}

/* The name of the player at @seat: "You", "Computer (Medium)", the name given, or "South". */
const char *
crapette_player_name (CrapetteOpponent opponent,
                      CrapetteSeat     seat,
                      const char      *given_name)
{
  g_return_val_if_fail (seat < CRAPETTE_N_SEATS, NULL);

  switch (crapette_player_person (opponent, seat, given_name))
    {
    case CRAPETTE_PLAYER_NAMED:
      return given_name;
    case CRAPETTE_PLAYER_YOU:
      /* Translators: the person playing against the computer, as named in status lines,
       * the move history and the round summary */
      return _("You");
    case CRAPETTE_PLAYER_COMPUTER:
      return computer_name (opponent);
    case CRAPETTE_PLAYER_SEAT:
    default:
      return crapette_seat_name (seat);
    }
}

/* Whether the player at @seat is the person at the screen, spoken to as "you". */
gboolean
crapette_player_is_you (CrapetteOpponent opponent,
                        CrapetteSeat     seat,
                        const char      *given_name)
{
  return crapette_player_person (opponent, seat, given_name) == CRAPETTE_PLAYER_YOU;
}

/* Fills @names with who plays North and copies of the names given (%NULL: none). */
void
crapette_player_names_set (CrapettePlayerNames *names,
                           CrapetteOpponent     opponent,
                           const char          *south_name,
                           const char          *north_name)
{
  g_return_if_fail (names != NULL);

  crapette_player_names_clear (names);
  names->opponent = opponent;
  names->given[CRAPETTE_SOUTH] = g_strdup (south_name != NULL ? south_name : "");
  names->given[CRAPETTE_NORTH] = g_strdup (north_name != NULL ? north_name : "");
}

/* Frees the names held by @names and makes it two people with no names again. */
void
crapette_player_names_clear (CrapettePlayerNames *names)
{
  g_return_if_fail (names != NULL);

  names->opponent = CRAPETTE_OPPONENT_TWO_PLAYERS;
  names->remote[CRAPETTE_SOUTH] = FALSE;
  names->remote[CRAPETTE_NORTH] = FALSE;
  g_clear_pointer (&names->given[CRAPETTE_SOUTH], g_free);
  g_clear_pointer (&names->given[CRAPETTE_NORTH], g_free);
}

/* Whether the player at @seat sits at this screen and the other plays on another machine. */
static gboolean
is_local_against_remote (const CrapettePlayerNames *names,
                         CrapetteSeat               seat)
{
  return names != NULL && seat < CRAPETTE_N_SEATS && !names->remote[seat] &&
         names->remote[crapette_seat_opponent (seat)];
}

/* How @names names the player at @seat; @names %NULL: two people with no names. */
CrapettePlayerPerson
crapette_player_names_person (const CrapettePlayerNames *names,
                              CrapetteSeat               seat)
{
  if (names == NULL)
    return crapette_player_person (CRAPETTE_OPPONENT_TWO_PLAYERS, seat, NULL);
  if (is_local_against_remote (names, seat))
    return CRAPETTE_PLAYER_YOU;
  return crapette_player_person (names->opponent, seat, names->given[seat]);
}

/* The name of the player at @seat in @names (%NULL: two people with no names). */
const char *
crapette_player_names_get (const CrapettePlayerNames *names,
                           CrapetteSeat               seat)
{
  if (names == NULL)
    return crapette_player_name (CRAPETTE_OPPONENT_TWO_PLAYERS, seat, NULL);
  if (is_local_against_remote (names, seat))
    /* Translators: the person playing against the computer, as named in status lines,
     * the move history and the round summary */
    return _("You");
  return crapette_player_name (names->opponent, seat, names->given[seat]);
}

/* Marks the player at @seat as playing on another machine (%CRAPETTE_NO_SEAT: nobody), so
 * that the other, at this screen, is "You". */
void
crapette_player_names_set_remote (CrapettePlayerNames *names,
                                  CrapetteSeat         seat)
{
  g_return_if_fail (names != NULL);

  for (CrapetteSeat each = 0; each < CRAPETTE_N_SEATS; each++)
    names->remote[each] = each == seat;
}

/* The seat @names marks as playing on another machine, or %CRAPETTE_NO_SEAT. */
CrapetteSeat
crapette_player_names_get_remote (const CrapettePlayerNames *names)
{
  for (CrapetteSeat each = 0; names != NULL && each < CRAPETTE_N_SEATS; each++)
    if (names->remote[each])
      return each;
  return CRAPETTE_NO_SEAT;
}

/* A player's own piles by game and kind (stock to reserve), for the person ("your") and the
 * computer; whole phrases, so each language can decline them. American Bank has no reserves;
 * its hand, card in hand and talon use the stock's slots. */
static const char * const your_piles[CRAPETTE_N_VARIANTS][CRAPETTE_PILE_KIND_HOUSE] = {
  [CRAPETTE_VARIANT_RUSSIAN] = {
    N_("your stock"), N_("your turned card"), N_("your waste pile"), N_("your reserve"),
  },
  [CRAPETTE_VARIANT_AMERICAN] = {
    N_("your hand"), N_("your card in hand"), N_("your talon"), N_("your reserve"),
  },
};

static const char * const computer_piles[CRAPETTE_N_VARIANTS][CRAPETTE_PILE_KIND_HOUSE] = {
  [CRAPETTE_VARIANT_RUSSIAN] = {
    N_("the computer’s stock"), N_("the computer’s turned card"),
    N_("the computer’s waste pile"), N_("the computer’s reserve"),
  },
  [CRAPETTE_VARIANT_AMERICAN] = {
    N_("the computer’s hand"), N_("the computer’s card in hand"), N_("the computer’s talon"),
    N_("the computer’s reserve"),
  },
};

/* A named player's own pile: each phrase a literal, so the compiler checks its %s. */
static char *
named_pile_name (CrapetteVariant  variant,
                 CrapettePileKind kind,
                 const char      *name)
{
  gboolean american = variant == CRAPETTE_VARIANT_AMERICAN;

  /* Translators: %s is a player's name as given in the preferences; a pile of theirs */
  switch (kind)
    {
    case CRAPETTE_PILE_KIND_STOCK:
      return g_strdup_printf (american ? _("%s’s hand") : _("%s’s stock"), name);
    case CRAPETTE_PILE_KIND_TURNED:
      return g_strdup_printf (american ? _("%s’s card in hand") : _("%s’s turned card"), name);
    case CRAPETTE_PILE_KIND_WASTE:
      return g_strdup_printf (american ? _("%s’s talon") : _("%s’s waste pile"), name);
    case CRAPETTE_PILE_KIND_RESERVE:
    case CRAPETTE_PILE_KIND_HOUSE:
    case CRAPETTE_PILE_KIND_FOUNDATION:
    case CRAPETTE_N_PILE_KINDS:
    default:
      return g_strdup_printf (_("%s’s reserve"), name);
    }
}

static char *
pile_name_by_person (const CrapettePlayerNames *names,
                     CrapetteVariant            variant,
                     CrapettePileId             pile,
                     CrapettePlayerPerson       person)
{
  CrapettePileKind kind = crapette_pile_kind (pile);
  CrapetteSeat owner = crapette_pile_seat (pile);

  if (kind >= CRAPETTE_PILE_KIND_HOUSE)
    return crapette_pile_name (variant, pile);
  switch (person)
    {
    case CRAPETTE_PLAYER_YOU:
      return g_strdup (_(your_piles[variant][kind]));
    case CRAPETTE_PLAYER_COMPUTER:
      return g_strdup (_(computer_piles[variant][kind]));
    case CRAPETTE_PLAYER_NAMED:
      g_assert (names != NULL);
      return named_pile_name (variant, kind, names->given[owner]);
    case CRAPETTE_PLAYER_SEAT:
    default:
      return crapette_pile_name (variant, pile);
    }
}

/* @pile as said in the middle of a sentence, with its owner as @names names them: "your
 * reserve", "the computer’s waste pile", "Anna’s stock", "South’s reserve", "House 3". */
char *
crapette_player_pile_name (const CrapettePlayerNames *names,
                           CrapetteVariant            variant,
                           CrapettePileId             pile)
{
  g_return_val_if_fail (variant < CRAPETTE_N_VARIANTS, NULL);
  g_return_val_if_fail (pile < CRAPETTE_N_PILES, NULL);

  if (crapette_pile_kind (pile) >= CRAPETTE_PILE_KIND_HOUSE)
    return crapette_pile_name (variant, pile);
  return pile_name_by_person (names, variant, pile,
                              crapette_player_names_person (names, crapette_pile_seat (pile)));
}

/* @pile as said to the player at @reader, whose own piles are "your" whatever their name
 * (a hint speaks to the player to move, even between two people). */
char *
crapette_player_pile_name_to (const CrapettePlayerNames *names,
                              CrapetteVariant            variant,
                              CrapettePileId             pile,
                              CrapetteSeat               reader)
{
  CrapetteSeat owner;

  g_return_val_if_fail (variant < CRAPETTE_N_VARIANTS, NULL);
  g_return_val_if_fail (pile < CRAPETTE_N_PILES, NULL);

  owner = crapette_pile_seat (pile);
  if (owner == reader)
    return pile_name_by_person (names, variant, pile, CRAPETTE_PLAYER_YOU);
  return crapette_player_pile_name (names, variant, pile);
}
