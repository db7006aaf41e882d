/* crapette-table-draw.h: drawing the piles and the cards of the table
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

#include "crapette-card-theme.h"
#include "crapette-table-colors.h"
#include "crapette-view.h"
#include "crapette-table-layout.h"

G_BEGIN_DECLS

/**
 * CrapetteTableDrawing:
 *
 * Everything one frame of the table needs: what lies where, what is picked
 * up or highlighted, and which cards are away flying (their piles leave them
 * out until they land).
 */
typedef struct
{
  GtkWidget *widget;
  CrapetteCardTheme *theme;
  const CrapetteTableColors *colors;   /* the style's palette: usual or high contrast */
  const CrapetteView *view;
  const CrapetteTableLayout *layout;
  int scale;
  CrapettePileId selected;
  const gboolean *targets;
  CrapettePileId hint_from;      /* %CRAPETTE_NO_PILE when no hint is shown */
  CrapettePileId hint_to;
  CrapettePileId last_from;      /* the computer's last move, marked for a moment */
  CrapettePileId last_to;
  CrapettePileId focus;
  const guint8 *cards_in_flight;
  guint32 piles_being_dealt;
  CrapetteCard dragged_card;
  GHashTable *text_nodes;   /* texts already laid out, for this card size; may be NULL */
} CrapetteTableDrawing;

/* The back a face-down card on @pile shows, as the seat whose pack it is: each
 * pack of Russian Bank has its own colour; American Bank's single pack is South's. */
CrapetteSeat crapette_table_draw_back_seat (CrapetteVariant variant,
                                            CrapettePileId  pile);

/* Draws every pile of the table, with its highlights, into @snapshot. */
void crapette_table_draw_piles (const CrapetteTableDrawing *drawing,
                                GtkSnapshot                *snapshot);

/* Draws one card (its back if @card is unknown) at @rect; a @lifted card casts a shadow. */
void crapette_table_draw_card  (const CrapetteTableDrawing *drawing,
                                GtkSnapshot                *snapshot,
                                CrapetteCard                card,
                                CrapetteSeat                back_seat,
                                const graphene_rect_t      *rect,
                                gboolean                    lifted);

G_END_DECLS
