/* crapette-table-layout.h: where each pile lies on the table, for any size
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <graphene.h>

#include "crapette-types.h"

G_BEGIN_DECLS

/**
 * CrapetteFan:
 * @CRAPETTE_FAN_NONE: the cards lie squared, only the top one shows.
 * @CRAPETTE_FAN_RIGHT: each card lies a little to the right of the one below.
 * @CRAPETTE_FAN_LEFT: each card lies a little to the left of the one below.
 */
typedef enum
{
  CRAPETTE_FAN_NONE = 0,
  CRAPETTE_FAN_RIGHT,
  CRAPETTE_FAN_LEFT
} CrapetteFan;

/**
 * CrapetteSlot:
 * @used: whether the variant has this pile at all.
 * @bounds: the whole area of the pile, the room of its fan included.
 * @base: where the bottom card lies.
 * @fan: how the cards spread.
 * @indicator: American Bank's tableau: where the pile's direction is shown.
 */
typedef struct
{
  gboolean used;
  graphene_rect_t bounds;
  graphene_rect_t base;
  CrapetteFan fan;
  graphene_rect_t indicator;
} CrapetteSlot;

/**
 * CrapetteTableLayout:
 *
 * The geometry of the table at one size. Everything is measured in "slot
 * units" of one card width, so the layout keeps its proportions at every
 * size; fans take the room left over and squeeze their cards to fit in it.
 */
typedef struct
{
  CrapetteVariant variant;
  int width;
  int height;
  int card_width;
  int card_height;
  float ideal_fan_step;
  CrapetteSlot slots[CRAPETTE_N_PILES];
} CrapetteTableLayout;

/* Lays the piles of @variant out in a @width × @height area, mirrored when @rtl. */
void     crapette_table_layout_compute     (CrapetteTableLayout       *layout,
                                            CrapetteVariant            variant,
                                            int                        width,
                                            int                        height,
                                            gboolean                   rtl);

/* Returns the distance between two neighbouring cards of a fan of @n_cards. */
float    crapette_table_layout_fan_step    (const CrapetteTableLayout *layout,
                                            CrapettePileId             pile,
                                            guint                      n_cards);

/* Stores in @rect where card @index (0 is the bottom) of a pile of @n_cards lies. */
void     crapette_table_layout_card_rect   (const CrapetteTableLayout *layout,
                                            CrapettePileId             pile,
                                            guint                      index,
                                            guint                      n_cards,
                                            graphene_rect_t           *rect);

G_END_DECLS
