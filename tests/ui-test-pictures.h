/* ui-test-pictures.h: pictures of a widget as drawn, read back pixel by pixel, for UI tests
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <math.h>

#include "ui-test-helpers.h"

typedef struct
{
  guchar *pixels;
  gsize stride;
  int width;
  int height;
} UiTestPicture;

/* Draws @widget (mapped) as it is now and keeps its pixels in @picture; free them with
 * g_free (picture->pixels). */
static inline void
ui_test_take_picture (GtkWidget     *widget,
                      UiTestPicture *picture)
{
  GtkWidget *window = GTK_WIDGET (gtk_widget_get_native (widget));
  g_autoptr(GdkPaintable) paintable = gtk_widget_paintable_new (widget);
  g_autoptr(GskRenderNode) node = NULL;
  g_autoptr(GdkTexture) texture = NULL;
  GtkSnapshot *snapshot = gtk_snapshot_new ();

  gtk_widget_queue_draw (widget);
  ui_test_wait_for_frames (window);
  picture->width = gtk_widget_get_width (widget);
  picture->height = gtk_widget_get_height (widget);
  gdk_paintable_snapshot (paintable, snapshot, picture->width, picture->height);
  node = gtk_snapshot_free_to_node (snapshot);
  g_assert_nonnull (node);
  texture = gsk_renderer_render_texture (gtk_native_get_renderer (GTK_NATIVE (window)), node,
                                         &GRAPHENE_RECT_INIT (0, 0, picture->width,
                                                              picture->height));
  picture->stride = (gsize) picture->width * 4;
  picture->pixels = g_malloc (picture->stride * picture->height);
  gdk_texture_download (texture, picture->pixels, picture->stride);
}

/* The colour at (@x, @y) of @picture (downloaded as premultiplied ARGB, little-endian). */
static inline void
ui_test_pixel_at (const UiTestPicture *picture,
                  float                x,
                  float                y,
                  GdkRGBA             *colour)
{
  int px = (int) floorf (x), py = (int) floorf (y);
  const guchar *pixel;

  g_assert_cmpint (px, >=, 0);
  g_assert_cmpint (py, >=, 0);
  g_assert_cmpint (px, <, picture->width);
  g_assert_cmpint (py, <, picture->height);
  pixel = picture->pixels + py * picture->stride + px * 4;
  colour->blue = pixel[0] / 255.0f;
  colour->green = pixel[1] / 255.0f;
  colour->red = pixel[2] / 255.0f;
  colour->alpha = pixel[3] / 255.0f;
}

/* Whether @a and @b are the same colour, give or take what drawing rounds. */
static inline gboolean
ui_test_colour_near (const GdkRGBA *a,
                     const GdkRGBA *b)
{
  return fabsf (a->red - b->red) <= 0.05f && fabsf (a->green - b->green) <= 0.05f &&
         fabsf (a->blue - b->blue) <= 0.05f;
}

/* Fails the test unless @seen is @expected, give or take what drawing rounds. */
static inline void
ui_test_assert_colour_near (const GdkRGBA *seen,
                            const GdkRGBA *expected,
                            const char    *what)
{
  if (!ui_test_colour_near (seen, expected))
    g_error ("%s: (%.2f, %.2f, %.2f) where (%.2f, %.2f, %.2f) was expected", what, seen->red,
             seen->green, seen->blue, expected->red, expected->green, expected->blue);
}
