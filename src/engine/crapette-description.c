/* crapette-description.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "crapette-engine"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "crapette-card.h"
#include "crapette-description.h"

/* The player's name at the table: "South" or "North". */
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

/* Whole phrases rather than pieces glued together, so that every language
 * can put the words in its own order. */
static const char *
seat_pile_name (CrapetteVariant  variant,
                CrapettePileKind kind,
                CrapetteSeat     seat)
{
  gboolean south = seat == CRAPETTE_SOUTH;

  if (variant == CRAPETTE_VARIANT_AMERICAN)
    {
      switch (kind)
        {
        case CRAPETTE_PILE_KIND_STOCK:
          return south ? _("South's hand") : _("North's hand");
        case CRAPETTE_PILE_KIND_TURNED:
          return south ? _("South's card in hand") : _("North's card in hand");
        case CRAPETTE_PILE_KIND_WASTE:
          return south ? _("South's talon") : _("North's talon");
        case CRAPETTE_PILE_KIND_RESERVE:
        case CRAPETTE_PILE_KIND_HOUSE:
        case CRAPETTE_PILE_KIND_FOUNDATION:
        case CRAPETTE_N_PILE_KINDS:
        default:
          break;
        }
    }
  else
    {
      switch (kind)
        {
        case CRAPETTE_PILE_KIND_STOCK:
          return south ? _("South's stock") : _("North's stock");
        case CRAPETTE_PILE_KIND_TURNED:
          return south ? _("South's turned card") : _("North's turned card");
        case CRAPETTE_PILE_KIND_WASTE:
          return south ? _("South's waste") : _("North's waste");
        case CRAPETTE_PILE_KIND_RESERVE:
          return south ? _("South's reserve") : _("North's reserve");
        case CRAPETTE_PILE_KIND_HOUSE:
        case CRAPETTE_PILE_KIND_FOUNDATION:
        case CRAPETTE_N_PILE_KINDS:
        default:
          break;
        }
    }
  return _("a pile");
}

/* The pile's name in words: "South's reserve", "house 3", "tableau pile 5". */
char *
crapette_describe_pile (const CrapettePosition *position,
                        CrapettePileId          pile)
{
  gboolean american;
  guint number;

  g_return_val_if_fail (position != NULL, NULL);
  g_return_val_if_fail (pile < CRAPETTE_N_PILES, NULL);

  american = position->variant == CRAPETTE_VARIANT_AMERICAN;
  number = crapette_pile_index (pile) + 1;
  switch (crapette_pile_kind (pile))
    {
    case CRAPETTE_PILE_KIND_HOUSE:
      /* Translators: %u is the number of a house (Russian Bank) or tableau pile (American Bank), 1 to 8 */
      return g_strdup_printf (american ? _("tableau pile %u") : _("house %u"), number);
    case CRAPETTE_PILE_KIND_FOUNDATION:
      /* Translators: %u is the number of a foundation or completed sequence */
      return g_strdup_printf (american ? _("completed sequence %u") : _("foundation %u"), number);
    case CRAPETTE_PILE_KIND_STOCK:
    case CRAPETTE_PILE_KIND_TURNED:
    case CRAPETTE_PILE_KIND_WASTE:
    case CRAPETTE_PILE_KIND_RESERVE:
    case CRAPETTE_N_PILE_KINDS:
    default:
      return g_strdup (seat_pile_name (position->variant, crapette_pile_kind (pile),
                                       crapette_pile_seat (pile)));
    }
}

/* A sentence saying what @move does in @position, before it is played. */
char *
crapette_describe_move (const CrapettePosition *position,
                        const CrapetteMove     *move)
{
  const char *player;

  g_return_val_if_fail (position != NULL, NULL);
  g_return_val_if_fail (move != NULL, NULL);

  player = crapette_seat_name (position->to_move);
  switch (move->kind)
    {
    case CRAPETTE_MOVE_TURN:
      return g_strdup_printf (position->variant == CRAPETTE_VARIANT_AMERICAN
                              /* Translators: %s is a player, South or North */
                              ? _("%s turns the top card of the hand.")
                              : _("%s turns the top card of the stock."),
                              player);
    case CRAPETTE_MOVE_END_TURN:
      /* Translators: %s is a player, South or North */
      return g_strdup_printf (_("%s ends the turn."), player);
    case CRAPETTE_MOVE_CARD:
    default:
      {
        CrapetteCard card = crapette_position_top (position, move->from);
        g_autofree char *card_name = crapette_card_spoken_name (card);
        g_autofree char *from = crapette_describe_pile (position, move->from);
        g_autofree char *to = crapette_describe_pile (position, move->to);

        /* Translators: "South plays the Seven of Diamonds from South's reserve to foundation 3." */
        return g_strdup_printf (_("%s plays the %s from %s to %s."), player, card_name, from, to);
      }
    }
}
