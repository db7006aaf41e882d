/* test-table.c: the table's geometry at every size, its mirroring, and its lifetime
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "crapette-test"

#include "config.h"

#include <math.h>

#include "crapette-names.h"
#include "ui-test-helpers.h"

static const int sizes[][2] = {
  { 360, 300 }, { 800, 500 }, { 800, 600 }, { 1024, 700 }, { 1280, 720 }, { 1280, 800 },
  { 1920, 1080 }, { 2560, 1440 }, { 3840, 2160 }, { 700, 1200 }, { 3000, 500 },
  { 790, 1080 }, { 790, 480 }, { 1270, 680 }, { 1910, 960 }, { 600, 900 }, { 360, 2000 },
  { 1000, 760 }, { 1100, 700 }, { 900, 900 },
};

/* The table's share of the window: the running program under Xvfb and openbox gives the
 * table a 1910×1001 area in a maximised 1920×1080 window (a 5 px frame each side, the
 * header bar and the message line: 10 px across, 79 px down); each player's plate, on the
 * table, is a line of text 21 px high. The targets below are checked with 7 px more taken
 * off the height and a plate 2 px higher, so that a slightly taller font does not put them
 * out of reach. */
#define CHROME_WIDTH 10
#define CHROME_HEIGHT 86
#define PLATE_HEIGHT 23

/* Issue 26's card widths, in pixels, with the window at these sizes: Russian Bank's at
 * least 150 px on a 1920×1080 screen and 108 px on a 1280×800 one; American Bank's, and
 * both games' on the smaller windows, no smaller than before the plates (bench/table-layout.sh
 * then: Russian Bank 141, 99, 88, 62; American Bank 135, 95, 102, 62). */
static const struct
{
  int window_width;
  int window_height;
  int russian;
  int american;
} targets[] = {
  { 1920, 1080, 150, 135 },
  { 1280, 800, 108, 95 },
  { 800, 1200, 88, 102 },
  { 800, 600, 62, 62 },
};

static void
check_layout (const CrapetteTableLayout *layout)
{
  for (CrapettePileId a = 0; a < CRAPETTE_N_PILES; a++)
    {
      const CrapetteSlot *slot = &layout->slots[a];
      graphene_rect_t first, last;

      if (!slot->used)
        continue;

      /* Inside the area. */
      g_assert_cmpfloat (slot->bounds.origin.x, >=, 0);
      g_assert_cmpfloat (slot->bounds.origin.y, >=, 0);
      g_assert_cmpfloat (slot->bounds.origin.x + slot->bounds.size.width, <=, layout->width);
      g_assert_cmpfloat (slot->bounds.origin.y + slot->bounds.size.height, <=, layout->height);

      /* A full suit fanned out stays within the pile, and each card shows a strip. */
      crapette_table_layout_card_rect (layout, a, 0, 13, &first);
      crapette_table_layout_card_rect (layout, a, 12, 13, &last);
      g_assert_true (graphene_rect_contains_rect (&slot->bounds, &first));
      g_assert_true (graphene_rect_contains_rect (&slot->bounds, &last));
      if (slot->fan != CRAPETTE_FAN_NONE)
        g_assert_cmpfloat (crapette_table_layout_fan_step (layout, a, 13), >=,
                           layout->card_width * 0.12f);

      /* A count stands beside or below the card, never on it, within the pile. */
      if (slot->badge.size.width > 0)
        {
          graphene_rect_t on_card;

          g_assert_cmpint (slot->fan, ==, CRAPETTE_FAN_NONE);
          g_assert_true (graphene_rect_contains_rect (&slot->bounds, &slot->badge));
          g_assert_false (graphene_rect_intersection (&slot->badge, &slot->base, &on_card) &&
                          on_card.size.width > 0.5f && on_card.size.height > 0.5f);
          g_assert_cmpfloat (slot->badge.size.height, >=, layout->card_width * 0.2f);
          g_assert_cmpfloat (slot->badge.size.width, >=, layout->card_width * 0.4f);
        }

      /* Every pile that can hold many squared cards has room for its count. */
      g_assert_true ((slot->badge.size.width > 0) ==
                     (slot->fan == CRAPETTE_FAN_NONE &&
                      (crapette_pile_kind (a) == CRAPETTE_PILE_KIND_STOCK ||
                       crapette_pile_kind (a) == CRAPETTE_PILE_KIND_WASTE ||
                       crapette_pile_kind (a) == CRAPETTE_PILE_KIND_RESERVE)));

      /* The cards keep their 5:7 shape. */
      g_assert_cmpfloat (fabsf (slot->base.size.height / slot->base.size.width - 1.4f), <, 0.05f);

      for (CrapettePileId b = a + 1; b < CRAPETTE_N_PILES; b++)
        {
          graphene_rect_t overlap;

          if (layout->slots[b].used &&
              graphene_rect_intersection (&slot->bounds, &layout->slots[b].bounds, &overlap))
            g_assert_true (overlap.size.width < 0.5f || overlap.size.height < 0.5f);
        }
    }

  /* Each player's plate lies on the table, clear of every pile and of the marks drawn
   * around it (the focus ring, the turn glow), and of the other plate. */
  for (CrapetteSeat seat = 0; seat < CRAPETTE_N_SEATS; seat++)
    {
      const graphene_rect_t *area = &layout->plates[seat].area;

      g_assert_cmpfloat (area->size.height, ==, layout->plate_height);
      g_assert_cmpfloat (area->origin.x, >=, 0);
      g_assert_cmpfloat (area->origin.y, >=, 0);
      g_assert_cmpfloat (area->origin.x + area->size.width, <=, layout->width);
      g_assert_cmpfloat (area->origin.y + area->size.height, <=, layout->height);
      for (CrapettePileId pile = 0; pile < CRAPETTE_N_PILES; pile++)
        if (layout->slots[pile].used)
          {
            graphene_rect_t marked;

            graphene_rect_inset_r (&layout->slots[pile].bounds, -CRAPETTE_TABLE_MARK_REACH,
                                   -CRAPETTE_TABLE_MARK_REACH, &marked);
            g_assert_false (graphene_rect_intersection (area, &marked, NULL));
          }
    }
  g_assert_false (graphene_rect_intersection (&layout->plates[CRAPETTE_NORTH].area,
                                              &layout->plates[CRAPETTE_SOUTH].area, NULL));
}

/* Every size fits, with no plates, plates of one line, and plates of three lines of text
 * (a narrow window: at 360 px, the longest status line wraps onto three). */
static void
test_layout_fits (void)
{
  static const int plate_heights[] = { 0, PLATE_HEIGHT, 3 * 20 };

  for (CrapetteVariant variant = 0; variant < CRAPETTE_N_VARIANTS; variant++)
    for (guint i = 0; i < G_N_ELEMENTS (sizes); i++)
      for (guint p = 0; p < G_N_ELEMENTS (plate_heights); p++)
        for (int rtl = 0; rtl < 2; rtl++)
          {
            CrapetteTableLayout layout;

            crapette_table_layout_compute (&layout, variant, sizes[i][0], sizes[i][1],
                                           plate_heights[p], rtl);
            check_layout (&layout);
          }
}

/* Cards grow with the window, and a 4K screen gets big cards. */
static void
test_layout_scales (void)
{
  for (CrapetteVariant variant = 0; variant < CRAPETTE_N_VARIANTS; variant++)
    {
      CrapetteTableLayout small, large;

      crapette_table_layout_compute (&small, variant, 800, 500, PLATE_HEIGHT, FALSE);
      crapette_table_layout_compute (&large, variant, 3840, 2000, PLATE_HEIGHT, FALSE);
      g_assert_cmpint (small.card_width, >=, 40);
      g_assert_cmpint (large.card_width, >, 3 * small.card_width);
    }
}

/* Right to left, the table is the mirror image of left to right. */
static void
test_layout_mirrors (void)
{
  for (CrapetteVariant variant = 0; variant < CRAPETTE_N_VARIANTS; variant++)
    for (guint i = 0; i < G_N_ELEMENTS (sizes); i++)
      {
        CrapetteTableLayout ltr, rtl;
        int width = sizes[i][0];

        crapette_table_layout_compute (&ltr, variant, width, sizes[i][1], PLATE_HEIGHT, FALSE);
        crapette_table_layout_compute (&rtl, variant, width, sizes[i][1], PLATE_HEIGHT, TRUE);
        g_assert_cmpint (ltr.arrangement, ==, rtl.arrangement);
        g_assert_cmpint (ltr.card_width, ==, rtl.card_width);
        for (CrapettePileId pile = 0; pile < CRAPETTE_N_PILES; pile++)
          {
            const CrapetteSlot *a = &ltr.slots[pile], *b = &rtl.slots[pile];

            g_assert_cmpint (a->used, ==, b->used);
            if (!a->used)
              continue;
            g_assert_cmpfloat (fabsf (b->bounds.origin.x -
                                      (width - a->bounds.origin.x - a->bounds.size.width)),
                               <, 0.5f);
            g_assert_cmpfloat (fabsf (b->base.origin.x -
                                      (width - a->base.origin.x - a->base.size.width)), <, 0.5f);
            g_assert_cmpfloat (fabsf (b->badge.origin.x -
                                      (width - a->badge.origin.x - a->badge.size.width)), <, 0.5f);
            g_assert_cmpfloat (b->bounds.origin.y, ==, a->bounds.origin.y);
            g_assert_cmpfloat (b->badge.origin.y, ==, a->badge.origin.y);
            g_assert_true ((a->fan == CRAPETTE_FAN_NONE && b->fan == CRAPETTE_FAN_NONE) ||
                           (a->fan == CRAPETTE_FAN_LEFT && b->fan == CRAPETTE_FAN_RIGHT) ||
                           (a->fan == CRAPETTE_FAN_RIGHT && b->fan == CRAPETTE_FAN_LEFT));
          }
      }
}

/* The bounding box of every pile of @layout. */
static void
piles_box (const CrapetteTableLayout *layout,
           graphene_rect_t           *box)
{
  gboolean first = TRUE;

  for (CrapettePileId pile = 0; pile < CRAPETTE_N_PILES; pile++)
    {
      if (!layout->slots[pile].used)
        continue;
      if (first)
        *box = layout->slots[pile].bounds;
      else
        graphene_rect_union (box, &layout->slots[pile].bounds, box);
      first = FALSE;
    }
  g_assert_false (first);
}

/* Issue 13: the cards are at least as wide as its table asks, left to right
 * and right to left, and on the common screens the piles spread over at
 * least 60% of the table's width and of its height. */
static void
test_layout_targets (void)
{
  for (guint i = 0; i < G_N_ELEMENTS (targets); i++)
    for (CrapetteVariant variant = 0; variant < CRAPETTE_N_VARIANTS; variant++)
      for (int rtl = 0; rtl < 2; rtl++)
        {
          int width = targets[i].window_width - CHROME_WIDTH;
          int height = targets[i].window_height - CHROME_HEIGHT;
          CrapetteTableLayout layout;
          graphene_rect_t box;

          crapette_table_layout_compute (&layout, variant, width, height, PLATE_HEIGHT, rtl);
          g_test_message ("%s at %d×%d%s: cards %d px",
                          variant == CRAPETTE_VARIANT_RUSSIAN ? "Russian Bank" : "American Bank",
                          targets[i].window_width, targets[i].window_height,
                          rtl ? ", right to left" : "", layout.card_width);
          g_assert_cmpint (layout.card_width, >=,
                           variant == CRAPETTE_VARIANT_RUSSIAN ? targets[i].russian :
                                                                 targets[i].american);

          if (targets[i].window_width < targets[i].window_height ||
              targets[i].window_width < 1280)
            continue;
          piles_box (&layout, &box);
          g_assert_cmpfloat (box.size.width, >=, 0.6f * width);
          g_assert_cmpfloat (box.size.height, >=, 0.6f * height);
        }
}

/* Each game uses its wide picture on a wide table and its tall one on a tall table. */
static void
test_layout_arrangements (void)
{
  CrapetteTableLayout layout;

  crapette_table_layout_compute (&layout, CRAPETTE_VARIANT_RUSSIAN, 1910, 960, PLATE_HEIGHT, FALSE);
  g_assert_cmpint (layout.arrangement, ==, CRAPETTE_ARRANGEMENT_SIDES);
  crapette_table_layout_compute (&layout, CRAPETTE_VARIANT_RUSSIAN, 790, 1080, PLATE_HEIGHT, FALSE);
  g_assert_cmpint (layout.arrangement, ==, CRAPETTE_ARRANGEMENT_ROWS);
  crapette_table_layout_compute (&layout, CRAPETTE_VARIANT_AMERICAN, 1910, 960, PLATE_HEIGHT,
                                 FALSE);
  g_assert_cmpint (layout.arrangement, ==, CRAPETTE_ARRANGEMENT_TWO_ROWS);
  crapette_table_layout_compute (&layout, CRAPETTE_VARIANT_AMERICAN, 790, 1080, PLATE_HEIGHT,
                                 FALSE);
  g_assert_cmpint (layout.arrangement, ==, CRAPETTE_ARRANGEMENT_FOUR_ROWS);

  /* Russian Bank's houses need width more than height: a square table gets the rows. */
  crapette_table_layout_compute (&layout, CRAPETTE_VARIANT_RUSSIAN, 900, 900, PLATE_HEIGHT, FALSE);
  g_assert_cmpint (layout.arrangement, ==, CRAPETTE_ARRANGEMENT_ROWS);
}

static float
right_edge (const graphene_rect_t *rect)
{
  return rect->origin.x + rect->size.width;
}

static float
bottom_edge (const graphene_rect_t *rect)
{
  return rect->origin.y + rect->size.height;
}

/* Russian Bank on a wide table, seen from South: each player's own piles in
 * a column at their end of the table, the houses and foundations between. */
static void
test_russian_sides (void)
{
  CrapetteTableLayout layout;
  const CrapetteSlot *slots = layout.slots;

  crapette_table_layout_compute (&layout, CRAPETTE_VARIANT_RUSSIAN, 1280, 720, PLATE_HEIGHT, FALSE);
  g_assert_cmpint (layout.arrangement, ==, CRAPETTE_ARRANGEMENT_SIDES);

  for (CrapettePileKind kind = CRAPETTE_PILE_KIND_STOCK; kind <= CRAPETTE_PILE_KIND_RESERVE; kind++)
    {
      const CrapetteSlot *south = &slots[crapette_pile_of_seat (kind, CRAPETTE_SOUTH)];
      const CrapetteSlot *north = &slots[crapette_pile_of_seat (kind, CRAPETTE_NORTH)];

      /* One column each, South's at the right, North's at the left. */
      g_assert_cmpfloat (south->base.origin.x, ==,
                         slots[crapette_pile_of_seat (CRAPETTE_PILE_KIND_STOCK,
                                                      CRAPETTE_SOUTH)].base.origin.x);
      g_assert_cmpfloat (north->base.origin.x, ==,
                         slots[crapette_pile_of_seat (CRAPETTE_PILE_KIND_STOCK,
                                                      CRAPETTE_NORTH)].base.origin.x);
      for (guint i = 0; i < 8; i++)
        {
          g_assert_cmpfloat (south->bounds.origin.x, >=,
                             right_edge (&slots[crapette_pile_house (i)].bounds));
          g_assert_cmpfloat (right_edge (&north->bounds), <=,
                             slots[crapette_pile_house (i)].bounds.origin.x);
        }
      /* Counts on the outer side, away from the houses. */
      if (south->badge.size.width > 0)
        {
          g_assert_cmpfloat (south->badge.origin.x, >=, right_edge (&south->base));
          g_assert_cmpfloat (right_edge (&north->badge), <=, north->base.origin.x);
        }
    }

  /* South's stock on top and reserve at the bottom; North's the other way. */
  g_assert_cmpfloat (slots[crapette_pile_of_seat (CRAPETTE_PILE_KIND_STOCK,
                                                  CRAPETTE_SOUTH)].base.origin.y, <,
                     slots[crapette_pile_of_seat (CRAPETTE_PILE_KIND_RESERVE,
                                                  CRAPETTE_SOUTH)].base.origin.y);
  g_assert_cmpfloat (slots[crapette_pile_of_seat (CRAPETTE_PILE_KIND_STOCK,
                                                  CRAPETTE_NORTH)].base.origin.y, >,
                     slots[crapette_pile_of_seat (CRAPETTE_PILE_KIND_RESERVE,
                                                  CRAPETTE_NORTH)].base.origin.y);

  /* Houses and foundations get the whole height: the four rows line up with the columns. */
  for (guint i = 0; i < 4; i++)
    {
      g_assert_cmpint (slots[crapette_pile_house (i)].fan, ==, CRAPETTE_FAN_RIGHT);
      g_assert_cmpint (slots[crapette_pile_house (4 + i)].fan, ==, CRAPETTE_FAN_LEFT);
      g_assert_cmpfloat (slots[crapette_pile_house (4 + i)].base.origin.x, <,
                         slots[crapette_pile_foundation (i)].base.origin.x);
      g_assert_cmpfloat (slots[crapette_pile_foundation (i)].base.origin.x, <,
                         slots[crapette_pile_house (i)].base.origin.x);
    }
  g_assert_cmpfloat (slots[crapette_pile_house (0)].base.origin.y, ==,
                     slots[crapette_pile_of_seat (CRAPETTE_PILE_KIND_STOCK,
                                                  CRAPETTE_SOUTH)].base.origin.y);
}

/* Russian Bank on a tall table, seen from South: North's row on top, South's
 * at the bottom, the counts outside the rows. */
static void
test_russian_rows (void)
{
  CrapetteTableLayout layout;
  const CrapetteSlot *slots = layout.slots;
  CrapettePileId south_stock = crapette_pile_of_seat (CRAPETTE_PILE_KIND_STOCK, CRAPETTE_SOUTH);
  CrapettePileId south_reserve = crapette_pile_of_seat (CRAPETTE_PILE_KIND_RESERVE, CRAPETTE_SOUTH);
  CrapettePileId north_reserve = crapette_pile_of_seat (CRAPETTE_PILE_KIND_RESERVE, CRAPETTE_NORTH);

  crapette_table_layout_compute (&layout, CRAPETTE_VARIANT_RUSSIAN, 790, 1080, PLATE_HEIGHT, FALSE);
  g_assert_cmpint (layout.arrangement, ==, CRAPETTE_ARRANGEMENT_ROWS);

  /* South's row at the bottom: stock left, reserve right; North's reserve top left. */
  g_assert_cmpfloat (slots[south_stock].base.origin.x, <, slots[south_reserve].base.origin.x);
  g_assert_cmpfloat (slots[south_stock].base.origin.y, >,
                     slots[crapette_pile_house (0)].base.origin.y);
  g_assert_cmpfloat (slots[north_reserve].base.origin.y, <,
                     slots[crapette_pile_house (4)].base.origin.y);
  g_assert_cmpfloat (slots[north_reserve].base.origin.x, <, slots[south_reserve].base.origin.x);
  g_assert_cmpfloat (slots[south_reserve].badge.origin.y, >=,
                     bottom_edge (&slots[south_reserve].base));
  g_assert_cmpfloat (bottom_edge (&slots[north_reserve].badge), <=,
                     slots[north_reserve].base.origin.y);

  /* South's houses stand above South's reserve and fan out to the right;
   * North's are on the left and fan to the left. */
  for (guint i = 0; i < 4; i++)
    {
      g_assert_cmpfloat (slots[crapette_pile_house (i)].base.origin.x, ==,
                         slots[south_reserve].base.origin.x);
      g_assert_cmpint (slots[crapette_pile_house (i)].fan, ==, CRAPETTE_FAN_RIGHT);
      g_assert_cmpint (slots[crapette_pile_house (4 + i)].fan, ==, CRAPETTE_FAN_LEFT);
      g_assert_cmpfloat (slots[crapette_pile_house (4 + i)].base.origin.x, <,
                         slots[crapette_pile_foundation (i)].base.origin.x);
    }
}

/* American Bank on a tall table: four rows of two tableau piles, South's four
 * nearer South, and each player's row on their side. */
static void
test_american_four_rows (void)
{
  CrapetteTableLayout layout;
  const CrapetteSlot *slots = layout.slots;

  crapette_table_layout_compute (&layout, CRAPETTE_VARIANT_AMERICAN, 790, 1080, PLATE_HEIGHT,
                                 FALSE);
  g_assert_cmpint (layout.arrangement, ==, CRAPETTE_ARRANGEMENT_FOUR_ROWS);

  for (guint i = 0; i < 4; i++)
    {
      const CrapetteSlot *south = &slots[crapette_pile_house (i)];

      g_assert_cmpint (south->fan, ==, CRAPETTE_FAN_RIGHT);
      for (guint j = 0; j < 4; j++)
        g_assert_cmpfloat (south->bounds.origin.y, >,
                           bottom_edge (&slots[crapette_pile_house (4 + j)].bounds));
      for (CrapettePileKind kind = CRAPETTE_PILE_KIND_STOCK; kind <= CRAPETTE_PILE_KIND_WASTE;
           kind++)
        {
          g_assert_cmpfloat (slots[crapette_pile_of_seat (kind, CRAPETTE_SOUTH)].bounds.origin.y,
                             >, bottom_edge (&south->bounds));
          g_assert_cmpfloat (bottom_edge (&slots[crapette_pile_of_seat (kind,
                                                                        CRAPETTE_NORTH)].bounds),
                             <, slots[crapette_pile_house (4 + i)].bounds.origin.y);
        }
    }
  /* T1 T2 side by side, T3 below T1: the four read like a page. */
  g_assert_cmpfloat (slots[crapette_pile_house (0)].base.origin.y, ==,
                     slots[crapette_pile_house (1)].base.origin.y);
  g_assert_cmpfloat (slots[crapette_pile_house (0)].base.origin.x, <,
                     slots[crapette_pile_house (1)].base.origin.x);
  g_assert_cmpfloat (slots[crapette_pile_house (2)].base.origin.y, >,
                     slots[crapette_pile_house (0)].base.origin.y);
}

/* Collects, in the table's coordinates, where every text node of @node lies. */
static void
collect_text (GskRenderNode *node,
              GskTransform  *transform,
              GArray        *rects)
{
  graphene_rect_t bounds;

  switch (gsk_render_node_get_node_type (node))
    {
    case GSK_TEXT_NODE:
      gsk_render_node_get_bounds (node, &bounds);
      gsk_transform_transform_bounds (transform, &bounds, &bounds);
      g_array_append_val (rects, bounds);
      break;
    case GSK_CONTAINER_NODE:
      for (guint i = 0; i < gsk_container_node_get_n_children (node); i++)
        collect_text (gsk_container_node_get_child (node, i), transform, rects);
      break;
    case GSK_TRANSFORM_NODE:
      {
        g_autoptr(GskTransform) inner =
          gsk_transform_transform (gsk_transform_ref (transform),
                                   gsk_transform_node_get_transform (node));

        collect_text (gsk_transform_node_get_child (node), inner, rects);
      }
      break;
    case GSK_CLIP_NODE:
      collect_text (gsk_clip_node_get_child (node), transform, rects);
      break;
    case GSK_ROUNDED_CLIP_NODE:
      collect_text (gsk_rounded_clip_node_get_child (node), transform, rects);
      break;
    case GSK_OPACITY_NODE:
      collect_text (gsk_opacity_node_get_child (node), transform, rects);
      break;
    case GSK_DEBUG_NODE:
      collect_text (gsk_debug_node_get_child (node), transform, rects);
      break;
    default:
      break;
    }
}

/* Where the table writes text: counts, arrows and the names of empty places. */
static GArray *
table_text_rects (CrapetteTable *table)
{
  g_autoptr(GdkPaintable) paintable = gtk_widget_paintable_new (GTK_WIDGET (table));
  GtkSnapshot *snapshot = gtk_snapshot_new ();
  g_autoptr(GskRenderNode) node = NULL;
  GArray *rects = g_array_new (FALSE, FALSE, sizeof (graphene_rect_t));

  gdk_paintable_snapshot (paintable, snapshot, gtk_widget_get_width (GTK_WIDGET (table)),
                          gtk_widget_get_height (GTK_WIDGET (table)));
  node = gtk_snapshot_free_to_node (snapshot);
  g_assert_nonnull (node);
  collect_text (node, NULL, rects);
  return rects;
}

static gboolean
any_text_within (GArray                *rects,
                 const graphene_rect_t *area)
{
  graphene_rect_t grown;

  /* Glyph extents stand a pixel or two out of the laid-out text. */
  graphene_rect_inset_r (area, -2, -2, &grown);
  for (guint i = 0; i < rects->len; i++)
    if (graphene_rect_contains_rect (&grown, &g_array_index (rects, graphene_rect_t, i)))
      return TRUE;
  return FALSE;
}

/* Issue 13: counts stand beside or below the cards, never on one; every empty
 * place says what it is; in both games, left to right and right to left. */
static void
test_counts_and_empty_places (void)
{
  for (CrapetteVariant variant = 0; variant < CRAPETTE_N_VARIANTS; variant++)
    for (int rtl = 0; rtl < 2; rtl++)
      {
        CrapetteWindow *window = crapette_window_new (NULL);
        CrapetteTable *table = crapette_window_get_table (window);
        CrapetteView *view;
        const CrapetteTableLayout *layout;
        g_autoptr(GArray) rects = NULL;
        guint n_empty = 0, n_counted = 0;

        crapette_window_new_game (window, variant, 3);
        gtk_widget_set_direction (GTK_WIDGET (table), rtl ? GTK_TEXT_DIR_RTL : GTK_TEXT_DIR_LTR);
        ui_test_show_window (window, 1280, 800);
        view = crapette_game_get_view (crapette_window_get_game (window));
        layout = crapette_table_get_layout (table);
        rects = table_text_rects (table);

        for (CrapettePileId pile = 0; pile < CRAPETTE_N_PILES; pile++)
          {
            const CrapetteSlot *slot = &layout->slots[pile];
            guint count = crapette_view_get_count (view, pile);

            if (!slot->used)
              continue;
            if (count == 0)
              {
                g_assert_nonnull (crapette_pile_kind_name (variant, crapette_pile_kind (pile)));
                g_assert_true (any_text_within (rects, &slot->base));
                n_empty++;
              }
            if (count > 1 && slot->fan == CRAPETTE_FAN_NONE)
              {
                g_assert_true (any_text_within (rects, &slot->badge));
                n_counted++;
              }

            /* Nothing is written over a card: a count or a name sits off it. */
            for (guint i = 0; i < count; i++)
              {
                graphene_rect_t card, overlap;

                crapette_table_layout_card_rect (layout, pile, i, count, &card);
                for (guint r = 0; r < rects->len; r++)
                  g_assert_false (graphene_rect_intersection (
                    &card, &g_array_index (rects, graphene_rect_t, r), &overlap) &&
                    overlap.size.width > 1 && overlap.size.height > 1);
              }
          }
        g_assert_cmpuint (n_empty, >, 0);
        g_assert_cmpuint (n_counted, >=, 2);

        gtk_window_destroy (GTK_WINDOW (window));
        ui_test_drain ();
      }
}

/* Each kind of pile a game has is named for its empty place; American Bank has no reserve. */
/* Whether @rect lies beside the piles of @seat: across from them (overlapping their
 * columns) and above (North's, and both on a wide Russian Bank table) or below them. */
static void
check_plate_beside (const CrapetteTableLayout *layout,
                    CrapetteSeat               seat,
                    const graphene_rect_t     *plate)
{
  graphene_rect_t piles = GRAPHENE_RECT_INIT (0, 0, 0, 0);
  gboolean first = TRUE;

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
  g_assert_false (first);
  g_assert_cmpfloat (plate->origin.x, <, right_edge (&piles));
  g_assert_cmpfloat (right_edge (plate), >, piles.origin.x);
  if (layout->arrangement == CRAPETTE_ARRANGEMENT_SIDES || seat == CRAPETTE_NORTH)
    {
      g_assert_cmpfloat (bottom_edge (plate), <=, piles.origin.y);
      g_assert_cmpfloat (piles.origin.y - bottom_edge (plate), <, layout->card_width);
    }
  else
    {
      g_assert_cmpfloat (plate->origin.y, >=, bottom_edge (&piles));
      g_assert_cmpfloat (plate->origin.y - bottom_edge (&piles), <, layout->card_width);
    }
}

/* Issue 26: each player's status line stands on the table beside their own piles, clear
 * of every pile and of the other's, in every picture of both games and in both directions;
 * it says what the window's status says, and the mover's stands out. */
static void
test_plates_beside_piles (void)
{
  static const int window_sizes[][2] = { { 1600, 900 }, { 1280, 800 }, { 800, 600 },
                                         { 700, 1000 } };

  for (CrapetteVariant variant = 0; variant < CRAPETTE_N_VARIANTS; variant++)
    for (guint i = 0; i < G_N_ELEMENTS (window_sizes); i++)
      for (int rtl = 0; rtl < 2; rtl++)
        {
          CrapetteWindow *window = crapette_window_new (NULL);
          CrapetteTable *table = crapette_window_get_table (window);
          CrapetteGame *game = crapette_window_get_game (window);
          const CrapetteTableLayout *layout;
          graphene_rect_t plates[CRAPETTE_N_SEATS];

          crapette_window_new_game (window, variant, 3);
          gtk_widget_set_direction (GTK_WIDGET (table), rtl ? GTK_TEXT_DIR_RTL : GTK_TEXT_DIR_LTR);
          ui_test_show_window (window, window_sizes[i][0], window_sizes[i][1]);
          layout = crapette_table_get_layout (table);
          g_test_message ("%s at %d×%d%s: table %d×%d, plates %d px high, cards %d px",
                          variant == CRAPETTE_VARIANT_RUSSIAN ? "Russian Bank" : "American Bank",
                          window_sizes[i][0], window_sizes[i][1], rtl ? ", right to left" : "",
                          layout->width, layout->height, layout->plate_height,
                          layout->card_width);
          g_assert_cmpint (layout->plate_height, >, 0);

          for (CrapetteSeat seat = 0; seat < CRAPETTE_N_SEATS; seat++)
            {
              GtkWidget *plate = NULL;
              graphene_rect_t bounds;

              g_assert_true (crapette_table_get_plate_bounds (table, seat, &plates[seat]));
              bounds = plates[seat];
              g_assert_cmpfloat (bounds.origin.x, >=, 0);
              g_assert_cmpfloat (bounds.origin.y, >=, 0);
              g_assert_cmpfloat (right_edge (&bounds), <=, layout->width);
              g_assert_cmpfloat (bottom_edge (&bounds), <=, layout->height);
              g_assert_true (graphene_rect_contains_rect (&layout->plates[seat].area, &bounds) ||
                             bounds.size.width > layout->plates[seat].area.size.width);
              for (CrapettePileId pile = 0; pile < CRAPETTE_N_PILES; pile++)
                {
                  graphene_rect_t marked, overlap;

                  /* Clear of the pile and of the focus ring and the turn glow around it. */
                  graphene_rect_inset_r (&layout->slots[pile].bounds, -CRAPETTE_TABLE_MARK_REACH,
                                         -CRAPETTE_TABLE_MARK_REACH, &marked);
                  if (layout->slots[pile].used)
                    g_assert_false (graphene_rect_intersection (&marked, &bounds, &overlap) &&
                                    overlap.size.width >= 0.5f && overlap.size.height >= 0.5f);
                }
              check_plate_beside (layout, seat, &bounds);

              /* The plate is the window's status line for that seat, read by screen readers. */
              for (GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (table));
                   child != NULL; child = gtk_widget_get_next_sibling (child))
                if (GTK_IS_LABEL (child) &&
                    g_strcmp0 (gtk_label_get_label (GTK_LABEL (child)),
                               crapette_window_get_status (window, seat)) == 0)
                  plate = child;
              g_assert_nonnull (plate);
              g_assert_true (gtk_widget_has_css_class (plate, "current") ==
                             (crapette_game_get_current_player (game) == seat));
            }
          g_assert_false (graphene_rect_intersection (&plates[CRAPETTE_NORTH],
                                                      &plates[CRAPETTE_SOUTH], NULL));
          /* Right to left, North's column, and its plate, are on the right. */
          if (layout->arrangement == CRAPETTE_ARRANGEMENT_SIDES)
            g_assert_true ((plates[CRAPETTE_NORTH].origin.x < plates[CRAPETTE_SOUTH].origin.x) ==
                           !rtl);
          gtk_window_destroy (GTK_WINDOW (window));
        }
}

static void
test_pile_kind_names (void)
{
  g_assert_cmpstr (crapette_pile_kind_name (CRAPETTE_VARIANT_RUSSIAN, CRAPETTE_PILE_KIND_STOCK),
                   ==, "Stock");
  g_assert_cmpstr (crapette_pile_kind_name (CRAPETTE_VARIANT_AMERICAN,
                                            CRAPETTE_PILE_KIND_STOCK), ==, "Hand");
  g_assert_cmpstr (crapette_pile_kind_name (CRAPETTE_VARIANT_AMERICAN,
                                            CRAPETTE_PILE_KIND_WASTE), ==, "Talon");
  g_assert_null (crapette_pile_kind_name (CRAPETTE_VARIANT_AMERICAN,
                                          CRAPETTE_PILE_KIND_RESERVE));
  for (CrapettePileKind kind = 0; kind < CRAPETTE_N_PILE_KINDS; kind++)
    g_assert_nonnull (crapette_pile_kind_name (CRAPETTE_VARIANT_RUSSIAN, kind));
}

static void
test_table_widget (void)
{
  CrapetteWindow *window = crapette_window_new (NULL);
  CrapetteTable *table = crapette_window_get_table (window);
  CrapetteTable *standalone;
  graphene_rect_t ltr_bounds, rtl_bounds;
  CrapettePileId reserve = crapette_pile_of_seat (CRAPETTE_PILE_KIND_RESERVE, CRAPETTE_SOUTH);
  g_autofree char *name = NULL;

  crapette_window_new_game (window, CRAPETTE_VARIANT_RUSSIAN, 3);
  ui_test_show_window (window, 1000, 700);

  /* Two people with no names: the piles go by their seats. */
  name = crapette_table_get_pile_name (table, reserve);
  g_assert_cmpstr (name, ==, "South’s reserve");
  g_assert_true (crapette_table_get_pile_bounds (table, reserve, &ltr_bounds));
  g_assert_cmpuint (crapette_table_pile_at (table, ltr_bounds.origin.x + 2,
                                            ltr_bounds.origin.y + 2), ==, reserve);

  /* Mirrored under a right-to-left language. */
  gtk_widget_set_direction (GTK_WIDGET (table), GTK_TEXT_DIR_RTL);
  ui_test_drain ();
  g_assert_true (crapette_table_get_pile_bounds (table, reserve, &rtl_bounds));
  g_assert_cmpfloat (fabsf (rtl_bounds.origin.x - (gtk_widget_get_width (GTK_WIDGET (table)) -
                                                   ltr_bounds.origin.x - ltr_bounds.size.width)),
                     <, 1);
  gtk_window_destroy (GTK_WINDOW (window));
  ui_test_drain ();

  /* A table on its own is freed with its last reference. */
  standalone = g_object_ref_sink (CRAPETTE_TABLE (crapette_table_new ()));
  {
    g_autoptr(CrapetteGame) game = crapette_game_new ();
    g_autoptr(CrapetteCardTheme) theme = crapette_card_theme_new ();

    crapette_table_set_game (standalone, game);
    crapette_table_set_theme (standalone, theme);
    g_assert_true (crapette_table_get_game (standalone) == game);
  }
  g_assert_finalize_object (standalone);
}

int
main (int   argc,
      char *argv[])
{
  ui_test_init (&argc, &argv);

  g_test_add_func ("/table/layout/fits", test_layout_fits);
  g_test_add_func ("/table/layout/scales", test_layout_scales);
  g_test_add_func ("/table/layout/mirrors", test_layout_mirrors);
  g_test_add_func ("/table/layout/targets", test_layout_targets);
  g_test_add_func ("/table/layout/arrangements", test_layout_arrangements);
  g_test_add_func ("/table/layout/russian-sides", test_russian_sides);
  g_test_add_func ("/table/layout/russian-rows", test_russian_rows);
  g_test_add_func ("/table/layout/american-four-rows", test_american_four_rows);
  g_test_add_func ("/table/widget", test_table_widget);
  g_test_add_func ("/table/counts-and-empty-places", test_counts_and_empty_places);
  g_test_add_func ("/table/pile-kind-names", test_pile_kind_names);
  g_test_add_func ("/table/plates-beside-piles", test_plates_beside_piles);
  return g_test_run ();
}
