/* crapette-table-colors.c: the colours and line widths the table draws with, per style
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "crapette-ui"

#include "config.h"

#include "crapette-table-colors.h"

#include <adwaita.h>

#include "crapette-table-highlight.h"

#define TRANSPARENT { 0.0f, 0.0f, 0.0f, 0.0f }
#define BLACK { 0.0f, 0.0f, 0.0f, 1.0f }
#define WHITE { 1.0f, 1.0f, 1.0f, 1.0f }

/* High contrast: solid colours only, each mark in a black casing so that it
 * stands out from a white card and from the baize alike; the frames are
 * wider than usual and keep the usual hues, so the five marks stay apart. */
static const CrapetteTableColors high_contrast_palette = {
  .turn_glow = TRANSPARENT,
  .turn_outline = WHITE,
  .turn_outline_width = 2.0f,
  .badge_fill = BLACK,
  .badge_text = WHITE,
  .label_text = WHITE,
  .empty_outline = WHITE,
  .card_edge = BLACK,
  .shadow = { 0.0f, 0.0f, 0.0f, 0.5f },
  .casing = BLACK,
  .casing_width = 2.0f,
  .held = { 1.0f, 0.86f, 0.0f, 1.0f },
  .held_width = 6.0f,
  .target = { 0.0f, 0.85f, 1.0f, 1.0f },
  .target_tint = TRANSPARENT,
  .target_width = 4.0f,
  .hint = { 1.0f, 0.25f, 0.9f, 1.0f },
  .hint_casing = BLACK,
  .hint_width = 4.0f,
  .last_move = { 1.0f, 0.5f, 0.0f, 1.0f },
  .focus_inner = WHITE,
  .focus_outer = BLACK,
  .focus_band = 4.0f,
};

/* The usual look, from the marks' own colours. */
static void
fill_usual_palette (CrapetteTableColors *colors)
{
  *colors = (CrapetteTableColors) {
    .turn_glow = { 1.0f, 1.0f, 1.0f, 0.10f },
    .turn_outline = TRANSPARENT,
    .badge_fill = { 0.0f, 0.0f, 0.0f, 0.6f },
    .badge_text = WHITE,
    .label_text = { 1.0f, 1.0f, 1.0f, 0.5f },
    .empty_outline = TRANSPARENT,
    .card_edge = TRANSPARENT,
    .shadow = { 0.0f, 0.0f, 0.0f, 0.3f },
    .casing = TRANSPARENT,
    .held = crapette_highlight_held,
    .held_width = CRAPETTE_HIGHLIGHT_HELD_WIDTH,
    .target = crapette_highlight_target,
    .target_tint = crapette_highlight_target_tint,
    .target_width = CRAPETTE_HIGHLIGHT_TARGET_WIDTH,
    .hint = crapette_highlight_hint,
    .hint_casing = crapette_highlight_hint_casing,
    .hint_width = CRAPETTE_HIGHLIGHT_HINT_WIDTH,
    .last_move = crapette_highlight_last_move,
    .focus_inner = crapette_highlight_focus_inner,
    .focus_outer = crapette_highlight_focus_outer,
    .focus_band = CRAPETTE_HIGHLIGHT_FOCUS_BAND,
  };
}

/* Returns the palette of the usual style, or of the high-contrast one; never freed. */
const CrapetteTableColors *
crapette_table_colors_get (gboolean high_contrast)
{
  static CrapetteTableColors usual_palette;
  static gsize usual_filled = 0;

  if (high_contrast)
    return &high_contrast_palette;

  if (g_once_init_enter (&usual_filled))
    {
      fill_usual_palette (&usual_palette);
      g_once_init_leave (&usual_filled, 1);
    }
  return &usual_palette;
}

/* Returns the palette of the style the system asks for now (libadwaita's high contrast). */
const CrapetteTableColors *
crapette_table_colors_current (void)
{
  return crapette_table_colors_get (adw_style_manager_get_high_contrast (
                                      adw_style_manager_get_default ()));
}
