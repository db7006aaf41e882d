/* crapette-table-names.c: what each pile is called, for players and screen readers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Each pile has a focusable CrapettePileView standing for it; its accessible
 * label says which pile it is, how many cards it holds and which card is on
 * top, and is brought up to date whenever the table takes a new view.
 */

#define G_LOG_DOMAIN "crapette-ui"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "crapette-card.h"
#include "crapette-names.h"
#include "crapette-table-private.h"

/* Returns the name of @pile as a player says it ("South’s reserve", "House 3"). */
char *
crapette_table_get_pile_name (CrapetteTable  *self,
                              CrapettePileId  pile)
{
  g_return_val_if_fail (CRAPETTE_IS_TABLE (self), NULL);
  g_return_val_if_fail (pile < CRAPETTE_N_PILES, NULL);

  return crapette_pile_name (crapette_table_variant (self), pile);
}

/* Brings the accessible labels of the piles in @changed (a bit `1 << pile` each)
 * up to date with what the table shows. */
void
crapette_table_update_pile_labels (CrapetteTable *self,
                                   guint32        changed)
{
  for (CrapettePileId pile = 0; pile < CRAPETTE_N_PILES; pile++)
    {
      guint count = crapette_table_count (self, pile);
      g_autofree char *name = NULL;
      g_autofree char *label = NULL;

      if (!crapette_table_pile_is_used (self, pile) || (changed & (1u << pile)) == 0)
        continue;

      name = crapette_table_get_pile_name (self, pile);
      if (count == 0)
        {
          label = g_strdup_printf (_("%s, empty"), name);
        }
      else
        {
          g_autofree char *top = crapette_card_spoken_name (crapette_table_top (self, pile));
          g_autofree char *cards = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u card",
                                                                 "%u cards", count), count);

          /* TRANSLATORS: a pile for screen readers:
           * "South’s reserve, 12 cards, top card Seven of Diamonds" */
          label = g_strdup_printf (_("%s, %s, top card %s"), name, cards, top);
        }
      gtk_accessible_update_property (GTK_ACCESSIBLE (self->pile_views[pile]),
                                      GTK_ACCESSIBLE_PROPERTY_LABEL, label, -1);
    }
}
