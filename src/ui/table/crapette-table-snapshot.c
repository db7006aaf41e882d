/* crapette-table-snapshot.c: one frame of the table, with the piles kept from frame to frame
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * crapette-table-draw.c draws piles and cards from a CrapetteTableDrawing; this file
 * makes that drawing from the table's state for each frame, and keeps the piles' node
 * while nothing it was drawn from has changed, so that a frame in which only cards fly
 * builds only those cards.
 */

#define G_LOG_DOMAIN "crapette-ui"

#include "config.h"

#include <string.h>

#include "crapette-pile-view.h"
#include "crapette-table-private.h"

/* What the piles were last drawn from. Zeroed before it is filled, so that
 * comparing two of them byte for byte never takes a change for none. */
typedef struct
{
  CrapetteCardTheme *theme;
  const CrapetteTableColors *colors;
  const CrapetteView *view;
  CrapetteTableLayout layout;
  int scale;
  CrapettePileId selected;
  gboolean targets[CRAPETTE_N_PILES];
  CrapettePileId hint_from, hint_to, last_from, last_to;
  CrapettePileId focus;
  guint8 cards_in_flight[CRAPETTE_MAX_CARDS];
  guint32 piles_being_dealt;
  CrapetteCard dragged_card;
} PilesDrawn;

static void
piles_drawn_init (PilesDrawn                 *drawn,
                  const CrapetteTableDrawing *drawing)
{
  memset (drawn, 0, sizeof *drawn);
  drawn->theme = drawing->theme;
  drawn->colors = drawing->colors;
  drawn->view = drawing->view;
  memcpy (&drawn->layout, drawing->layout, sizeof drawn->layout);
  drawn->scale = drawing->scale;
  drawn->selected = drawing->selected;
  memcpy (drawn->targets, drawing->targets, sizeof drawn->targets);
  drawn->hint_from = drawing->hint_from;
  drawn->hint_to = drawing->hint_to;
  drawn->last_from = drawing->last_from;
  drawn->last_to = drawing->last_to;
  drawn->focus = drawing->focus;
  memcpy (drawn->cards_in_flight, drawing->cards_in_flight, sizeof drawn->cards_in_flight);
  drawn->piles_being_dealt = drawing->piles_being_dealt;
  drawn->dragged_card = drawing->dragged_card;
}

/* While cards fly, the piles under them stay as they are for many frames:
 * their node is kept and drawn again as long as nothing it was drawn from
 * has changed, so a frame only builds the flying cards. */
static void
draw_piles_cached (CrapetteTable              *self,
                   const CrapetteTableDrawing *drawing,
                   GtkSnapshot                *snapshot)
{
  PilesDrawn now;

  piles_drawn_init (&now, drawing);
  if (self->piles_node == NULL || memcmp (&now, self->piles_drawn, sizeof now) != 0)
    {
      GtkSnapshot *piles_snapshot = gtk_snapshot_new ();

      crapette_table_draw_piles (drawing, piles_snapshot);
      g_clear_pointer (&self->piles_node, gsk_render_node_unref);
      self->piles_node = gtk_snapshot_free_to_node (piles_snapshot);
      if (self->piles_drawn == NULL)
        self->piles_drawn = g_new (PilesDrawn, 1);
      memcpy (self->piles_drawn, &now, sizeof now);
      /* A view is never changed, so its address names its cards as long as it lives. */
      g_clear_pointer (&self->piles_drawn_view, crapette_view_unref);
      self->piles_drawn_view = crapette_view_ref ((CrapetteView *) drawing->view);
    }

  if (self->piles_node != NULL)
    gtk_snapshot_append_node (snapshot, self->piles_node);
}

/* Forgets the piles' node, for a change it could not see (colours, fonts). */
void
crapette_table_forget_piles_node (CrapetteTable *self)
{
  g_clear_pointer (&self->piles_node, gsk_render_node_unref);
}

/* Draws the table: the piles (from their node while nothing they show has changed), the
 * cards in flight and the card dragged. */
void
crapette_table_draw (CrapetteTable *self,
                     GtkSnapshot   *snapshot)
{
  GtkWidget *widget = GTK_WIDGET (self);
  CrapetteTableDrawing drawing = {
    .widget = widget,
    .theme = self->theme,
    /* Read at each frame: a change of style restyles the table, which draws it again. */
    .colors = crapette_table_colors_current (),
    .view = self->shown,
    .layout = &self->layout,
    .scale = gtk_widget_get_scale_factor (widget),
    .selected = self->selected,
    .targets = self->targets,
    .hint_from = self->hint_from,
    .hint_to = self->hint_to,
    .last_from = self->last_from,
    .last_to = self->last_to,
    .focus = CRAPETTE_NO_PILE,
    .cards_in_flight = self->cards_in_flight,
    .piles_being_dealt = self->piles_being_dealt,
    .dragged_card = CRAPETTE_CARD_NONE,
    .text_nodes = self->text_nodes,
  };
  GtkWidget *focus = gtk_widget_get_focus_child (widget);

  if (self->theme == NULL || self->layout.card_width == 0 || self->shown == NULL)
    return;

  if (focus != NULL && gtk_widget_has_visible_focus (focus))
    drawing.focus = crapette_pile_view_get_pile (CRAPETTE_PILE_VIEW (focus));
  if (self->dragging)
    drawing.dragged_card = crapette_table_top (self, self->drag_source);

  draw_piles_cached (self, &drawing, snapshot);
  crapette_table_draw_flights (self, &drawing, snapshot);

  if (self->dragging)
    crapette_table_draw_card (&drawing, snapshot, drawing.dragged_card, CRAPETTE_SOUTH,
                              &self->drag_rect, TRUE);
}
