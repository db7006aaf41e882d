/* bench-layout.c: how much of the table each game's layout uses, at the window sizes of issue 13
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * For each game and window size, prints the card width and the share of the
 * table area's width and height covered by the bounding box of all piles,
 * left to right and right to left. The table area is the window less the
 * window's own furniture, measured in the running program under Xvfb and
 * openbox, maximised at 1920×1080: a 5 px frame on each side, and 69 px for the
 * header bar and the message line (79 px in all); the players' plates, 21 px
 * high, stand on the table (issue 26). Run by bench/table-layout.sh.
 */

#define G_LOG_DOMAIN "crapette-bench"

#include "config.h"

#include <stdio.h>

#include "crapette-table-layout.h"

#define CHROME_WIDTH 10
#define CHROME_HEIGHT 79
#define PLATE_HEIGHT 21

static const int window_sizes[][2] = {
  { 1920, 1080 }, { 1280, 800 }, { 800, 1200 }, { 800, 600 },
};

static void
bounding_box (const CrapetteTableLayout *layout,
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
}

int
main (void)
{
  static const char * const names[CRAPETTE_N_VARIANTS] = { "Russian Bank", "American Bank" };

  printf ("%-14s %-10s %-10s %5s %7s %7s %9s\n", "game", "window", "table", "card",
          "width", "height", "rtl card");
  for (CrapetteVariant variant = 0; variant < CRAPETTE_N_VARIANTS; variant++)
    for (guint i = 0; i < G_N_ELEMENTS (window_sizes); i++)
      {
        int width = window_sizes[i][0] - CHROME_WIDTH;
        int height = window_sizes[i][1] - CHROME_HEIGHT;
        CrapetteTableLayout ltr, rtl;
        graphene_rect_t box;
        char window[16], table[16];

        crapette_table_layout_compute (&ltr, variant, width, height, PLATE_HEIGHT, FALSE);
        crapette_table_layout_compute (&rtl, variant, width, height, PLATE_HEIGHT, TRUE);
        bounding_box (&ltr, &box);
        g_snprintf (window, sizeof window, "%dx%d", window_sizes[i][0], window_sizes[i][1]);
        g_snprintf (table, sizeof table, "%dx%d", width, height);
        printf ("%-14s %-10s %-10s %5d %6.0f%% %6.0f%% %9d\n", names[variant], window, table,
                ltr.card_width, 100 * box.size.width / width, 100 * box.size.height / height,
                rtl.card_width);
      }
  return 0;
}
