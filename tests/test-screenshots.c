/* test-screenshots.c: pictures of the table in both games at two sizes, and their geometry
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Each case deals a fixed deal, plays a few moves so the table looks like a
 * game in progress, saves the window as a PNG into $CRAPETTE_SCREENSHOT_DIR
 * (when set) and checks that no two piles overlap and that every pile lies
 * wholly inside the table and the window.
 */

#define G_LOG_DOMAIN "crapette-test"

#include "config.h"

#include <glib/gstdio.h>

#include "ui-test-helpers.h"

typedef struct
{
  CrapetteVariant variant;
  int width;
  int height;
  const char *name;
} Shot;

static const Shot shots[] = {
  { CRAPETTE_VARIANT_RUSSIAN, 1280, 800, "russian-bank-1280x800" },
  { CRAPETTE_VARIANT_RUSSIAN, 800, 600, "russian-bank-800x600" },
  { CRAPETTE_VARIANT_AMERICAN, 1280, 800, "american-bank-1280x800" },
  { CRAPETTE_VARIANT_AMERICAN, 800, 600, "american-bank-800x600" },
};

/* Plays moves that build the table up (cards onto houses and foundations
 * first), so the picture shows fans and foundations, not just a fresh deal. */
static void
play_some_moves (CrapetteGame *game,
                 guint         n_moves)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (7);

  for (guint i = 0; i < n_moves && crapette_game_get_phase (game) == CRAPETTE_OUTCOME_PLAYING;
       i++)
    {
      gsize n_legal;
      const CrapetteMove *legal = crapette_game_get_legal_moves (game, &n_legal);
      CrapetteMove move;
      gboolean found = FALSE;

      /* Foundations first, then any card move, and only then turning a card,
       * so the round stays in play and the table fills up. */
      for (gsize j = 0; j < n_legal && !found; j++)
        {
          if (legal[j].kind == CRAPETTE_MOVE_CARD &&
              crapette_pile_kind (legal[j].to) == CRAPETTE_PILE_KIND_FOUNDATION)
            {
              move = legal[j];
              found = TRUE;
            }
        }
      for (guint tries = 0; tries < 8 && !found; tries++)
        {
          move = legal[g_rand_int_range (rand, 0, (gint32) n_legal)];
          found = move.kind == CRAPETTE_MOVE_CARD &&
                  crapette_pile_kind (move.to) != crapette_pile_kind (move.from);
        }
      for (gsize j = 0; j < n_legal && !found; j++)
        {
          if (legal[j].kind != CRAPETTE_MOVE_CARD)
            {
              move = legal[j];
              found = TRUE;
            }
        }
      if (!found)
        move = legal[0];
      g_assert_true (crapette_game_play (game, &move, NULL));
    }
}

static void
check_geometry (CrapetteWindow *window)
{
  CrapetteTable *table = crapette_window_get_table (window);
  graphene_rect_t bounds[CRAPETTE_N_PILES];
  gboolean used[CRAPETTE_N_PILES];
  int table_width = gtk_widget_get_width (GTK_WIDGET (table));
  int table_height = gtk_widget_get_height (GTK_WIDGET (table));
  int window_width = gtk_widget_get_width (GTK_WIDGET (window));
  int window_height = gtk_widget_get_height (GTK_WIDGET (window));
  guint n_used = 0;

  for (CrapettePileId pile = 0; pile < CRAPETTE_N_PILES; pile++)
    {
      graphene_rect_t in_window;

      used[pile] = crapette_table_get_pile_bounds (table, pile, &bounds[pile]);
      if (!used[pile])
        continue;
      n_used++;

      g_assert_cmpfloat (bounds[pile].origin.x, >=, 0);
      g_assert_cmpfloat (bounds[pile].origin.y, >=, 0);
      g_assert_cmpfloat (bounds[pile].origin.x + bounds[pile].size.width, <=, table_width);
      g_assert_cmpfloat (bounds[pile].origin.y + bounds[pile].size.height, <=, table_height);

      g_assert_true (gtk_widget_compute_bounds (crapette_table_get_pile_view (table, pile),
                                                GTK_WIDGET (window), &in_window));
      g_assert_cmpfloat (in_window.origin.x, >=, 0);
      g_assert_cmpfloat (in_window.origin.y, >=, 0);
      g_assert_cmpfloat (in_window.origin.x + in_window.size.width, <=, window_width);
      g_assert_cmpfloat (in_window.origin.y + in_window.size.height, <=, window_height);
    }
  g_assert_cmpuint (n_used, ==, crapette_game_get_variant (crapette_window_get_game (window)) ==
                    CRAPETTE_VARIANT_RUSSIAN ? 24 : 18);

  for (CrapettePileId a = 0; a < CRAPETTE_N_PILES; a++)
    for (CrapettePileId b = a + 1; b < CRAPETTE_N_PILES; b++)
      {
        graphene_rect_t overlap;

        if (!used[a] || !used[b])
          continue;
        if (graphene_rect_intersection (&bounds[a], &bounds[b], &overlap) &&
            overlap.size.width > 0.5f && overlap.size.height > 0.5f)
          g_error ("piles %u and %u overlap", a, b);
      }
}

static void
test_screenshot (gconstpointer data)
{
  const Shot *shot = data;
  CrapetteWindow *window = crapette_window_new (NULL);
  CrapetteGame *game = crapette_window_get_game (window);

  crapette_window_set_show_round_results (window, FALSE);
  crapette_window_new_game (window, shot->variant, 42);
  play_some_moves (game, 40);
  ui_test_show_window (window, shot->width, shot->height);

  check_geometry (window);
  ui_test_save_picture (GTK_WIDGET (window), shot->name);

  gtk_window_destroy (GTK_WINDOW (window));
  ui_test_drain ();
}

int
main (int   argc,
      char *argv[])
{
  ui_test_init (&argc, &argv);
  ui_test_load_style ();

  for (guint i = 0; i < G_N_ELEMENTS (shots); i++)
    {
      g_autofree char *path = g_strdup_printf ("/screenshots/%s", shots[i].name);

      g_test_add_data_func (path, &shots[i], test_screenshot);
    }
  return g_test_run ();
}
