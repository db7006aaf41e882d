/* crapette-table-colors.h: the colours and line widths the table draws with, per style
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The table paints its baize marks, counts, frames and rings itself, so the
 * system's high-contrast setting does not reach them through CSS. Each style
 * has one palette: the usual one (crapette-table-highlight.h's colours, soft
 * tints and glows) and the high-contrast one, in which every mark is a solid,
 * thicker line in a dark casing, nothing is a faint translucent fill, and each
 * card's edge is outlined so that overlapping cards stay apart.
 */

#pragma once

#include <gdk/gdk.h>

G_BEGIN_DECLS

typedef struct
{
  GdkRGBA turn_glow;           /* filled behind the row of the player to move */
  GdkRGBA turn_outline;        /* drawn around that row; transparent: none */
  float turn_outline_width;
  GdkRGBA badge_fill;          /* a count's pill */
  GdkRGBA badge_text;
  GdkRGBA label_text;          /* an empty place's name */
  GdkRGBA empty_outline;       /* around an empty place; transparent: the deck's own */
  GdkRGBA card_edge;           /* around every card; transparent: the deck's own */
  GdkRGBA shadow;              /* under a card held or flying */
  GdkRGBA casing;              /* outside the held and target frames; transparent: none */
  float casing_width;
  GdkRGBA held;
  float held_width;
  GdkRGBA target;
  GdkRGBA target_tint;
  float target_width;
  GdkRGBA hint;
  GdkRGBA hint_casing;
  float hint_width;
  GdkRGBA last_move;
  GdkRGBA focus_inner;
  GdkRGBA focus_outer;
  float focus_band;
} CrapetteTableColors;

/* Returns the palette of the usual style, or of the high-contrast one; never freed. */
const CrapetteTableColors *crapette_table_colors_get     (gboolean high_contrast);

/* Returns the palette of the style the system asks for now (libadwaita's high contrast). */
const CrapetteTableColors *crapette_table_colors_current (void);

G_END_DECLS
