/* crapette-names.c: the names people read — games, seats, piles, opponents — written once
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Every name a player reads for a game, a seat, a pile or an opponent is
 * written here and nowhere else, translated once; the window, the move
 * descriptions and the dialogs ask for it. Whole phrases ("South’s reserve")
 * rather than pieces glued together, so that every language can put the
 * words in its own order. The words the settings and the files store are the
 * nicks of the registered enums (crapette-enums.h), read and written through
 * crapette_enum_to_nick() and crapette_enum_from_nick().
 */

#define G_LOG_DOMAIN "crapette-engine"

#include "config.h"

#include "crapette-names.h"
#include "crapette-variant-private.h"

#include <glib/gi18n-lib.h>

/* The name of the game: "Russian Bank" or "American Bank". Each game's file
 * holds its name with its rules (crapette-russian-bank.c, crapette-american-bank.c). */
const char *
crapette_variant_name (CrapetteVariant variant)
{
  g_return_val_if_fail (variant < CRAPETTE_N_VARIANTS, NULL);

  return _(crapette_variant_ops (variant)->name);
}

/* The player's name at the table: "South" or "North" ("Nobody" for no seat). */
const char *
crapette_seat_name (CrapetteSeat seat)
{
  switch (seat)
    {
    case CRAPETTE_SOUTH:
      return _("South");
    case CRAPETTE_NORTH:
      return _("North");
    case CRAPETTE_N_SEATS:
    case CRAPETTE_NO_SEAT:
    default:
      return _("Nobody");
    }
}

/* A player's own piles, by game, kind (stock to reserve) and seat. American Bank
 * has no reserves; its hand, card in hand and talon use the stock's slots. */
static const char * const seat_pile_names[CRAPETTE_N_VARIANTS][CRAPETTE_PILE_KIND_HOUSE]
                                         [CRAPETTE_N_SEATS] = {
  [CRAPETTE_VARIANT_RUSSIAN] = {
    { N_("South’s stock"), N_("North’s stock") },
    { N_("South’s turned card"), N_("North’s turned card") },
    { N_("South’s waste pile"), N_("North’s waste pile") },
    { N_("South’s reserve"), N_("North’s reserve") },
  },
  [CRAPETTE_VARIANT_AMERICAN] = {
    { N_("South’s hand"), N_("North’s hand") },
    { N_("South’s card in hand"), N_("North’s card in hand") },
    { N_("South’s talon"), N_("North’s talon") },
    { N_("South’s reserve"), N_("North’s reserve") },
  },
};

/* The name of @pile in @variant as players say it: "South’s reserve", "House 3",
 * "Tableau pile 5". */
char *
crapette_pile_name (CrapetteVariant variant,
                    CrapettePileId  pile)
{
  gboolean american = variant == CRAPETTE_VARIANT_AMERICAN;
  guint number;

  g_return_val_if_fail (variant < CRAPETTE_N_VARIANTS, NULL);
  g_return_val_if_fail (pile < CRAPETTE_N_PILES, NULL);

  number = crapette_pile_index (pile) + 1;
  switch (crapette_pile_kind (pile))
    {
    case CRAPETTE_PILE_KIND_HOUSE:
      /* Translators: %u is the number of a house (Russian Bank) or tableau pile (American Bank), 1 to 8 */
      return g_strdup_printf (american ? _("Tableau pile %u") : _("House %u"), number);
    case CRAPETTE_PILE_KIND_FOUNDATION:
      /* Translators: %u is the number of a foundation or completed sequence, 1 to 8 */
      return g_strdup_printf (american ? _("Completed sequence %u") : _("Foundation %u"),
                              number);
    case CRAPETTE_PILE_KIND_STOCK:
    case CRAPETTE_PILE_KIND_TURNED:
    case CRAPETTE_PILE_KIND_WASTE:
    case CRAPETTE_PILE_KIND_RESERVE:
    case CRAPETTE_N_PILE_KINDS:
    default:
      return g_strdup (_(seat_pile_names[variant][crapette_pile_kind (pile)]
                                        [crapette_pile_seat (pile)]));
    }
}

/* What each kind of pile is, in a word or two, by game; American Bank has no
 * reserves. The table writes these on empty places (crapette-table-draw.c). */
static const char * const pile_kind_names[CRAPETTE_N_VARIANTS][CRAPETTE_N_PILE_KINDS] = {
  [CRAPETTE_VARIANT_RUSSIAN] = {
    /* Translators: written faintly on an empty place of the table; keep it short */
    [CRAPETTE_PILE_KIND_STOCK] = NC_("empty place", "Stock"),
    [CRAPETTE_PILE_KIND_TURNED] = NC_("empty place", "Turned card"),
    [CRAPETTE_PILE_KIND_WASTE] = NC_("empty place", "Waste"),
    [CRAPETTE_PILE_KIND_RESERVE] = NC_("empty place", "Reserve"),
    [CRAPETTE_PILE_KIND_HOUSE] = NC_("empty place", "House"),
    [CRAPETTE_PILE_KIND_FOUNDATION] = NC_("empty place", "Foundation"),
  },
  [CRAPETTE_VARIANT_AMERICAN] = {
    [CRAPETTE_PILE_KIND_STOCK] = NC_("empty place", "Hand"),
    [CRAPETTE_PILE_KIND_TURNED] = NC_("empty place", "Card in hand"),
    [CRAPETTE_PILE_KIND_WASTE] = NC_("empty place", "Talon"),
    [CRAPETTE_PILE_KIND_HOUSE] = NC_("empty place", "Tableau"),
    [CRAPETTE_PILE_KIND_FOUNDATION] = NC_("empty place", "Completed sequence"),
  },
};

/* What a pile of @kind is in @variant, without whose or which ("Stock",
 * "Talon"), as written on its empty place; %NULL for a kind the game lacks. */
const char *
crapette_pile_kind_name (CrapetteVariant  variant,
                         CrapettePileKind kind)
{
  g_return_val_if_fail (variant < CRAPETTE_N_VARIANTS, NULL);
  g_return_val_if_fail (kind < CRAPETTE_N_PILE_KINDS, NULL);

  if (pile_kind_names[variant][kind] == NULL)
    return NULL;
  return g_dpgettext2 (GETTEXT_PACKAGE, "empty place", pile_kind_names[variant][kind]);
}

/* Who plays North, as offered when a game starts: "Computer, easy" … "Two people at one screen". */
const char *
crapette_opponent_name (CrapetteOpponent opponent)
{
  switch (opponent)
    {
    case CRAPETTE_OPPONENT_COMPUTER_EASY:
      return _("Computer, easy");
    case CRAPETTE_OPPONENT_COMPUTER_MEDIUM:
      return _("Computer, medium");
    case CRAPETTE_OPPONENT_COMPUTER_HARD:
      return _("Computer, hard");
    case CRAPETTE_OPPONENT_TWO_PLAYERS:
    case CRAPETTE_N_OPPONENTS:
    default:
      return _("Two people at one screen");
    }
}

/* Who plays North in a word or two, for the head of a column: "Easy" … "Two People". */
const char *
crapette_opponent_short_name (CrapetteOpponent opponent)
{
  switch (opponent)
    {
    case CRAPETTE_OPPONENT_COMPUTER_EASY:
      return _("Easy");
    case CRAPETTE_OPPONENT_COMPUTER_MEDIUM:
      return _("Medium");
    case CRAPETTE_OPPONENT_COMPUTER_HARD:
      return _("Hard");
    case CRAPETTE_OPPONENT_TWO_PLAYERS:
    case CRAPETTE_N_OPPONENTS:
    default:
      return _("Two People");
    }
}

/* The kind of computer player (crapette_player_new()) that plays as @opponent, or
 * %NULL when a person does. */
const char *
crapette_opponent_player_kind (CrapetteOpponent opponent)
{
  switch (opponent)
    {
    case CRAPETTE_OPPONENT_COMPUTER_EASY:
      return "easy";
    case CRAPETTE_OPPONENT_COMPUTER_MEDIUM:
      return "medium";
    case CRAPETTE_OPPONENT_COMPUTER_HARD:
      return "hard";
    case CRAPETTE_OPPONENT_TWO_PLAYERS:
    case CRAPETTE_N_OPPONENTS:
    default:
      return NULL;
    }
}

/* The word the settings and files store for @value of @enum_type, or %NULL if it has none. */
const char *
crapette_enum_to_nick (GType enum_type,
                       int   value)
{
  g_autoptr(GEnumClass) enum_class = NULL;
  GEnumValue *enum_value;

  g_return_val_if_fail (G_TYPE_IS_ENUM (enum_type), NULL);

  enum_class = g_type_class_ref (enum_type);
  enum_value = g_enum_get_value (enum_class, value);
  /* Nicks of registered types are static strings, so they outlive the class reference. */
  return enum_value != NULL ? enum_value->value_nick : NULL;
}

/* Sets @value to the value of @enum_type whose nick is @nick; FALSE if there is none. */
gboolean
crapette_enum_from_nick (GType       enum_type,
                         const char *nick,
                         int        *value)
{
  g_autoptr(GEnumClass) enum_class = NULL;
  GEnumValue *enum_value;

  g_return_val_if_fail (G_TYPE_IS_ENUM (enum_type), FALSE);
  g_return_val_if_fail (value != NULL, FALSE);

  if (nick == NULL)
    return FALSE;
  enum_class = g_type_class_ref (enum_type);
  enum_value = g_enum_get_value_by_nick (enum_class, nick);
  if (enum_value == NULL)
    return FALSE;
  *value = enum_value->value;
  return TRUE;
}
