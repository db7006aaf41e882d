/* crapette-card-render.h: one drawing of the deck rendered into pixels, for CrapetteCardTheme
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <cairo.h>
#include <librsvg/rsvg.h>

#include "crapette-types.h"

G_BEGIN_DECLS

/* The size of every drawing in deck.svg, in SVG units. */
#define DECK_CARD_WIDTH 250.0
#define DECK_CARD_HEIGHT 350.0

/* One cache slot per drawing: the 52 faces in card order, then the rest. */
enum
{
  SLOT_BACK_SOUTH = CRAPETTE_CARDS_PER_PACK,
  SLOT_BACK_NORTH,
  SLOT_EMPTY,
  SLOT_EMPTY_FOUNDATION,
  N_SLOTS
};

/* The id in deck.svg of the drawing of @slot ("#card-q-hearts", "#back-south"). */
char            *crapette_card_render_element_id (guint        slot);

/* Renders the drawing @element_id of @deck (may be %NULL: not loaded) at @pixel_width ×
 * @pixel_height; %NULL with @error set when it cannot be drawn. */
cairo_surface_t *crapette_card_render_element    (RsvgHandle  *deck,
                                                  const char  *element_id,
                                                  int          pixel_width,
                                                  int          pixel_height,
                                                  GError     **error);

/* A plain card with its name written on it, standing in for a drawing that failed. */
cairo_surface_t *crapette_card_render_stand_in   (guint        slot,
                                                  int          pixel_width,
                                                  int          pixel_height);

G_END_DECLS
