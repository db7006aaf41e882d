/* test-table.c: the table's geometry at every size, its mirroring, and its lifetime
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "crapette-test"

#include "config.h"

#include <math.h>

#include "ui-test-helpers.h"

static const int sizes[][2] = {
  { 360, 300 }, { 800, 500 }, { 800, 600 }, { 1024, 700 }, { 1280, 720 }, { 1280, 800 },
  { 1920, 1080 }, { 2560, 1440 }, { 3840, 2160 }, { 700, 1200 }, { 3000, 500 },
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
}

static void
test_layout_fits (void)
{
  for (CrapetteVariant variant = 0; variant < CRAPETTE_N_VARIANTS; variant++)
    for (guint i = 0; i < G_N_ELEMENTS (sizes); i++)
      for (int rtl = 0; rtl < 2; rtl++)
        {
          CrapetteTableLayout layout;

          crapette_table_layout_compute (&layout, variant, sizes[i][0], sizes[i][1], rtl);
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

      crapette_table_layout_compute (&small, variant, 800, 500, FALSE);
      crapette_table_layout_compute (&large, variant, 3840, 2000, FALSE);
      g_assert_cmpint (small.card_width, >=, 40);
      g_assert_cmpint (large.card_width, >, 3 * small.card_width);
    }
}

/* Right to left, the table is the mirror image of left to right. */
static void
test_layout_mirrors (void)
{
  for (CrapetteVariant variant = 0; variant < CRAPETTE_N_VARIANTS; variant++)
    {
      CrapetteTableLayout ltr, rtl;

      crapette_table_layout_compute (&ltr, variant, 1280, 720, FALSE);
      crapette_table_layout_compute (&rtl, variant, 1280, 720, TRUE);
      for (CrapettePileId pile = 0; pile < CRAPETTE_N_PILES; pile++)
        {
          const CrapetteSlot *a = &ltr.slots[pile], *b = &rtl.slots[pile];

          g_assert_cmpint (a->used, ==, b->used);
          if (!a->used)
            continue;
          g_assert_cmpfloat (fabsf (b->bounds.origin.x -
                                    (1280 - a->bounds.origin.x - a->bounds.size.width)), <, 0.5f);
          g_assert_cmpfloat (b->bounds.origin.y, ==, a->bounds.origin.y);
          g_assert_true ((a->fan == CRAPETTE_FAN_NONE && b->fan == CRAPETTE_FAN_NONE) ||
                         (a->fan == CRAPETTE_FAN_LEFT && b->fan == CRAPETTE_FAN_RIGHT) ||
                         (a->fan == CRAPETTE_FAN_RIGHT && b->fan == CRAPETTE_FAN_LEFT));
        }
    }
}

/* The places the issue asks for, seen from South in Russian Bank. */
static void
test_russian_places (void)
{
  CrapetteTableLayout layout;
  const CrapetteSlot *slots = layout.slots;
  CrapettePileId south_stock = crapette_pile_of_seat (CRAPETTE_PILE_KIND_STOCK, CRAPETTE_SOUTH);
  CrapettePileId south_reserve = crapette_pile_of_seat (CRAPETTE_PILE_KIND_RESERVE, CRAPETTE_SOUTH);
  CrapettePileId north_reserve = crapette_pile_of_seat (CRAPETTE_PILE_KIND_RESERVE, CRAPETTE_NORTH);

  crapette_table_layout_compute (&layout, CRAPETTE_VARIANT_RUSSIAN, 1280, 720, FALSE);

  /* South's row at the bottom: stock left, reserve right; North's reserve top left. */
  g_assert_cmpfloat (slots[south_stock].base.origin.x, <, slots[south_reserve].base.origin.x);
  g_assert_cmpfloat (slots[south_stock].base.origin.y, >,
                     slots[crapette_pile_house (0)].base.origin.y);
  g_assert_cmpfloat (slots[north_reserve].base.origin.y, <,
                     slots[crapette_pile_house (4)].base.origin.y);
  g_assert_cmpfloat (slots[north_reserve].base.origin.x, <, slots[south_reserve].base.origin.x);

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
  g_test_add_func ("/table/layout/russian-places", test_russian_places);
  g_test_add_func ("/table/widget", test_table_widget);
  return g_test_run ();
}
