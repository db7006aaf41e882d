/* crapette-table-layout.c: where each pile lies on the table, for any size
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The table is drawn as if seen from South's chair. Distances are fractions
 * of a card width, so the picture keeps its proportions from a small laptop
 * window to a 4K screen. The card width is the largest for which the layout
 * fits with every fan at its tightest; whatever width is left over goes to
 * the fans, up to the spacing at which a card's index shows comfortably.
 * Each game is drawn in two ways, one for wide tables and one for tall
 * ones, and the one with the larger cards is used, so that the card size is
 * set by the window's short side only as far as the game needs. Each
 * player's name plate (their name, the turn marker and their counts) stands
 * beside their own piles: at the head of their column on a wide Russian Bank
 * table, above North's row and below South's otherwise; its height, in
 * pixels, is the window's to say, as it depends on the font.
 */

#define G_LOG_DOMAIN "crapette-ui"

#include "config.h"

#include <math.h>
#include <string.h>

#include "crapette-table-layout.h"

/* Distances in card widths. */
#define GAP 0.2f              /* between neighbouring piles */
#define ROW_GAP 0.35f         /* between a player's own piles and the common piles */
#define SIDE_GAP 0.25f        /* the same across the table, where the houses' fans, spread
                               * towards the player's column, leave air beside it anyway */
#define MARGIN 0.15f          /* around the whole layout: with the name plates on the table
                               * the window has no other strip between its edge and the cards,
                               * and 0.15 lets Russian Bank's cards reach 108 px at 1280×800 */
#define IDEAL_FAN_STEP 0.28f  /* enough to read a covered card's corner index */
#define RB_MIN_FAN_STEP 0.13f /* as American Bank's: a covered card's index still shows */
#define AB_MIN_FAN_STEP 0.13f
#define AB_INDICATOR 0.3f     /* the strip beside a tableau pile showing ▲ or ▼ */
#define BADGE_WIDTH 0.42f     /* beside a card: a two-digit count in its pill, and air */
#define BADGE_HEIGHT 0.25f    /* below a card: the same pill's height, and air */
#define CARD_ASPECT 1.4f      /* 5:7 */

/* Pixels between a name plate and the nearest piles: the marks around a pile stop short
 * of it. */
#define PLATE_AIR CRAPETTE_TABLE_PLATE_CLEARANCE
#define ROUNDING_ROOM 4

/* A fan is planned for a full suit: the bottom card and twelve more. */
#define FAN_CARDS_PLANNED 12

/* The narrowest a fanned pile may be, and the widest it is worth making. */
#define RB_MIN_FANNED (1 + FAN_CARDS_PLANNED * RB_MIN_FAN_STEP)
#define AB_MIN_TABLEAU (AB_INDICATOR + 1 + FAN_CARDS_PLANNED * AB_MIN_FAN_STEP)

/* American Bank's player's row: hand and its count, card in hand, talon and
 * its count, then two completed sequences, after the strip that lines the
 * hand up with the tableau cards. */
#define AB_PLAYER_ROW (AB_INDICATOR + 3 * (1 + GAP) + 2 * BADGE_WIDTH + 2 + GAP)

/* Card widths are kept within what looks sane and what the theme renders. */
#define MIN_CARD_WIDTH 16
#define MAX_CARD_WIDTH 400

typedef struct
{
  CrapetteTableLayout *layout;
  float w;
  float h;
  float gap;
  float row_gap;
  float badge_width;
  float badge_height;
  float side_gap;
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
  graphene_rect_init (&slot->badge, x, y, 0, 0);
  graphene_rect_init (&slot->base, fan == CRAPETTE_FAN_LEFT ? x + fan_room : x + indicator, y,
                      builder->w, builder->h);
}

/* Gives squared @pile a place for its count at (@x, @y); the pile's bounds grow to hold it. */
static void
place_badge (Builder        *builder,
             CrapettePileId  pile,
             float           x,
             float           y,
             float           width,
             float           height)
{
  CrapetteSlot *slot = &builder->layout->slots[pile];

  graphene_rect_init (&slot->badge, x, y, width, height);
  graphene_rect_union (&slot->bounds, &slot->badge, &slot->bounds);
}

/* Only these piles hold more than one squared card. */
static gboolean
pile_has_badge (CrapettePileId pile)
{
  CrapettePileKind kind = crapette_pile_kind (pile);

  return kind == CRAPETTE_PILE_KIND_STOCK || kind == CRAPETTE_PILE_KIND_WASTE ||
         kind == CRAPETTE_PILE_KIND_RESERVE;
}

/* The layout's size in card widths, with every fan at its tightest, margins and name
 * plates left out. */
static void
arrangement_units (CrapetteArrangement  arrangement,
                   float               *width_units,
                   float               *height_units)
{
  switch (arrangement)
    {
    case CRAPETTE_ARRANGEMENT_SIDES:
      *width_units = 2 * (BADGE_WIDTH + 1 + SIDE_GAP) + 2 * RB_MIN_FANNED + 2 + 3 * GAP;
      *height_units = 4 * CARD_ASPECT + 3 * GAP;
      break;
    case CRAPETTE_ARRANGEMENT_ROWS:
      *width_units = 2 * RB_MIN_FANNED + 2 + 3 * GAP;
      *height_units = 6 * CARD_ASPECT + 3 * GAP + 2 * ROW_GAP + 2 * BADGE_HEIGHT;
      break;
    case CRAPETTE_ARRANGEMENT_TWO_ROWS:
      *width_units = MAX (4 * AB_MIN_TABLEAU + 3 * GAP, AB_PLAYER_ROW);
      *height_units = 4 * CARD_ASPECT + GAP + 2 * ROW_GAP;
      break;
    case CRAPETTE_ARRANGEMENT_FOUR_ROWS:
    default:
      *width_units = MAX (2 * AB_MIN_TABLEAU + GAP, AB_PLAYER_ROW);
      *height_units = 6 * CARD_ASPECT + 2 * GAP + 3 * ROW_GAP;
      break;
    }
}

/* The wide Russian Bank table has both name plates in one band above its columns; the
 * other pictures have one above North's row and one below South's. */
static guint
arrangement_plate_bands (CrapetteArrangement arrangement)
{
  return arrangement == CRAPETTE_ARRANGEMENT_SIDES ? 1 : 2;
}

/* The largest card width at which @arrangement fits in @width × @height with name plates
 * @plate_height pixels high. A plate stands in the margin where it is high enough. */
static int
arrangement_card_width (CrapetteArrangement arrangement,
                        int                 width,
                        int                 height,
                        int                 plate_height)
{
  float width_units, height_units;
  float card_width;

  arrangement_units (arrangement, &width_units, &height_units);
  card_width = MIN (width / (width_units + 2 * MARGIN), height / (height_units + 2 * MARGIN));
  if (plate_height > 0)
    {
      guint bands = arrangement_plate_bands (arrangement);
      float band = plate_height + PLATE_AIR;

      /* With a plate at each end, less a few pixels for the card heights' and gaps'
       * rounding, which a margin takes up otherwise; with one band, the other end keeps
       * the marks' reach, as the plates' side does. */
      float rounding = bands == 2 ? ROUNDING_ROOM : PLATE_AIR;

      card_width = MIN (card_width, (height - bands * band - rounding) / height_units);
    }
  return CLAMP ((int) floorf (card_width), MIN_CARD_WIDTH, MAX_CARD_WIDTH);
}

static void
start_builder (Builder             *builder,
               CrapetteTableLayout *layout,
               int                  card_width)
{
  layout->card_width = card_width;
  layout->card_height = (int) roundf (card_width * CARD_ASPECT);
  builder->layout = layout;
  builder->w = layout->card_width;
  builder->h = layout->card_height;
  builder->gap = roundf (builder->w * GAP);
  builder->row_gap = roundf (builder->w * ROW_GAP);
  builder->side_gap = roundf (builder->w * SIDE_GAP);
  builder->badge_width = roundf (builder->w * BADGE_WIDTH);
  builder->badge_height = roundf (builder->w * BADGE_HEIGHT);
}

/* How wide each of Russian Bank's two house regions is (a card and its fan),
 * once @fixed pixels of the width are spoken for. */
static float
russian_house_region (const Builder *builder,
                      int            width,
                      float          fixed)
{
  float w = builder->w;
  float region = (width - 2 * MARGIN * w - fixed) / 2;

  region = CLAMP (region, RB_MIN_FANNED * w, w + FAN_CARDS_PLANNED * IDEAL_FAN_STEP * w);
  return floorf (region);
}

/* Russian Bank's houses and foundations in four rows from @top, between
 * the house regions starting at @north_x and @south_x. South's houses fan
 * out to the right, towards South; North's are the point reflection. */
static void
place_russian_middle (Builder *builder,
                      float    north_x,
                      float    south_x,
                      float    top,
                      float    house_region)
{
  float w = builder->w, h = builder->h, gap = builder->gap;
  float fan_room = house_region - w;
  float foundation_x = north_x + house_region + gap;

  for (guint row = 0; row < 4; row++)
    {
      float y = top + row * (h + gap);
      float mirrored_y = top + (3 - row) * (h + gap);

      place_pile (builder, crapette_pile_house (row), south_x, y, fan_room, CRAPETTE_FAN_RIGHT, 0);
      place_pile (builder, crapette_pile_house (4 + row), north_x, mirrored_y, fan_room,
                  CRAPETTE_FAN_LEFT, 0);
      place_pile (builder, crapette_pile_foundation (row), foundation_x, y, 0,
                  CRAPETTE_FAN_NONE, 0);
      place_pile (builder, crapette_pile_foundation (4 + row), foundation_x + w + gap,
                  mirrored_y, 0, CRAPETTE_FAN_NONE, 0);
    }
}

/* Russian Bank on a wide table: North's column at the left (reserve on top),
 * then North's houses, the foundations, South's houses, and South's column
 * at the right (stock on top, reserve at the bottom). Counts stand beside the
 * cards, on the outer side. */
static void
layout_russian_sides (Builder *builder,
                      int      width,
                      float   *layout_width,
                      float   *layout_height)
{
  static const CrapettePileKind south_order[4] = {
    CRAPETTE_PILE_KIND_STOCK, CRAPETTE_PILE_KIND_TURNED,
    CRAPETTE_PILE_KIND_WASTE, CRAPETTE_PILE_KIND_RESERVE,
  };
  float w = builder->w, h = builder->h, gap = builder->gap;
  float side = builder->badge_width + w + builder->side_gap;
  float house_region = russian_house_region (builder, width, 2 * side + 2 * w + 3 * gap);
  float south_column = side + 2 * house_region + 2 * w + 3 * gap + builder->side_gap;

  place_russian_middle (builder, side, south_column - builder->side_gap - house_region, 0,
                        house_region);

  for (guint row = 0; row < 4; row++)
    {
      CrapettePileId south = crapette_pile_of_seat (south_order[row], CRAPETTE_SOUTH);
      CrapettePileId north = crapette_pile_of_seat (south_order[3 - row], CRAPETTE_NORTH);
      float y = row * (h + gap);

      place_pile (builder, south, south_column, y, 0, CRAPETTE_FAN_NONE, 0);
      place_pile (builder, north, builder->badge_width, y, 0, CRAPETTE_FAN_NONE, 0);
      if (pile_has_badge (south))
        place_badge (builder, south, south_column + w, y + h - builder->badge_height,
                     builder->badge_width, builder->badge_height);
      if (pile_has_badge (north))
        place_badge (builder, north, 0, y, builder->badge_width, builder->badge_height);
    }

  *layout_width = south_column + w + builder->badge_width;
  *layout_height = 4 * h + 3 * gap;
}

/* Russian Bank on a tall table: North's row on top, then the houses and
 * foundations, South's row at the bottom; counts below South's cards and
 * above North's. */
static void
layout_russian_rows (Builder *builder,
                     int      width,
                     float   *layout_width,
                     float   *layout_height)
{
  static const CrapettePileKind south_order[4] = {
    CRAPETTE_PILE_KIND_STOCK, CRAPETTE_PILE_KIND_TURNED,
    CRAPETTE_PILE_KIND_WASTE, CRAPETTE_PILE_KIND_RESERVE,
  };
  float w = builder->w, h = builder->h, gap = builder->gap;
  float house_region = russian_house_region (builder, width, 2 * w + 3 * gap);
  float x[4], north_row, middle, south_row;

  x[0] = house_region - w;              /* North's houses' first card, South's stock */
  x[1] = house_region + gap;            /* the first column of foundations */
  x[2] = x[1] + w + gap;                /* the second column of foundations */
  x[3] = x[2] + w + gap;                /* South's houses' first card, South's reserve */
  north_row = builder->badge_height;
  middle = north_row + h + builder->row_gap;
  south_row = middle + 4 * h + 3 * gap + builder->row_gap;

  place_russian_middle (builder, 0, x[3], middle, house_region);

  for (guint column = 0; column < 4; column++)
    {
      CrapettePileId south = crapette_pile_of_seat (south_order[column], CRAPETTE_SOUTH);
      CrapettePileId north = crapette_pile_of_seat (south_order[3 - column], CRAPETTE_NORTH);

      place_pile (builder, south, x[column], south_row, 0, CRAPETTE_FAN_NONE, 0);
      place_pile (builder, north, x[column], north_row, 0, CRAPETTE_FAN_NONE, 0);
      if (pile_has_badge (south))
        place_badge (builder, south, x[column], south_row + h, w, builder->badge_height);
      if (pile_has_badge (north))
        place_badge (builder, north, x[column], 0, w, builder->badge_height);
    }

  *layout_width = x[3] + house_region;
  *layout_height = south_row + h + builder->badge_height;
}

/* American Bank's players' rows: hand, card in hand and talon from the left
 * of South's row, the counts beside the hand and the talon, and two completed
 * sequences at its right end. North's row is its point reflection. */
static void
place_american_rows (Builder *builder,
                     float    north_row,
                     float    south_row,
                     float    x,
                     float    total_width)
{
  float w = builder->w, h = builder->h, gap = builder->gap, badge = builder->badge_width;

  for (CrapettePileKind kind = CRAPETTE_PILE_KIND_STOCK; kind <= CRAPETTE_PILE_KIND_WASTE; kind++)
    {
      CrapettePileId south = crapette_pile_of_seat (kind, CRAPETTE_SOUTH);
      CrapettePileId north = crapette_pile_of_seat (kind, CRAPETTE_NORTH);

      place_pile (builder, south, x, south_row, 0, CRAPETTE_FAN_NONE, 0);
      place_pile (builder, north, total_width - x - w, north_row, 0, CRAPETTE_FAN_NONE, 0);
      x += w;
      if (pile_has_badge (south))
        {
          place_badge (builder, south, x, south_row + h - builder->badge_height, badge,
                       builder->badge_height);
          place_badge (builder, north, total_width - x - badge, north_row, badge,
                       builder->badge_height);
          x += badge;
        }
      x += gap;
    }

  place_pile (builder, crapette_pile_foundation (0), total_width - 2 * w - gap, south_row, 0,
              CRAPETTE_FAN_NONE, 0);
  place_pile (builder, crapette_pile_foundation (1), total_width - w, south_row, 0,
              CRAPETTE_FAN_NONE, 0);
  place_pile (builder, crapette_pile_foundation (2), w + gap, north_row, 0,
              CRAPETTE_FAN_NONE, 0);
  place_pile (builder, crapette_pile_foundation (3), 0, north_row, 0, CRAPETTE_FAN_NONE, 0);
}

/* How wide each tableau pile of American Bank is (its ▲/▼ strip, a card and
 * its fan) when @n_columns of them stand side by side. */
static float
american_column (const Builder *builder,
                 int            width,
                 guint          n_columns)
{
  float w = builder->w;
  float column = (width - 2 * MARGIN * w - (n_columns - 1) * builder->gap) / n_columns;

  column = CLAMP (column, AB_MIN_TABLEAU * w,
                  (AB_INDICATOR + 1 + FAN_CARDS_PLANNED * IDEAL_FAN_STEP) * w);
  return floorf (column);
}

/* American Bank on a wide table: the tableau in two rows of four between the
 * players' rows, South's row (T1–T4) nearer South. Tableau fans all open to
 * the right, so every card's corner index shows. */
static void
layout_american_two_rows (Builder *builder,
                          int      width,
                          float   *layout_width,
                          float   *layout_height)
{
  float w = builder->w, h = builder->h, gap = builder->gap;
  float indicator = roundf (w * AB_INDICATOR);
  float column = american_column (builder, width, 4);
  float fan_room = column - indicator - w;
  float total_width = 4 * column + 3 * gap;
  float north_tableau = h + builder->row_gap;
  float south_tableau = north_tableau + h + gap;
  float south_row = south_tableau + h + builder->row_gap;

  for (guint i = 0; i < 4; i++)
    {
      place_pile (builder, crapette_pile_house (i), i * (column + gap), south_tableau,
                  fan_room, CRAPETTE_FAN_RIGHT, indicator);
      place_pile (builder, crapette_pile_house (4 + i), (3 - i) * (column + gap), north_tableau,
                  fan_room, CRAPETTE_FAN_RIGHT, indicator);
    }
  place_american_rows (builder, 0, south_row, indicator, total_width);

  *layout_width = total_width;
  *layout_height = south_row + h;
}

/* American Bank on a tall table: the tableau in four rows of two, T1 T2 and
 * T3 T4 on South's side, T5–T8 their point reflection on North's. */
static void
layout_american_four_rows (Builder *builder,
                           int      width,
                           float   *layout_width,
                           float   *layout_height)
{
  float w = builder->w, h = builder->h, gap = builder->gap, row_gap = builder->row_gap;
  float indicator = roundf (w * AB_INDICATOR);
  float column = american_column (builder, width, 2);
  float fan_room = column - indicator - w;
  float player_row = indicator + 3 * (w + gap) + 2 * builder->badge_width + 2 * w + gap;
  float total_width = MAX (2 * column + gap, ceilf (player_row));
  float first_tableau = h + row_gap;
  float south_row = first_tableau + 4 * h + 2 * gap + row_gap + row_gap;

  for (guint i = 0; i < 4; i++)
    {
      /* South's T1 T2 nearer the middle, T3 T4 below them. */
      float y = first_tableau + 2 * (h + gap) + row_gap - gap + (i / 2) * (h + gap);
      float mirrored_y = first_tableau + (1 - i / 2) * (h + gap);
      float x = (i % 2) * (column + gap);
      float mirrored_x = (1 - i % 2) * (column + gap);

      place_pile (builder, crapette_pile_house (i), x, y, fan_room, CRAPETTE_FAN_RIGHT,
                  indicator);
      place_pile (builder, crapette_pile_house (4 + i), mirrored_x, mirrored_y, fan_room,
                  CRAPETTE_FAN_RIGHT, indicator);
    }
  place_american_rows (builder, 0, south_row, indicator, total_width);

  *layout_width = total_width;
  *layout_height = south_row + h;
}

/* Puts the plate of @seat in a band at @y across the @layout_width of the table, starting
 * where the player's own piles start when they lie towards one end of their row (American
 * Bank's hand and talon), in the middle when they lie in the middle (Russian Bank's). */
static void
align_plate (CrapetteTableLayout *layout,
             CrapetteSeat         seat,
             float                layout_width,
             float                y)
{
  CrapettePlate *plate = &layout->plates[seat];
  graphene_rect_t piles = GRAPHENE_RECT_INIT (0, 0, 0, 0);
  gboolean first = TRUE;
  float middle;

  for (CrapettePileKind kind = CRAPETTE_PILE_KIND_STOCK; kind <= CRAPETTE_PILE_KIND_RESERVE;
       kind++)
    {
      const CrapetteSlot *slot = &layout->slots[crapette_pile_of_seat (kind, seat)];

      if (!slot->used)
        continue;
      if (first)
        piles = slot->bounds;
      else
        graphene_rect_union (&piles, &slot->bounds, &piles);
      first = FALSE;
    }

  middle = piles.origin.x + piles.size.width / 2;
  if (fabsf (middle - layout_width / 2) < layout_width / 10)
    {
      graphene_rect_init (&plate->area, 0, y, layout_width, layout->plate_height);
      plate->align = CRAPETTE_PLATE_CENTRE;
    }
  else if (middle < layout_width / 2)
    {
      graphene_rect_init (&plate->area, piles.origin.x, y, layout_width - piles.origin.x,
                          layout->plate_height);
      plate->align = CRAPETTE_PLATE_LEFT;
    }
  else
    {
      graphene_rect_init (&plate->area, 0, y, piles.origin.x + piles.size.width,
                          layout->plate_height);
      plate->align = CRAPETTE_PLATE_RIGHT;
    }
}

/* Gives each player a name plate beside their piles, laid out by now in @layout_width ×
 * @layout_height from the top: the piles move down under the plates' band. */
static void
place_plates (Builder *builder,
              float    layout_width,
              float   *layout_height)
{
  CrapetteTableLayout *layout = builder->layout;
  CrapettePlate *north = &layout->plates[CRAPETTE_NORTH];
  CrapettePlate *south = &layout->plates[CRAPETTE_SOUTH];
  float plate = layout->plate_height;
  float band = plate + PLATE_AIR;

  if (layout->plate_height <= 0)
    return;

  for (guint pile = 0; pile < CRAPETTE_N_PILES; pile++)
    {
      CrapetteSlot *slot = &layout->slots[pile];

      if (!slot->used)
        continue;
      graphene_rect_offset (&slot->bounds, 0, band);
      graphene_rect_offset (&slot->base, 0, band);
      graphene_rect_offset (&slot->indicator, 0, band);
      graphene_rect_offset (&slot->badge, 0, band);
    }

  if (arrangement_plate_bands (layout->arrangement) == 1)
    {
      /* At the head of each column: North's at the left end, South's at the right. */
      float half = floorf ((layout_width - builder->gap) / 2);

      graphene_rect_init (&north->area, 0, 0, half, plate);
      north->align = CRAPETTE_PLATE_LEFT;
      graphene_rect_init (&south->area, layout_width - half, 0, half, plate);
      south->align = CRAPETTE_PLATE_RIGHT;
      *layout_height += band;
    }
  else
    {
      align_plate (layout, CRAPETTE_NORTH, layout_width, 0);
      align_plate (layout, CRAPETTE_SOUTH, layout_width, band + *layout_height + PLATE_AIR);
      *layout_height += 2 * band;
    }
}

static void
mirror_rect (graphene_rect_t *rect,
             float            width)
{
  rect->origin.x = width - rect->origin.x - rect->size.width;
}

/* Moves every pile placed by @layout_width × @layout_height so that the whole stands in
 * the middle of the table, and mirrors it for a right-to-left language. */
static void
centre_and_mirror (CrapetteTableLayout *layout,
                   float                layout_width,
                   float                layout_height,
                   gboolean             rtl)
{
  /* Whole pixels keep the card edges sharp. */
  float offset_x = floorf ((layout->width - layout_width) / 2);
  float offset_y = floorf ((layout->height - layout_height) / 2);

  for (CrapetteSeat seat = 0; seat < CRAPETTE_N_SEATS && layout->plate_height > 0; seat++)
    {
      CrapettePlate *plate = &layout->plates[seat];

      graphene_rect_offset (&plate->area, offset_x, offset_y);
      if (rtl)
        {
          mirror_rect (&plate->area, layout->width);
          if (plate->align == CRAPETTE_PLATE_LEFT)
            plate->align = CRAPETTE_PLATE_RIGHT;
          else if (plate->align == CRAPETTE_PLATE_RIGHT)
            plate->align = CRAPETTE_PLATE_LEFT;
        }
    }

  for (guint pile = 0; pile < CRAPETTE_N_PILES; pile++)
    {
      CrapetteSlot *slot = &layout->slots[pile];

      if (!slot->used)
        continue;

      graphene_rect_offset (&slot->bounds, offset_x, offset_y);
      graphene_rect_offset (&slot->base, offset_x, offset_y);
      graphene_rect_offset (&slot->indicator, offset_x, offset_y);
      graphene_rect_offset (&slot->badge, offset_x, offset_y);

      /* Right to left, the whole table is seen in a mirror, fans included. */
      if (rtl)
        {
          mirror_rect (&slot->bounds, layout->width);
          mirror_rect (&slot->base, layout->width);
          mirror_rect (&slot->indicator, layout->width);
          mirror_rect (&slot->badge, layout->width);
          if (slot->fan == CRAPETTE_FAN_RIGHT)
            slot->fan = CRAPETTE_FAN_LEFT;
          else if (slot->fan == CRAPETTE_FAN_LEFT)
            slot->fan = CRAPETTE_FAN_RIGHT;
        }
    }
}

/* Lays the piles of @variant out in a @width × @height area, mirrored when @rtl, with room
 * for each player's name plate @plate_height pixels high (0: none) beside their piles. */
void
crapette_table_layout_compute (CrapetteTableLayout *layout,
                               CrapetteVariant      variant,
                               int                  width,
                               int                  height,
                               int                  plate_height,
                               gboolean             rtl)
{
  Builder builder;
  CrapetteArrangement wide, tall;
  int wide_card, tall_card;
  float layout_width = 0, layout_height = 0;

  g_return_if_fail (layout != NULL);
  g_return_if_fail (variant < CRAPETTE_N_VARIANTS);

  memset (layout, 0, sizeof *layout);
  layout->variant = variant;
  layout->width = MAX (width, 1);
  layout->height = MAX (height, 1);
  layout->plate_height = MAX (plate_height, 0);

  /* Each game has a picture for wide tables and one for tall ones: the
   * one that gives the larger cards wins, the wide one on a tie. */
  if (variant == CRAPETTE_VARIANT_RUSSIAN)
    {
      wide = CRAPETTE_ARRANGEMENT_SIDES;
      tall = CRAPETTE_ARRANGEMENT_ROWS;
    }
  else
    {
      wide = CRAPETTE_ARRANGEMENT_TWO_ROWS;
      tall = CRAPETTE_ARRANGEMENT_FOUR_ROWS;
    }
  wide_card = arrangement_card_width (wide, layout->width, layout->height, layout->plate_height);
  tall_card = arrangement_card_width (tall, layout->width, layout->height, layout->plate_height);
  layout->arrangement = tall_card > wide_card ? tall : wide;
  start_builder (&builder, layout, MAX (wide_card, tall_card));

  switch (layout->arrangement)
    {
    case CRAPETTE_ARRANGEMENT_SIDES:
      layout_russian_sides (&builder, layout->width, &layout_width, &layout_height);
      break;
    case CRAPETTE_ARRANGEMENT_ROWS:
      layout_russian_rows (&builder, layout->width, &layout_width, &layout_height);
      break;
    case CRAPETTE_ARRANGEMENT_TWO_ROWS:
      layout_american_two_rows (&builder, layout->width, &layout_width, &layout_height);
      break;
    case CRAPETTE_ARRANGEMENT_FOUR_ROWS:
    default:
      layout_american_four_rows (&builder, layout->width, &layout_width, &layout_height);
      break;
    }
  layout->ideal_fan_step = roundf (layout->card_width * IDEAL_FAN_STEP);
  place_plates (&builder, layout_width, &layout_height);
  centre_and_mirror (layout, layout_width, layout_height, rtl);
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
