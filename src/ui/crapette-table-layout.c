/* crapette-table-layout.c: where each pile lies on the table, for any size
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The table is drawn as if seen from South's chair. Distances are fractions
 * of a card width, so the picture keeps its proportions from a small laptop
 * window to a 4K screen. The card width is the largest for which the layout
 * fits with every fan at its tightest; whatever width is left over goes to
 * the fans, up to the spacing at which a card's index shows comfortably.
 */

#define G_LOG_DOMAIN "crapette-ui"

#include "config.h"

#include <math.h>
#include <string.h>

#include "crapette-table-layout.h"

/* Distances in card widths. */
#define GAP 0.2f              /* between neighbouring piles */
#define ROW_GAP 0.35f         /* between a player's row and the common piles */
#define MARGIN 0.3f           /* around the whole layout */
#define IDEAL_FAN_STEP 0.28f  /* enough to read a covered card's corner index */
#define RB_MIN_FAN_STEP 0.16f
#define AB_MIN_FAN_STEP 0.13f
#define AB_INDICATOR 0.3f     /* the strip beside a tableau pile showing ▲ or ▼ */
#define CARD_ASPECT 1.4f      /* 5:7 */

/* A fan is planned for a full suit: the bottom card and twelve more. */
#define FAN_CARDS_PLANNED 12

/* Card widths are kept within what looks sane and what the theme renders. */
#define MIN_CARD_WIDTH 16
#define MAX_CARD_WIDTH 400

typedef struct
{
  CrapetteTableLayout *layout;
  float w;
  float h;
} Builder;

static void
place_pile (Builder        *builder,
            CrapettePileId  pile,
            float           x,
            float           y,
            float           fan_room,
            CrapetteFan     fan,
            float           indicator)
{
  CrapetteSlot *slot = &builder->layout->slots[pile];

  slot->used = TRUE;
  slot->fan = fan;
  graphene_rect_init (&slot->bounds, x, y, indicator + builder->w + fan_room, builder->h);
  graphene_rect_init (&slot->indicator, x, y, indicator, builder->h);
  graphene_rect_init (&slot->base, fan == CRAPETTE_FAN_LEFT ? x + fan_room : x + indicator, y,
                      builder->w, builder->h);
}

static int
fit_card_width (int   width,
                int   height,
                float width_units,
                float height_units)
{
  float card_width = MIN (width / width_units, height / height_units);

  return CLAMP ((int) floorf (card_width), MIN_CARD_WIDTH, MAX_CARD_WIDTH);
}

/* Russian Bank: North's row on top, then four rows of houses and foundations,
 * South's row at the bottom. South's houses form a column above South's
 * reserve and fan out to the right; North's are the point reflection. */
static void
layout_russian (CrapetteTableLayout *layout,
                int                  width,
                int                  height,
                float               *layout_width,
                float               *layout_height)
{
  Builder builder = { layout };
  float w, h, gap, row_gap, house_region, fan_room;
  float x[4], top, bottom;

  layout->card_width = fit_card_width (width, height,
                                       2 * (1 + FAN_CARDS_PLANNED * RB_MIN_FAN_STEP) +
                                       2 + 3 * GAP + 2 * MARGIN,
                                       6 * CARD_ASPECT + 3 * GAP + 2 * ROW_GAP + 2 * MARGIN);
  w = builder.w = layout->card_width;
  h = builder.h = layout->card_height = (int) roundf (w * CARD_ASPECT);
  gap = roundf (w * GAP);
  row_gap = roundf (w * ROW_GAP);

  house_region = (width - 2 * MARGIN * w - 2 * w - 3 * gap) / 2;
  house_region = CLAMP (house_region, w + FAN_CARDS_PLANNED * RB_MIN_FAN_STEP * w,
                        w + FAN_CARDS_PLANNED * IDEAL_FAN_STEP * w);
  house_region = floorf (house_region);
  fan_room = house_region - w;

  x[0] = house_region - w;              /* North's houses' first card, South's stock */
  x[1] = house_region + gap;            /* the first column of foundations */
  x[2] = x[1] + w + gap;                /* the second column of foundations */
  x[3] = x[2] + w + gap;                /* South's houses' first card, South's reserve */
  top = 0;
  bottom = h + row_gap + 4 * h + 3 * gap + row_gap;

  place_pile (&builder, crapette_pile_of_seat (CRAPETTE_PILE_KIND_RESERVE, CRAPETTE_NORTH),
              x[0], top, 0, CRAPETTE_FAN_NONE, 0);
  place_pile (&builder, crapette_pile_of_seat (CRAPETTE_PILE_KIND_WASTE, CRAPETTE_NORTH),
              x[1], top, 0, CRAPETTE_FAN_NONE, 0);
  place_pile (&builder, crapette_pile_of_seat (CRAPETTE_PILE_KIND_TURNED, CRAPETTE_NORTH),
              x[2], top, 0, CRAPETTE_FAN_NONE, 0);
  place_pile (&builder, crapette_pile_of_seat (CRAPETTE_PILE_KIND_STOCK, CRAPETTE_NORTH),
              x[3], top, 0, CRAPETTE_FAN_NONE, 0);

  place_pile (&builder, crapette_pile_of_seat (CRAPETTE_PILE_KIND_STOCK, CRAPETTE_SOUTH),
              x[0], bottom, 0, CRAPETTE_FAN_NONE, 0);
  place_pile (&builder, crapette_pile_of_seat (CRAPETTE_PILE_KIND_TURNED, CRAPETTE_SOUTH),
              x[1], bottom, 0, CRAPETTE_FAN_NONE, 0);
  place_pile (&builder, crapette_pile_of_seat (CRAPETTE_PILE_KIND_WASTE, CRAPETTE_SOUTH),
              x[2], bottom, 0, CRAPETTE_FAN_NONE, 0);
  place_pile (&builder, crapette_pile_of_seat (CRAPETTE_PILE_KIND_RESERVE, CRAPETTE_SOUTH),
              x[3], bottom, 0, CRAPETTE_FAN_NONE, 0);

  for (guint row = 0; row < 4; row++)
    {
      float y = h + row_gap + row * (h + gap);
      float mirrored_y = h + row_gap + (3 - row) * (h + gap);

      place_pile (&builder, crapette_pile_house (row), x[3], y, fan_room, CRAPETTE_FAN_RIGHT, 0);
      place_pile (&builder, crapette_pile_house (4 + row), 0, mirrored_y, fan_room,
                  CRAPETTE_FAN_LEFT, 0);
      place_pile (&builder, crapette_pile_foundation (row), x[1], y, 0, CRAPETTE_FAN_NONE, 0);
      place_pile (&builder, crapette_pile_foundation (4 + row), x[2], mirrored_y, 0,
                  CRAPETTE_FAN_NONE, 0);
    }

  *layout_width = x[3] + house_region;
  *layout_height = bottom + h;
}

/* American Bank: the two rows of tableau piles between the players, South's
 * row (T1–T4) nearer South; each player's hand, card in hand and talon on
 * their side, and the completed sequences set aside at the ends of the
 * players' rows. Tableau fans all open to the right, so every card's corner
 * index shows. */
static void
layout_american (CrapetteTableLayout *layout,
                 int                  width,
                 int                  height,
                 float               *layout_width,
                 float               *layout_height)
{
  Builder builder = { layout };
  float w, h, gap, row_gap, indicator, column, fan_room, total_width;
  float north_row, north_tableau, south_tableau, south_row;

  layout->card_width = fit_card_width (width, height,
                                       4 * (AB_INDICATOR + 1 +
                                            FAN_CARDS_PLANNED * AB_MIN_FAN_STEP) +
                                       3 * GAP + 2 * MARGIN,
                                       4 * CARD_ASPECT + GAP + 2 * ROW_GAP + 2 * MARGIN);
  w = builder.w = layout->card_width;
  h = builder.h = layout->card_height = (int) roundf (w * CARD_ASPECT);
  gap = roundf (w * GAP);
  row_gap = roundf (w * ROW_GAP);
  indicator = roundf (w * AB_INDICATOR);

  column = (width - 2 * MARGIN * w - 3 * gap) / 4;
  column = CLAMP (column, indicator + w + FAN_CARDS_PLANNED * AB_MIN_FAN_STEP * w,
                  indicator + w + FAN_CARDS_PLANNED * IDEAL_FAN_STEP * w);
  column = floorf (column);
  fan_room = column - indicator - w;
  total_width = 4 * column + 3 * gap;

  north_row = 0;
  north_tableau = h + row_gap;
  south_tableau = north_tableau + h + gap;
  south_row = south_tableau + h + row_gap;

  for (guint i = 0; i < 4; i++)
    {
      place_pile (&builder, crapette_pile_house (i), i * (column + gap), south_tableau,
                  fan_room, CRAPETTE_FAN_RIGHT, indicator);
      place_pile (&builder, crapette_pile_house (4 + i), (3 - i) * (column + gap), north_tableau,
                  fan_room, CRAPETTE_FAN_RIGHT, indicator);
    }

  for (CrapettePileKind kind = CRAPETTE_PILE_KIND_STOCK; kind <= CRAPETTE_PILE_KIND_WASTE; kind++)
    {
      float x = indicator + kind * (w + gap);

      place_pile (&builder, crapette_pile_of_seat (kind, CRAPETTE_SOUTH), x, south_row, 0,
                  CRAPETTE_FAN_NONE, 0);
      place_pile (&builder, crapette_pile_of_seat (kind, CRAPETTE_NORTH), total_width - x - w,
                  north_row, 0, CRAPETTE_FAN_NONE, 0);
    }

  /* The completed sequences: two at the right of South's row, two at the
   * left of North's, out of the way of play. */
  place_pile (&builder, crapette_pile_foundation (0), total_width - 2 * w - gap, south_row, 0,
              CRAPETTE_FAN_NONE, 0);
  place_pile (&builder, crapette_pile_foundation (1), total_width - w, south_row, 0,
              CRAPETTE_FAN_NONE, 0);
  place_pile (&builder, crapette_pile_foundation (2), w + gap, north_row, 0,
              CRAPETTE_FAN_NONE, 0);
  place_pile (&builder, crapette_pile_foundation (3), 0, north_row, 0, CRAPETTE_FAN_NONE, 0);

  *layout_width = total_width;
  *layout_height = south_row + h;
}

static void
mirror_rect (graphene_rect_t *rect,
             float            width)
{
  rect->origin.x = width - rect->origin.x - rect->size.width;
}

/* Lays the piles of @variant out in a @width × @height area, mirrored when @rtl. */
void
crapette_table_layout_compute (CrapetteTableLayout *layout,
                               CrapetteVariant      variant,
                               int                  width,
                               int                  height,
                               gboolean             rtl)
{
  float layout_width = 0, layout_height = 0;
  float offset_x, offset_y;

  g_return_if_fail (layout != NULL);
  g_return_if_fail (variant < CRAPETTE_N_VARIANTS);

  memset (layout, 0, sizeof *layout);
  layout->variant = variant;
  layout->width = MAX (width, 1);
  layout->height = MAX (height, 1);

  if (variant == CRAPETTE_VARIANT_RUSSIAN)
    layout_russian (layout, layout->width, layout->height, &layout_width, &layout_height);
  else
    layout_american (layout, layout->width, layout->height, &layout_width, &layout_height);
  layout->ideal_fan_step = roundf (layout->card_width * IDEAL_FAN_STEP);

  /* Centre the layout; whole pixels keep the card edges sharp. */
  offset_x = floorf ((layout->width - layout_width) / 2);
  offset_y = floorf ((layout->height - layout_height) / 2);

  for (guint pile = 0; pile < CRAPETTE_N_PILES; pile++)
    {
      CrapetteSlot *slot = &layout->slots[pile];

      if (!slot->used)
        continue;

      graphene_rect_offset (&slot->bounds, offset_x, offset_y);
      graphene_rect_offset (&slot->base, offset_x, offset_y);
      graphene_rect_offset (&slot->indicator, offset_x, offset_y);

      /* Right to left, the whole table is seen in a mirror, fans included. */
      if (rtl)
        {
          mirror_rect (&slot->bounds, layout->width);
          mirror_rect (&slot->base, layout->width);
          mirror_rect (&slot->indicator, layout->width);
          if (slot->fan == CRAPETTE_FAN_RIGHT)
            slot->fan = CRAPETTE_FAN_LEFT;
          else if (slot->fan == CRAPETTE_FAN_LEFT)
            slot->fan = CRAPETTE_FAN_RIGHT;
        }
    }
}

/* Returns the distance between two neighbouring cards of a fan of @n_cards. */
float
crapette_table_layout_fan_step (const CrapetteTableLayout *layout,
                                CrapettePileId             pile,
                                guint                      n_cards)
{
  const CrapetteSlot *slot;
  float room;

  g_return_val_if_fail (layout != NULL, 0);
  g_return_val_if_fail (pile < CRAPETTE_N_PILES, 0);

  slot = &layout->slots[pile];
  if (slot->fan == CRAPETTE_FAN_NONE || n_cards < 2)
    return 0;

  room = slot->bounds.size.width - slot->indicator.size.width - slot->base.size.width;
  return MIN (layout->ideal_fan_step, floorf (room / (n_cards - 1) * 4) / 4);
}

/* Stores in @rect where card @index (0 is the bottom) of a pile of @n_cards lies. */
void
crapette_table_layout_card_rect (const CrapetteTableLayout *layout,
                                 CrapettePileId             pile,
                                 guint                      index,
                                 guint                      n_cards,
                                 graphene_rect_t           *rect)
{
  const CrapetteSlot *slot;
  float step;

  g_return_if_fail (layout != NULL);
  g_return_if_fail (pile < CRAPETTE_N_PILES);
  g_return_if_fail (rect != NULL);

  slot = &layout->slots[pile];
  step = crapette_table_layout_fan_step (layout, pile, n_cards);
  *rect = slot->base;
  if (slot->fan == CRAPETTE_FAN_RIGHT)
    rect->origin.x += index * step;
  else if (slot->fan == CRAPETTE_FAN_LEFT)
    rect->origin.x -= index * step;
}
