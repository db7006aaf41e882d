/* test-card-theme.c: the deck renders, its colours are right and the cache behaves
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "crapette-test-card-theme"

#include "config.h"

#include <gtk/gtk.h>

#include "crapette-card.h"
#include "crapette-card-theme.h"

/* A texture's pixels as native-endian ARGB32 words, as cairo lays them out. */
typedef struct
{
  int width;
  int height;
  guint32 *pixels;
} Picture;

static void
picture_clear (Picture *picture)
{
  g_clear_pointer (&picture->pixels, g_free);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (Picture, picture_clear)

static void
picture_take (Picture    *picture,
              GdkTexture *texture)
{
  picture->width = gdk_texture_get_width (texture);
  picture->height = gdk_texture_get_height (texture);
  picture->pixels = g_new (guint32, (gsize) picture->width * picture->height);
  gdk_texture_download (texture, (guchar *) picture->pixels, picture->width * 4);
}

static gboolean
pictures_equal (const Picture *a,
                const Picture *b)
{
  return a->width == b->width && a->height == b->height
         && memcmp (a->pixels, b->pixels, (gsize) a->width * a->height * 4) == 0;
}

/* The mean colour of the pixels that are clearly ink: saturated or dark,
 * leaving out the white paper, the grey border and transparent corners. */
static void
picture_ink_colour (const Picture *picture,
                    double        *red,
                    double        *green,
                    double        *blue,
                    guint         *ink_pixels)
{
  double sums[3] = { 0, 0, 0 };
  guint count = 0;

  for (int i = 0; i < picture->width * picture->height; i++)
    {
      guint32 pixel = picture->pixels[i];
      int r = (pixel >> 16) & 0xff, g = (pixel >> 8) & 0xff, b = pixel & 0xff;
      int high = MAX (r, MAX (g, b)), low = MIN (r, MIN (g, b));

      if ((pixel >> 24) != 0xff || (high - low < 60 && high > 80))
        continue;
      sums[0] += r;
      sums[1] += g;
      sums[2] += b;
      count++;
    }

  *ink_pixels = count;
  *red = count > 0 ? sums[0] / count : 0;
  *green = count > 0 ? sums[1] / count : 0;
  *blue = count > 0 ? sums[2] / count : 0;
}

static guint
picture_opaque_pixels (const Picture *picture)
{
  guint count = 0;

  for (int i = 0; i < picture->width * picture->height; i++)
    count += (picture->pixels[i] >> 24) == 0xff;

  return count;
}

static void
picture_of_card (Picture           *picture,
                 CrapetteCardTheme *theme,
                 CrapetteSuit       suit,
                 guint              rank)
{
  GdkTexture *texture = crapette_card_theme_get_card (theme, crapette_card_make (0, suit, rank),
                                                      60, 1);

  g_assert_nonnull (texture);
  picture_take (picture, texture);
}

static void
test_height_for_width (void)
{
  g_assert_cmpint (crapette_card_theme_height_for_width (60), ==, 84);
  g_assert_cmpint (crapette_card_theme_height_for_width (61), ==, 85);
  g_assert_cmpint (crapette_card_theme_height_for_width (62), ==, 87);
  g_assert_cmpint (crapette_card_theme_height_for_width (100), ==, 140);
  g_assert_cmpint (crapette_card_theme_height_for_width (0), ==, 0);
}

static void
test_every_card_renders (void)
{
  CrapetteCardTheme *theme = crapette_card_theme_new ();
  GdkTexture *others[4];

  for (CrapetteCard card = 0; card < CRAPETTE_CARDS_PER_PACK; card++)
    {
      GdkTexture *texture = crapette_card_theme_get_card (theme, card, 60, 1);
      g_auto (Picture) picture = { 0 };
      double red, green, blue;
      guint ink_pixels;

      g_assert_nonnull (texture);
      g_assert_cmpint (gdk_texture_get_width (texture), ==, 60);
      g_assert_cmpint (gdk_texture_get_height (texture), ==, 84);
      picture_take (&picture, texture);
      /* The face fills the texture, edge to edge, but for its rounded corners... */
      g_assert_cmpuint (picture_opaque_pixels (&picture), >, 60 * 84 * 90 / 100);
      g_assert_cmpuint (picture.pixels[42 * 60] >> 24, >, 0x80);
      g_assert_cmpuint (picture.pixels[42 * 60 + 59] >> 24, >, 0x80);
      g_assert_cmpuint (picture.pixels[30] >> 24, >, 0x80);
      g_assert_cmpuint (picture.pixels[83 * 60 + 30] >> 24, >, 0x80);
      /* ...and shows at least its two corner indices. */
      picture_ink_colour (&picture, &red, &green, &blue, &ink_pixels);
      g_assert_cmpuint (ink_pixels, >, 120);

      /* The faces do not depend on the pack. */
      g_assert_true (crapette_card_theme_get_card (theme, card + CRAPETTE_CARDS_PER_PACK, 60, 1)
                     == texture);
    }

  others[0] = crapette_card_theme_get_back (theme, CRAPETTE_SOUTH, 60, 1);
  others[1] = crapette_card_theme_get_back (theme, CRAPETTE_NORTH, 60, 1);
  others[2] = crapette_card_theme_get_empty (theme, 60, 1);
  others[3] = crapette_card_theme_get_empty_foundation (theme, 60, 1);
  for (guint i = 0; i < G_N_ELEMENTS (others); i++)
    {
      g_auto (Picture) picture = { 0 };
      gboolean any_visible = FALSE;

      g_assert_nonnull (others[i]);
      g_assert_cmpint (gdk_texture_get_width (others[i]), ==, 60);
      g_assert_cmpint (gdk_texture_get_height (others[i]), ==, 84);
      picture_take (&picture, others[i]);
      for (int p = 0; p < picture.width * picture.height && !any_visible; p++)
        any_visible = (picture.pixels[p] >> 24) != 0;
      g_assert_true (any_visible);
    }

  g_assert_finalize_object (theme);
}

static void
test_backs_differ (void)
{
  CrapetteCardTheme *theme = crapette_card_theme_new ();
  g_auto (Picture) south = { 0 };
  g_auto (Picture) north = { 0 };
  double red, green, blue;
  guint ink_pixels;

  picture_take (&south, crapette_card_theme_get_back (theme, CRAPETTE_SOUTH, 60, 1));
  picture_take (&north, crapette_card_theme_get_back (theme, CRAPETTE_NORTH, 60, 1));

  picture_ink_colour (&south, &red, &green, &blue, &ink_pixels);
  g_assert_cmpfloat (blue, >, red + 40);
  picture_ink_colour (&north, &red, &green, &blue, &ink_pixels);
  g_assert_cmpfloat (red, >, blue + 40);

  g_assert_finalize_object (theme);
}

static void
test_two_colours (void)
{
  CrapetteCardTheme *theme = crapette_card_theme_new ();

  g_assert_false (crapette_card_theme_get_four_colour (theme));

  for (CrapetteSuit suit = CRAPETTE_CLUBS; suit <= CRAPETTE_SPADES; suit++)
    {
      g_auto (Picture) ace = { 0 };
      double red, green, blue;
      guint ink_pixels;

      picture_of_card (&ace, theme, suit, 1);
      picture_ink_colour (&ace, &red, &green, &blue, &ink_pixels);
      if (suit == CRAPETTE_HEARTS || suit == CRAPETTE_DIAMONDS)
        {
          g_assert_cmpfloat (red, >, green + 80);
          g_assert_cmpfloat (red, >, blue + 80);
        }
      else
        {
          g_assert_cmpfloat (MAX (red, MAX (green, blue)), <, 90);
        }
    }

  g_assert_finalize_object (theme);
}

static void
on_notify_cb (GObject    *object,
              GParamSpec *pspec,
              guint      *count)
{
  (*count)++;
}

static void
on_changed_cb (CrapetteCardTheme *theme,
               guint             *count)
{
  (*count)++;
}

static void
test_four_colours (void)
{
  CrapetteCardTheme *theme = crapette_card_theme_new ();
  Picture two_colour[4] = { { 0 } };
  guint notifications = 0;
  guint changes = 0;

  g_signal_connect (theme, "notify::four-colour", G_CALLBACK (on_notify_cb), &notifications);
  g_signal_connect (theme, "changed", G_CALLBACK (on_changed_cb), &changes);

  for (CrapetteSuit suit = CRAPETTE_CLUBS; suit <= CRAPETTE_SPADES; suit++)
    picture_of_card (&two_colour[suit], theme, suit, 7);

  crapette_card_theme_set_four_colour (theme, TRUE);
  crapette_card_theme_set_four_colour (theme, TRUE);
  g_assert_true (crapette_card_theme_get_four_colour (theme));
  g_assert_cmpuint (notifications, ==, 1);
  g_assert_cmpuint (changes, ==, 1);

  for (CrapetteSuit suit = CRAPETTE_CLUBS; suit <= CRAPETTE_SPADES; suit++)
    {
      g_auto (Picture) seven = { 0 };
      g_auto (Picture) ace = { 0 };
      double red, green, blue;
      guint ink_pixels;

      picture_of_card (&seven, theme, suit, 7);
      /* Only the suits that share a colour with their partner change. */
      if (suit == CRAPETTE_CLUBS || suit == CRAPETTE_DIAMONDS)
        g_assert_false (pictures_equal (&seven, &two_colour[suit]));
      else
        g_assert_true (pictures_equal (&seven, &two_colour[suit]));

      picture_of_card (&ace, theme, suit, 1);
      picture_ink_colour (&ace, &red, &green, &blue, &ink_pixels);
      switch (suit)
        {
        case CRAPETTE_CLUBS:
          g_assert_cmpfloat (green, >, red + 50);
          g_assert_cmpfloat (green, >, blue + 30);
          break;
        case CRAPETTE_DIAMONDS:
          g_assert_cmpfloat (blue, >, red + 80);
          g_assert_cmpfloat (blue, >, green + 40);
          break;
        case CRAPETTE_HEARTS:
          g_assert_cmpfloat (red, >, green + 80);
          break;
        case CRAPETTE_SPADES:
          g_assert_cmpfloat (MAX (red, MAX (green, blue)), <, 90);
          break;
        default:
          g_assert_not_reached ();
        }
    }

  /* Switching back restores the two-colour drawings exactly. */
  g_object_set (theme, "four-colour", FALSE, NULL);
  g_assert_cmpuint (notifications, ==, 2);
  g_assert_cmpuint (changes, ==, 2);
  for (CrapetteSuit suit = CRAPETTE_CLUBS; suit <= CRAPETTE_SPADES; suit++)
    {
      g_auto (Picture) seven = { 0 };

      picture_of_card (&seven, theme, suit, 7);
      g_assert_true (pictures_equal (&seven, &two_colour[suit]));
      picture_clear (&two_colour[suit]);
    }

  g_assert_finalize_object (theme);
}

static void
test_cache (void)
{
  CrapetteCardTheme *theme = crapette_card_theme_new ();
  CrapetteCard queen = crapette_card_make (0, CRAPETTE_HEARTS, 12);
  g_autoptr (GdkTexture) first = NULL;
  g_autoptr (GdkTexture) wider = NULL;
  g_autoptr (GdkTexture) sharper = NULL;
  GdkTexture *back;

  /* References are held so that a new texture cannot reuse an old address. */
  first = g_object_ref (crapette_card_theme_get_card (theme, queen, 60, 1));
  back = crapette_card_theme_get_back (theme, CRAPETTE_SOUTH, 60, 1);
  g_assert_true (crapette_card_theme_get_card (theme, queen, 60, 1) == first);
  g_assert_true (crapette_card_theme_get_back (theme, CRAPETTE_SOUTH, 60, 1) == back);
  g_assert_true (crapette_card_theme_get_back (theme, CRAPETTE_NORTH, 60, 1) != back);

  wider = g_object_ref (crapette_card_theme_get_card (theme, queen, 80, 1));
  g_assert_true (wider != first);
  g_assert_cmpint (gdk_texture_get_width (wider), ==, 80);
  g_assert_cmpint (gdk_texture_get_height (wider), ==, 112);

  sharper = g_object_ref (crapette_card_theme_get_card (theme, queen, 80, 2));
  g_assert_true (sharper != wider);
  g_assert_cmpint (gdk_texture_get_width (sharper), ==, 160);
  g_assert_cmpint (gdk_texture_get_height (sharper), ==, 224);

  g_assert_true (crapette_card_theme_get_card (theme, queen, 60, 1) != first);

  g_assert_finalize_object (theme);
}

static void
test_bad_requests (void)
{
  CrapetteCardTheme *theme = crapette_card_theme_new ();

  g_test_expect_message ("crapette-card-theme", G_LOG_LEVEL_CRITICAL, "*crapette_card_is_real*");
  g_assert_null (crapette_card_theme_get_card (theme, CRAPETTE_CARD_UNKNOWN, 60, 1));
  g_test_assert_expected_messages ();

  g_test_expect_message ("crapette-card-theme", G_LOG_LEVEL_CRITICAL, "*size_is_valid*");
  g_assert_null (crapette_card_theme_get_empty (theme, 0, 1));
  g_test_assert_expected_messages ();

  g_test_expect_message ("crapette-card-theme", G_LOG_LEVEL_CRITICAL, "*size_is_valid*");
  g_assert_null (crapette_card_theme_get_back (theme, CRAPETTE_SOUTH, 100000, 1));
  g_test_assert_expected_messages ();

  g_test_expect_message ("crapette-card-theme", G_LOG_LEVEL_CRITICAL, "*seat*");
  g_assert_null (crapette_card_theme_get_back (theme, CRAPETTE_NO_SEAT, 60, 1));
  g_test_assert_expected_messages ();

  g_assert_finalize_object (theme);
}

/* The deck may still be parsing in its thread when the colours are chosen. */
static void
test_four_colours_at_once (void)
{
  CrapetteCardTheme *theme = crapette_card_theme_new ();
  g_auto (Picture) ace = { 0 };
  double red, green, blue;
  guint ink_pixels;

  crapette_card_theme_set_four_colour (theme, TRUE);
  picture_of_card (&ace, theme, CRAPETTE_CLUBS, 1);
  picture_ink_colour (&ace, &red, &green, &blue, &ink_pixels);
  g_assert_cmpfloat (green, >, red + 50);

  g_assert_finalize_object (theme);
}

/* Draws @node into a transparent picture @scale times its size, as a renderer would. */
static void
picture_of_node (Picture       *picture,
                 GskRenderNode *node,
                 int            scale)
{
  graphene_rect_t bounds;
  cairo_surface_t *surface;
  cairo_t *cr;

  gsk_render_node_get_bounds (node, &bounds);
  picture->width = (int) bounds.size.width * scale;
  picture->height = (int) bounds.size.height * scale;
  surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, picture->width, picture->height);
  cairo_surface_set_device_scale (surface, scale, scale);
  cr = cairo_create (surface);
  gsk_render_node_draw (node, cr);
  cairo_destroy (cr);
  cairo_surface_flush (surface);

  picture->pixels = g_new (guint32, (gsize) picture->width * picture->height);
  for (int y = 0; y < picture->height; y++)
    {
      const guchar *row = cairo_image_surface_get_data (surface)
                          + (gsize) y * cairo_image_surface_get_stride (surface);

      memcpy (picture->pixels + (gsize) y * picture->width, row, (gsize) picture->width * 4);
    }
  cairo_surface_destroy (surface);
}

/* The nodes the table draws show exactly the textures' pixels, card-sized, and are cached. */
static void
test_nodes (void)
{
  CrapetteCardTheme *theme = crapette_card_theme_new ();
  CrapetteCard seven = crapette_card_make (0, CRAPETTE_HEARTS, 7);

  /* Render nodes need GTK; the textures above did not. */
  if (!gtk_init_check ())
    {
      g_test_skip ("no display to initialise GTK with");
      g_assert_finalize_object (theme);
      return;
    }

  for (int scale = 1; scale <= 2; scale++)
    {
      GskRenderNode *nodes[4];
      GdkTexture *textures[4];

      nodes[0] = crapette_card_theme_get_card_node (theme, seven, 60, scale);
      textures[0] = crapette_card_theme_get_card (theme, seven, 60, scale);
      nodes[1] = crapette_card_theme_get_back_node (theme, CRAPETTE_NORTH, 60, scale);
      textures[1] = crapette_card_theme_get_back (theme, CRAPETTE_NORTH, 60, scale);
      nodes[2] = crapette_card_theme_get_empty_node (theme, FALSE, 60, scale);
      textures[2] = crapette_card_theme_get_empty (theme, 60, scale);
      nodes[3] = crapette_card_theme_get_empty_node (theme, TRUE, 60, scale);
      textures[3] = crapette_card_theme_get_empty_foundation (theme, 60, scale);

      for (guint i = 0; i < G_N_ELEMENTS (nodes); i++)
        {
          g_auto (Picture) drawn = { 0 };
          g_auto (Picture) pixels = { 0 };
          graphene_rect_t bounds;

          g_assert_nonnull (nodes[i]);
          gsk_render_node_get_bounds (nodes[i], &bounds);
          g_assert_true (graphene_rect_equal (&bounds, &GRAPHENE_RECT_INIT (0, 0, 60, 84)));

          picture_of_node (&drawn, nodes[i], scale);
          picture_take (&pixels, textures[i]);
          g_assert_true (pictures_equal (&drawn, &pixels));
        }

      g_assert_true (crapette_card_theme_get_card_node (theme, seven + CRAPETTE_CARDS_PER_PACK,
                                                        60, scale) == nodes[0]);
    }

  g_assert_finalize_object (theme);
}

static int
compare_doubles (gconstpointer a,
                 gconstpointer b)
{
  double x = *(const double *) a, y = *(const double *) b;

  return (x > y) - (x < y);
}

/* Run with `-m perf`: how long the table waits for a whole deck at 100 px. */
static void
test_render_time (void)
{
  enum { RUNS = 5 };
  double seconds[RUNS];

  if (!g_test_perf ())
    {
      g_test_skip ("timing runs only with -m perf");
      return;
    }

  for (guint run = 0; run < RUNS; run++)
    {
      CrapetteCardTheme *theme = crapette_card_theme_new ();
      gint64 start = g_get_monotonic_time ();

      for (CrapetteCard card = 0; card < CRAPETTE_CARDS_PER_PACK; card++)
        crapette_card_theme_get_card (theme, card, 100, 1);
      crapette_card_theme_get_back (theme, CRAPETTE_SOUTH, 100, 1);
      crapette_card_theme_get_back (theme, CRAPETTE_NORTH, 100, 1);
      seconds[run] = (g_get_monotonic_time () - start) / (double) G_USEC_PER_SEC;

      g_assert_finalize_object (theme);
    }

  qsort (seconds, RUNS, sizeof seconds[0], compare_doubles);
  g_test_minimized_result (seconds[RUNS / 2],
                           "52 faces and 2 backs at 100 px: median %.1f ms of %d runs",
                           seconds[RUNS / 2] * 1000, RUNS);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/card-theme/height-for-width", test_height_for_width);
  g_test_add_func ("/card-theme/every-card-renders", test_every_card_renders);
  g_test_add_func ("/card-theme/backs-differ", test_backs_differ);
  g_test_add_func ("/card-theme/two-colours", test_two_colours);
  g_test_add_func ("/card-theme/four-colours", test_four_colours);
  g_test_add_func ("/card-theme/four-colours-at-once", test_four_colours_at_once);
  g_test_add_func ("/card-theme/nodes", test_nodes);
  g_test_add_func ("/card-theme/cache", test_cache);
  g_test_add_func ("/card-theme/bad-requests", test_bad_requests);
  g_test_add_func ("/card-theme/render-time", test_render_time);

  return g_test_run ();
}
