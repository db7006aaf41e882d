/* crapette-card-render.c: one drawing of the deck rendered into pixels
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * CrapetteCardTheme decides what is drawn and keeps it; this file only turns
 * a drawing of deck.svg (or, when that fails, a plain stand-in) into an image.
 */

#define G_LOG_DOMAIN "crapette-card-theme"

#include "config.h"

#include "crapette-card-render.h"

#include <gio/gio.h>

#include "crapette-card.h"

static const char * const suit_ids[] = { "clubs", "diamonds", "hearts", "spades" };

static const char * const rank_ids[] = {
  NULL, "a", "2", "3", "4", "5", "6", "7", "8", "9", "10", "j", "q", "k"
};

/* A new image surface of @pixel_width × @pixel_height, and in *@cr a context that draws
 * on it in the deck's own units. */
static cairo_surface_t *
create_card_surface (int pixel_width,
                     int pixel_height,
                     cairo_t **cr)
{
  cairo_surface_t *surface;

  surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, pixel_width, pixel_height);
  *cr = cairo_create (surface);
  /* Drawing in the deck's own units fills the texture exactly, even when the
   * rounded pixel height is a fraction off the 5:7 shape. */
  cairo_scale (*cr, pixel_width / DECK_CARD_WIDTH, pixel_height / DECK_CARD_HEIGHT);

  return surface;
}

/* Renders the drawing @element_id of @deck (may be %NULL: not loaded) at @pixel_width ×
 * @pixel_height; %NULL with @error set when it cannot be drawn. */
cairo_surface_t *
crapette_card_render_element (RsvgHandle  *deck,
                              const char  *element_id,
                              int          pixel_width,
                              int          pixel_height,
                              GError     **error)
{
  const RsvgRectangle viewport = { 0, 0, DECK_CARD_WIDTH, DECK_CARD_HEIGHT };
  cairo_surface_t *surface;
  cairo_t *cr;
  gboolean rendered;

  if (deck == NULL)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND, "the deck is not loaded");
      return NULL;
    }

  surface = create_card_surface (pixel_width, pixel_height, &cr);
  rendered = rsvg_handle_render_element (deck, cr, element_id, &viewport, error);
  if (rendered && cairo_status (cr) != CAIRO_STATUS_SUCCESS)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED, "cairo failed: %s",
                   cairo_status_to_string (cairo_status (cr)));
      rendered = FALSE;
    }
  cairo_destroy (cr);

  if (!rendered)
    {
      cairo_surface_destroy (surface);
      return NULL;
    }

  return surface;
}

/* A plain card with its name written on it stands in for a drawing that
 * failed, so the table still shows something sensible and does not retry. */
cairo_surface_t *
crapette_card_render_stand_in (guint slot,
                               int   pixel_width,
                               int   pixel_height)
{
  cairo_surface_t *surface;
  cairo_t *cr;
  g_autofree char *label = NULL;

  surface = create_card_surface (pixel_width, pixel_height, &cr);

  cairo_new_sub_path (cr);
  cairo_arc (cr, 236, 14, 12, -G_PI / 2, 0);
  cairo_arc (cr, 236, 336, 12, 0, G_PI / 2);
  cairo_arc (cr, 14, 336, 12, G_PI / 2, G_PI);
  cairo_arc (cr, 14, 14, 12, G_PI, 3 * G_PI / 2);
  cairo_close_path (cr);
  cairo_set_source_rgb (cr, 1, 1, 1);
  cairo_fill_preserve (cr);
  cairo_set_source_rgb (cr, 0.45, 0.45, 0.45);
  cairo_set_line_width (cr, 4);
  cairo_stroke (cr);

  if (slot < CRAPETTE_CARDS_PER_PACK)
    {
      label = crapette_card_to_string ((CrapetteCard) slot, FALSE);
      cairo_select_font_face (cr, "sans-serif", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_BOLD);
      cairo_set_font_size (cr, 80);
      cairo_move_to (cr, 20, 100);
      cairo_set_source_rgb (cr, 0.1, 0.1, 0.1);
      cairo_show_text (cr, label);
    }

  cairo_destroy (cr);

  return surface;
}

/* The id in deck.svg of the drawing of @slot ("#card-q-hearts", "#back-south"). */
char *
crapette_card_render_element_id (guint slot)
{
  switch (slot)
    {
    case SLOT_BACK_SOUTH:
      return g_strdup ("#back-south");
    case SLOT_BACK_NORTH:
      return g_strdup ("#back-north");
    case SLOT_EMPTY:
      return g_strdup ("#empty");
    case SLOT_EMPTY_FOUNDATION:
      return g_strdup ("#empty-foundation");
    default:
      g_assert (slot < CRAPETTE_CARDS_PER_PACK);
      return g_strdup_printf ("#card-%s-%s",
                              rank_ids[crapette_card_rank ((CrapetteCard) slot)],
                              suit_ids[crapette_card_suit ((CrapetteCard) slot)]);
    }
}
