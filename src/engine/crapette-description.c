/* crapette-description.c: moves in words, for screen readers and the computer's last move
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "crapette-engine"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "crapette-card.h"
#include "crapette-description.h"
#include "crapette-names.h"

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
        g_autofree char *from = crapette_pile_name (position->variant, move->from);
        g_autofree char *to = crapette_pile_name (position->variant, move->to);

        /* Translators: "South plays the Seven of Diamonds from South’s reserve to Foundation 3." */
        return g_strdup_printf (_("%s plays the %s from %s to %s."), player, card_name, from, to);
      }
    }
}
