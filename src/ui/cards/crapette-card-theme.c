/* crapette-card-theme.c: renders the SVG deck into cached textures
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "crapette-card-theme"

#include "config.h"

#include "crapette-card-theme.h"

#include <librsvg/rsvg.h>
#include <string.h>

#include "crapette-card.h"
#include "crapette-card-render.h"
#include "crapette-cards-resources.h"

#define DECK_RESOURCE_PATH "/io/github/crapette/Crapette/cards/deck.svg"

G_STATIC_ASSERT (N_SLOTS <= 64);

/* The deck takes a few milliseconds to parse. A thread parses it while the
 * window builds and lays itself out, so that the first frame waits for it
 * only if the thread has not finished by the time the first card is drawn.
 * The handle passes to the theme when the thread is joined, and is used
 * from the main thread only from then on. */
typedef struct
{
  GBytes *bytes;
  RsvgHandle *deck;
  GError *error;
} DeckLoad;

struct _CrapetteCardTheme
{
  GObject parent_instance;

  GThread *deck_loader;                /* parsing the deck; NULL once joined */
  DeckLoad *deck_loaded;               /* parsed without a thread, until taken */
  RsvgHandle *deck;                    /* NULL when the deck could not be loaded */
  GdkTexture *textures[N_SLOTS];       /* rendered at cached_width x cached_scale */
  cairo_surface_t *surfaces[N_SLOTS];  /* the textures' pixels */
  GskRenderNode *nodes[N_SLOTS];       /* the same pixels, made when first asked for */
  int cached_width;
  int cached_scale;
  guint64 warned_slots;                /* drawings already reported as broken */
  gboolean four_colour;
};

G_DEFINE_FINAL_TYPE (CrapetteCardTheme, crapette_card_theme, G_TYPE_OBJECT)

enum
{
  PROP_0,
  PROP_FOUR_COLOUR,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

enum
{
  CHANGED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

/* The colours are chosen to keep a contrast of at least 5:1 on the white faces. */
static const char two_colour_stylesheet[] =
  ".clubs { color: #1c1c1c; }\n"
  ".diamonds { color: #c4122f; }\n"
  ".hearts { color: #c4122f; }\n"
  ".spades { color: #1c1c1c; }\n";

static const char four_colour_stylesheet[] =
  ".clubs { color: #11782c; }\n"
  ".diamonds { color: #1456c8; }\n"
  ".hearts { color: #c4122f; }\n"
  ".spades { color: #1c1c1c; }\n";

static void
drop_textures (CrapetteCardTheme *self)
{
  for (guint slot = 0; slot < N_SLOTS; slot++)
    {
      g_clear_object (&self->textures[slot]);
      g_clear_pointer (&self->surfaces[slot], cairo_surface_destroy);
      g_clear_pointer (&self->nodes[slot], gsk_render_node_unref);
    }
}

static gpointer
parse_deck_in_thread (gpointer data)
{
  DeckLoad *load = data;
  gsize size;
  const guint8 *svg = g_bytes_get_data (load->bytes, &size);

  load->deck = rsvg_handle_new_from_data (svg, size, &load->error);
  return load;
}

static void
start_loading_deck (CrapetteCardTheme *self)
{
  g_autoptr (GError) error = NULL;
  DeckLoad *load;

  load = g_new0 (DeckLoad, 1);
  /* Looking the file up in this resource, rather than among all registered
   * ones, makes the linker keep the resource in a static library. */
  load->bytes = g_resource_lookup_data (crapette_cards_get_resource (), DECK_RESOURCE_PATH,
                                        G_RESOURCE_LOOKUP_FLAGS_NONE, &load->error);
  if (load->bytes != NULL)
    self->deck_loader = g_thread_try_new ("crapette-deck", parse_deck_in_thread, load, &error);
  if (self->deck_loader == NULL)
    {
      /* Without a thread (or without a deck) the work is done here and now. */
      if (load->bytes != NULL)
        parse_deck_in_thread (load);
      self->deck_loaded = load;
    }
}

static void
apply_stylesheet (CrapetteCardTheme *self)
{
  const char *css = self->four_colour ? four_colour_stylesheet : two_colour_stylesheet;
  g_autoptr (GError) error = NULL;

  if (self->deck == NULL)
    return;

  if (!rsvg_handle_set_stylesheet (self->deck, (const guint8 *) css, strlen (css), &error))
    g_warning ("The deck's colour stylesheet was refused: %s", error->message);
}

/* Takes the parsed deck from the loading thread, waiting for it if need be. */
static void
finish_loading_deck (CrapetteCardTheme *self)
{
  DeckLoad *load;

  if (self->deck_loader != NULL)
    load = g_thread_join (g_steal_pointer (&self->deck_loader));
  else if (self->deck_loaded != NULL)
    load = g_steal_pointer (&self->deck_loaded);
  else
    return;

  self->deck = load->deck;
  if (load->bytes == NULL)
    g_warning ("The card deck is missing from the program: %s", load->error->message);
  else if (self->deck == NULL)
    g_warning ("The card deck could not be read: %s", load->error->message);
  g_clear_pointer (&load->bytes, g_bytes_unref);
  g_clear_error (&load->error);
  g_free (load);

  apply_stylesheet (self);
}

/* Keeps @surface (taking its reference) as the drawing in @slot, and wraps
 * its pixels in a texture without copying them. */
static void
keep_drawing (CrapetteCardTheme *self,
              guint              slot,
              cairo_surface_t   *surface)
{
  int pixel_height = cairo_image_surface_get_height (surface);
  int stride = cairo_image_surface_get_stride (surface);
  g_autoptr (GBytes) bytes = NULL;

  cairo_surface_flush (surface);
  self->surfaces[slot] = surface;

  /* GDK_MEMORY_DEFAULT is cairo's native-endian premultiplied ARGB32. */
  bytes = g_bytes_new_with_free_func (cairo_image_surface_get_data (surface),
                                      (gsize) stride * pixel_height,
                                      (GDestroyNotify) cairo_surface_destroy,
                                      cairo_surface_reference (surface));
  self->textures[slot] = gdk_memory_texture_new (cairo_image_surface_get_width (surface),
                                                 pixel_height, GDK_MEMORY_DEFAULT, bytes, stride);
}

/* A render node painting the drawing in @slot at (0, 0). The table draws
 * these rather than the textures: GTK 4.8's cairo renderer converts every
 * pixel of a texture through floats and sends it to the X server again on
 * every frame, while a cairo node paints its surface as it is, and cairo
 * keeps that surface's copy on the X server from one frame to the next.
 * The GL renderer caches either. */
static GskRenderNode *
node_for_drawing (CrapetteCardTheme *self,
                  guint              slot)
{
  graphene_rect_t bounds;
  cairo_t *cr;

  if (self->nodes[slot] != NULL)
    return self->nodes[slot];

  graphene_rect_init (&bounds, 0, 0, self->cached_width,
                      crapette_card_theme_height_for_width (self->cached_width));
  self->nodes[slot] = gsk_cairo_node_new (&bounds);
  cr = gsk_cairo_node_get_draw_context (self->nodes[slot]);
  cairo_scale (cr, 1.0 / self->cached_scale, 1.0 / self->cached_scale);
  cairo_set_source_surface (cr, self->surfaces[slot], 0, 0);
  cairo_paint (cr);
  cairo_destroy (cr);

  return self->nodes[slot];
}

/* Makes sure the drawing in @slot is rendered at @width logical pixels and @scale. */
static void
ensure_drawing (CrapetteCardTheme *self,
                guint              slot,
                int                width,
                int                scale)
{
  g_autofree char *element_id = NULL;
  g_autoptr (GError) error = NULL;
  int pixel_width = width * scale;
  int pixel_height = crapette_card_theme_height_for_width (width) * scale;
  cairo_surface_t *surface;

  g_assert (slot < N_SLOTS);

  if (width != self->cached_width || scale != self->cached_scale)
    {
      drop_textures (self);
      self->cached_width = width;
      self->cached_scale = scale;
    }

  if (self->textures[slot] != NULL)
    return;

  element_id = crapette_card_render_element_id (slot);
  finish_loading_deck (self);
  surface = crapette_card_render_element (self->deck, element_id, pixel_width, pixel_height,
                                          &error);
  if (surface == NULL)
    {
      if ((self->warned_slots & (G_GUINT64_CONSTANT (1) << slot)) == 0)
        g_warning ("Could not draw %s from the card deck: %s", element_id, error->message);
      self->warned_slots |= G_GUINT64_CONSTANT (1) << slot;
      surface = crapette_card_render_stand_in (slot, pixel_width, pixel_height);
    }
  keep_drawing (self, slot, surface);
}

static GdkTexture *
lookup_texture (CrapetteCardTheme *self,
                guint              slot,
                int                width,
                int                scale)
{
  ensure_drawing (self, slot, width, scale);
  return self->textures[slot];
}

static GskRenderNode *
lookup_node (CrapetteCardTheme *self,
             guint              slot,
             int                width,
             int                scale)
{
  ensure_drawing (self, slot, width, scale);
  return node_for_drawing (self, slot);
}

static gboolean
size_is_valid (int width,
               int scale)
{
  return width > 0 && scale > 0 && width <= CRAPETTE_CARD_THEME_MAX_PIXEL_WIDTH / scale;
}

static void
crapette_card_theme_get_property (GObject    *object,
                                  guint       prop_id,
                                  GValue     *value,
                                  GParamSpec *pspec)
{
  CrapetteCardTheme *self = CRAPETTE_CARD_THEME (object);

  switch (prop_id)
    {
    case PROP_FOUR_COLOUR:
      g_value_set_boolean (value, self->four_colour);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
crapette_card_theme_set_property (GObject      *object,
                                  guint         prop_id,
                                  const GValue *value,
                                  GParamSpec   *pspec)
{
  CrapetteCardTheme *self = CRAPETTE_CARD_THEME (object);

  switch (prop_id)
    {
    case PROP_FOUR_COLOUR:
      crapette_card_theme_set_four_colour (self, g_value_get_boolean (value));
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
crapette_card_theme_dispose (GObject *object)
{
  CrapetteCardTheme *self = CRAPETTE_CARD_THEME (object);

  drop_textures (self);
  finish_loading_deck (self);
  g_clear_object (&self->deck);

  G_OBJECT_CLASS (crapette_card_theme_parent_class)->dispose (object);
}

static void
crapette_card_theme_class_init (CrapetteCardThemeClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->get_property = crapette_card_theme_get_property;
  object_class->set_property = crapette_card_theme_set_property;
  object_class->dispose = crapette_card_theme_dispose;

  /**
   * CrapetteCardTheme:four-colour:
   *
   * Whether each suit has a colour of its own, so that American Bank's double
   * suits (♥ with ♦, ♣ with ♠) are told apart at a glance.
   */
  properties[PROP_FOUR_COLOUR] =
    g_param_spec_boolean ("four-colour", NULL, NULL,
                          FALSE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);

  g_object_class_install_properties (object_class, N_PROPS, properties);

  /**
   * CrapetteCardTheme::changed:
   *
   * Emitted when the drawings change, so that textures taken earlier are stale
   * and whatever shows cards should draw them again.
   */
  signals[CHANGED] =
    g_signal_new ("changed",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST,
                  0,
                  NULL, NULL,
                  NULL,
                  G_TYPE_NONE, 0);
}

static void
crapette_card_theme_init (CrapetteCardTheme *self)
{
  start_loading_deck (self);
}

CrapetteCardTheme *
crapette_card_theme_new (void)
{
  return g_object_new (CRAPETTE_TYPE_CARD_THEME, NULL);
}

gboolean
crapette_card_theme_get_four_colour (CrapetteCardTheme *self)
{
  g_return_val_if_fail (CRAPETTE_IS_CARD_THEME (self), FALSE);

  return self->four_colour;
}

void
crapette_card_theme_set_four_colour (CrapetteCardTheme *self,
                                     gboolean           four_colour)
{
  g_return_if_fail (CRAPETTE_IS_CARD_THEME (self));

  four_colour = !!four_colour;
  if (self->four_colour == four_colour)
    return;

  self->four_colour = four_colour;
  drop_textures (self);
  apply_stylesheet (self);

  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_FOUR_COLOUR]);
  g_signal_emit (self, signals[CHANGED], 0);
}

int
crapette_card_theme_height_for_width (int width)
{
  g_return_val_if_fail (width >= 0 && width <= G_MAXINT / 14, 0);

  /* width × 7/5, rounded to the nearest pixel. */
  return (width * 14 + 5) / 10;
}

GdkTexture *
crapette_card_theme_get_card (CrapetteCardTheme *self,
                              CrapetteCard       card,
                              int                width,
                              int                scale)
{
  g_return_val_if_fail (CRAPETTE_IS_CARD_THEME (self), NULL);
  g_return_val_if_fail (crapette_card_is_real (card), NULL);
  g_return_val_if_fail (size_is_valid (width, scale), NULL);

  return lookup_texture (self, card % CRAPETTE_CARDS_PER_PACK, width, scale);
}

GdkTexture *
crapette_card_theme_get_back (CrapetteCardTheme *self,
                              CrapetteSeat       seat,
                              int                width,
                              int                scale)
{
  g_return_val_if_fail (CRAPETTE_IS_CARD_THEME (self), NULL);
  g_return_val_if_fail (seat == CRAPETTE_SOUTH || seat == CRAPETTE_NORTH, NULL);
  g_return_val_if_fail (size_is_valid (width, scale), NULL);

  return lookup_texture (self, seat == CRAPETTE_SOUTH ? SLOT_BACK_SOUTH : SLOT_BACK_NORTH,
                         width, scale);
}

GdkTexture *
crapette_card_theme_get_empty (CrapetteCardTheme *self,
                               int                width,
                               int                scale)
{
  g_return_val_if_fail (CRAPETTE_IS_CARD_THEME (self), NULL);
  g_return_val_if_fail (size_is_valid (width, scale), NULL);

  return lookup_texture (self, SLOT_EMPTY, width, scale);
}

GdkTexture *
crapette_card_theme_get_empty_foundation (CrapetteCardTheme *self,
                                          int                width,
                                          int                scale)
{
  g_return_val_if_fail (CRAPETTE_IS_CARD_THEME (self), NULL);
  g_return_val_if_fail (size_is_valid (width, scale), NULL);

  return lookup_texture (self, SLOT_EMPTY_FOUNDATION, width, scale);
}

GskRenderNode *
crapette_card_theme_get_card_node (CrapetteCardTheme *self,
                                   CrapetteCard       card,
                                   int                width,
                                   int                scale)
{
  g_return_val_if_fail (CRAPETTE_IS_CARD_THEME (self), NULL);
  g_return_val_if_fail (crapette_card_is_real (card), NULL);
  g_return_val_if_fail (size_is_valid (width, scale), NULL);

  return lookup_node (self, card % CRAPETTE_CARDS_PER_PACK, width, scale);
}

GskRenderNode *
crapette_card_theme_get_back_node (CrapetteCardTheme *self,
                                   CrapetteSeat       seat,
                                   int                width,
                                   int                scale)
{
  g_return_val_if_fail (CRAPETTE_IS_CARD_THEME (self), NULL);
  g_return_val_if_fail (seat == CRAPETTE_SOUTH || seat == CRAPETTE_NORTH, NULL);
  g_return_val_if_fail (size_is_valid (width, scale), NULL);

  return lookup_node (self, seat == CRAPETTE_SOUTH ? SLOT_BACK_SOUTH : SLOT_BACK_NORTH,
                      width, scale);
}

GskRenderNode *
crapette_card_theme_get_empty_node (CrapetteCardTheme *self,
                                    gboolean           foundation,
                                    int                width,
                                    int                scale)
{
  g_return_val_if_fail (CRAPETTE_IS_CARD_THEME (self), NULL);
  g_return_val_if_fail (size_is_valid (width, scale), NULL);

  return lookup_node (self, foundation ? SLOT_EMPTY_FOUNDATION : SLOT_EMPTY, width, scale);
}
