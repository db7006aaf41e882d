/* crapette-table-plates.c: each player's name plate, on the table beside their own piles
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A plate is a widget the window gives (its status line: the player's name, the turn marker,
 * the counts), so that screen readers read it as before; the table places it where the
 * layout leaves room for it: at the head of the player's column on a wide Russian Bank table,
 * above North's row or below South's otherwise. Its height depends on the font and on how
 * its words wrap, so the layout is asked again when a plate turns out higher than planned.
 */

#define G_LOG_DOMAIN "crapette-ui"

#include "config.h"

#include "crapette-table-private.h"

/* The height a plate needs when it is at most @width wide: wider than its words, it keeps
 * their width. */
static int
plate_height_for_width (GtkWidget *plate,
                        int        width)
{
  int minimum_width, natural_width, minimum, natural;

  if (plate == NULL || !gtk_widget_get_visible (plate))
    return 0;
  gtk_widget_measure (plate, GTK_ORIENTATION_HORIZONTAL, -1, &minimum_width, &natural_width,
                      NULL, NULL);
  width = CLAMP (width, minimum_width, MAX (natural_width, minimum_width));
  gtk_widget_measure (plate, GTK_ORIENTATION_VERTICAL, width, &minimum, &natural, NULL, NULL);
  return natural;
}

/* The height both plates need in the areas @layout gives them (or @width across, before
 * there is a layout). */
static int
plates_height (CrapetteTable             *self,
               const CrapetteTableLayout *layout,
               int                        width)
{
  int height = 0;

  for (CrapetteSeat seat = 0; seat < CRAPETTE_N_SEATS; seat++)
    {
      int across = layout != NULL ? (int) layout->plates[seat].area.size.width : width;

      height = MAX (height, plate_height_for_width (self->plates[seat], across));
    }
  return height;
}

/* Lays the table out at its size, with room for the plates as high as their words need. A
 * plate's words wrap by the width its area has, which the card size sets: the layout is
 * made again, at most twice, until every plate has the height it needs. */
void
crapette_table_compute_layout_with_plates (CrapetteTable *self,
                                           CrapetteVariant variant,
                                           int            width,
                                           int            height,
                                           gboolean       rtl)
{
  int planned = plates_height (self, NULL, width / 2);

  crapette_table_layout_compute (&self->layout, variant, width, height, planned, rtl);
  for (guint attempt = 0; attempt < 2 && planned > 0; attempt++)
    {
      int needed = plates_height (self, &self->layout, width);

      if (needed == planned || (attempt > 0 && needed < planned))
        break;
      planned = needed;
      crapette_table_layout_compute (&self->layout, variant, width, height, planned, rtl);
    }
}

/* Puts each plate in its area: as wide as its words, up to the area's width, at the end of
 * the area the layout says and in the middle of its height. */
void
crapette_table_allocate_plates (CrapetteTable *self)
{
  for (CrapetteSeat seat = 0; seat < CRAPETTE_N_SEATS; seat++)
    {
      GtkWidget *plate = self->plates[seat];
      const CrapettePlate *place = &self->layout.plates[seat];
      int minimum_width, natural_width, minimum, natural;
      GtkAllocation allocation;

      if (plate == NULL || !gtk_widget_get_visible (plate))
        continue;
      gtk_widget_measure (plate, GTK_ORIENTATION_HORIZONTAL, -1, &minimum_width, &natural_width,
                          NULL, NULL);
      allocation.width = MAX (minimum_width, MIN (natural_width, (int) place->area.size.width));
      gtk_widget_measure (plate, GTK_ORIENTATION_VERTICAL, allocation.width, &minimum, &natural,
                          NULL, NULL);
      allocation.height = natural;
      if (place->align == CRAPETTE_PLATE_LEFT)
        allocation.x = (int) place->area.origin.x;
      else if (place->align == CRAPETTE_PLATE_RIGHT)
        allocation.x = (int) (place->area.origin.x + place->area.size.width) - allocation.width;
      else
        allocation.x = (int) (place->area.origin.x +
                              (place->area.size.width - allocation.width) / 2);
      allocation.y = (int) (place->area.origin.y + (place->area.size.height - natural) / 2);
      gtk_widget_size_allocate (plate, &allocation, -1);
    }
}

/* Lets go of both plates. */
void
crapette_table_drop_plates (CrapetteTable *self)
{
  for (CrapetteSeat seat = 0; seat < CRAPETTE_N_SEATS; seat++)
    g_clear_pointer (&self->plates[seat], gtk_widget_unparent);
}

/* Shows @plate (the player's name and counts) beside the piles of @seat; %NULL: none. */
void
crapette_table_set_seat_plate (CrapetteTable *self,
                               CrapetteSeat   seat,
                               GtkWidget     *plate)
{
  g_return_if_fail (CRAPETTE_IS_TABLE (self));
  g_return_if_fail (seat < CRAPETTE_N_SEATS);
  g_return_if_fail (plate == NULL || GTK_IS_WIDGET (plate));

  g_clear_pointer (&self->plates[seat], gtk_widget_unparent);
  if (plate != NULL)
    {
      /* After the piles and North's first, so that screen readers and the focus keep the
       * piles' order and read the plates as the window's status lines were. */
      if (seat == CRAPETTE_NORTH && self->plates[CRAPETTE_SOUTH] != NULL)
        gtk_widget_insert_before (plate, GTK_WIDGET (self), self->plates[CRAPETTE_SOUTH]);
      else
        gtk_widget_set_parent (plate, GTK_WIDGET (self));
      self->plates[seat] = plate;
      gtk_widget_add_css_class (plate, "seat-plate");
    }
  gtk_widget_queue_resize (GTK_WIDGET (self));
}

/* Stores in @bounds where the plate of @seat stands on the table; %FALSE if it has none. */
gboolean
crapette_table_get_plate_bounds (CrapetteTable   *self,
                                 CrapetteSeat     seat,
                                 graphene_rect_t *bounds)
{
  g_return_val_if_fail (CRAPETTE_IS_TABLE (self), FALSE);
  g_return_val_if_fail (seat < CRAPETTE_N_SEATS, FALSE);
  g_return_val_if_fail (bounds != NULL, FALSE);

  if (self->plates[seat] == NULL || !gtk_widget_get_visible (self->plates[seat]))
    return FALSE;
  return gtk_widget_compute_bounds (self->plates[seat], GTK_WIDGET (self), bounds);
}
