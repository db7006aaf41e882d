/* crapette-table-layout-turn.c: the table seen from North's chair
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Every picture of the table puts South's piles near the person, and North's are their point
 * reflection. A player on another machine who plays North sees the table from the other side,
 * as across a real table: the whole picture turned half round its middle, so their own piles
 * lie where South's lie against the computer. The cards themselves stay upright: only where
 * each pile lies turns, and a fan that spread to the right spreads to the left. The piles turn
 * round the middle of the room they fill, so they fill the same room and leave the plates'
 * bands where they were; the name plates change places, each still beside its player's piles.
 */

#define G_LOG_DOMAIN "crapette-ui"

#include "config.h"

#include "crapette-table-layout.h"

/* Turns @rect half round the middle of @room. */
static void
turn_rect (graphene_rect_t       *rect,
           const graphene_rect_t *room)
{
  if (rect->size.width <= 0 && rect->size.height <= 0)
    return;
  rect->origin.x = 2 * room->origin.x + room->size.width - rect->origin.x - rect->size.width;
  rect->origin.y = 2 * room->origin.y + room->size.height - rect->origin.y - rect->size.height;
}

/* Turns @layout half round, for the player at North's seat: their piles come near them, the
 * other player's go to the far side, and the plates follow the piles. */
void
crapette_table_layout_turn (CrapetteTableLayout *layout)
{
  CrapettePlate south;
  graphene_rect_t room = GRAPHENE_RECT_INIT (0, 0, 0, 0);
  gboolean first = TRUE;

  g_return_if_fail (layout != NULL);

  /* The room the piles fill, their counts and arrows included. */
  for (guint pile = 0; pile < CRAPETTE_N_PILES; pile++)
    {
      const CrapetteSlot *slot = &layout->slots[pile];
      const graphene_rect_t *parts[] = { &slot->bounds, &slot->badge, &slot->indicator };

      for (guint i = 0; slot->used && i < G_N_ELEMENTS (parts); i++)
        {
          if (parts[i]->size.width <= 0 && parts[i]->size.height <= 0)
            continue;
          if (first)
            room = *parts[i];
          else
            graphene_rect_union (&room, parts[i], &room);
          first = FALSE;
        }
    }

  for (guint pile = 0; pile < CRAPETTE_N_PILES; pile++)
    {
      CrapetteSlot *slot = &layout->slots[pile];

      if (!slot->used)
        continue;
      turn_rect (&slot->bounds, &room);
      turn_rect (&slot->base, &room);
      turn_rect (&slot->indicator, &room);
      turn_rect (&slot->badge, &room);
      if (slot->fan == CRAPETTE_FAN_RIGHT)
        slot->fan = CRAPETTE_FAN_LEFT;
      else if (slot->fan == CRAPETTE_FAN_LEFT)
        slot->fan = CRAPETTE_FAN_RIGHT;
    }

  /* The players' piles are each other's reflection, so each plate's place, made for the piles
   * that lay there, now suits the other player's. */
  south = layout->plates[CRAPETTE_SOUTH];
  layout->plates[CRAPETTE_SOUTH] = layout->plates[CRAPETTE_NORTH];
  layout->plates[CRAPETTE_NORTH] = south;
}
