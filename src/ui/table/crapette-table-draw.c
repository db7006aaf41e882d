/* crapette-table-draw.c: drawing the piles and the cards of the table
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Cards are render nodes from the card theme, rendered once per size, so a
 * frame is only a list of the same nodes moved about; GTK redraws just the
 * part of the window that changed, which keeps a flying card cheap even at 4K.
 */

#define G_LOG_DOMAIN "crapette-ui"

#include "config.h"

#include <math.h>
#include <string.h>

#include "crapette-card.h"
#include "crapette-locale.h"
#include "crapette-names.h"
#include "crapette-table-draw.h"
#include "crapette-table-colors.h"
#include "crapette-table-highlight.h"

#define CORNER_RADIUS 0.06f   /* of a card width: the deck's own corners */
#define LABEL_SIZE 0.15f      /* of a card width: an empty place's name, two lines at most */

/* What a piece of text on the table is. */
typedef enum
{
  TEXT_BADGE,   /* a count, white in a dark pill */
  TEXT_ARROW,   /* American Bank's ▲ or ▼ */
  TEXT_LABEL    /* an empty place's name, faint, wrapped and shrunk to fit */
} TextStyle;

static gboolean
card_is_away (const CrapetteTableDrawing *drawing,
              CrapetteCard                card)
{
  if (!crapette_card_is_real (card))
    return FALSE;
  return drawing->cards_in_flight[card] > 0 || card == drawing->dragged_card;
}

static void
round_rect (const CrapetteTableDrawing *drawing,
            const graphene_rect_t      *rect,
            float                       grow,
            GskRoundedRect             *rounded)
{
  graphene_rect_t grown;
  float radius = drawing->layout->card_width * CORNER_RADIUS + grow;

  graphene_rect_inset_r (rect, -grow, -grow, &grown);
  gsk_rounded_rect_init_from_rect (rounded, &grown, MAX (radius, 0));
}

static void
draw_outline (const CrapetteTableDrawing *drawing,
              GtkSnapshot                *snapshot,
              const graphene_rect_t      *rect,
              float                       grow,
              float                       width,
              const GdkRGBA              *colour)
{
  GskRoundedRect rounded;
  const float widths[4] = { width, width, width, width };
  const GdkRGBA colours[4] = { *colour, *colour, *colour, *colour };

  if (colour->alpha <= 0 || width <= 0)
    return;
  round_rect (drawing, rect, grow, &rounded);
  gtk_snapshot_append_border (snapshot, &rounded, widths, colours);
}

static void
fill_rounded (const CrapetteTableDrawing *drawing,
              GtkSnapshot                *snapshot,
              const graphene_rect_t      *rect,
              float                       grow,
              const GdkRGBA              *colour)
{
  GskRoundedRect rounded;

  if (colour->alpha <= 0)
    return;
  round_rect (drawing, rect, grow, &rounded);
  gtk_snapshot_push_rounded_clip (snapshot, &rounded);
  gtk_snapshot_append_color (snapshot, colour, &rounded.bounds);
  gtk_snapshot_pop (snapshot);
}

/* Puts the card-sized @node (drawn at the origin) at @rect. The corner is
 * snapped to a whole device pixel: a card then lands on the pixel grid as
 * it was rendered, stays sharp, and the cairo renderer copies it straight
 * instead of filtering every pixel. */
static void
place_node (const CrapetteTableDrawing *drawing,
            GtkSnapshot                *snapshot,
            GskRenderNode              *node,
            const graphene_rect_t      *rect)
{
  graphene_rect_t bounds;
  graphene_point_t corner;

  if (node == NULL)
    return;

  gsk_render_node_get_bounds (node, &bounds);
  corner = GRAPHENE_POINT_INIT (roundf (rect->origin.x * drawing->scale) / drawing->scale,
                                roundf (rect->origin.y * drawing->scale) / drawing->scale);
  gtk_snapshot_save (snapshot);
  gtk_snapshot_translate (snapshot, &corner);
  if (bounds.size.width != rect->size.width || bounds.size.height != rect->size.height)
    gtk_snapshot_scale (snapshot, rect->size.width / bounds.size.width,
                        rect->size.height / bounds.size.height);
  gtk_snapshot_append_node (snapshot, node);
  gtk_snapshot_restore (snapshot);
}

/* Draws one card (its back if @card is unknown) at @rect; a @lifted card casts a shadow. */
void
crapette_table_draw_card (const CrapetteTableDrawing *drawing,
                          GtkSnapshot                *snapshot,
                          CrapetteCard                card,
                          CrapetteSeat                back_seat,
                          const graphene_rect_t      *rect,
                          gboolean                    lifted)
{
  int width = drawing->layout->card_width;
  GskRenderNode *node;

  if (card == CRAPETTE_CARD_NONE)
    return;

  if (lifted)
    {
      GskRoundedRect rounded;

      round_rect (drawing, rect, 0, &rounded);
      gtk_snapshot_append_outset_shadow (snapshot, &rounded, &drawing->colors->shadow,
                                         0, width * 0.04f, 0, 0);
    }

  if (crapette_card_is_real (card))
    node = crapette_card_theme_get_card_node (drawing->theme, card, width, drawing->scale);
  else
    node = crapette_card_theme_get_back_node (drawing->theme, back_seat, width, drawing->scale);

  place_node (drawing, snapshot, node, rect);
  /* High contrast: a card's edge is a line, so that cards fanned over one another stay apart. */
  draw_outline (drawing, snapshot, rect, 0, MAX (1.0f, width * 0.012f),
                &drawing->colors->card_edge);
}

static void
write_text (const CrapetteTableDrawing *drawing,
            GtkSnapshot                *snapshot,
            const char                 *text,
            const graphene_rect_t      *area,
            float                       size,
            TextStyle                   style)
{
  /* Counts are written in the digits of the player's language (Persian ۰–۹). */
  g_autofree char *localized = crapette_locale_localize_digits (text);
  g_autoptr(PangoLayout) layout = gtk_widget_create_pango_layout (drawing->widget, localized);
  g_autoptr(PangoFontDescription) font = pango_font_description_new ();
  PangoRectangle ink, logical;
  graphene_point_t at;
  int n_words = 1;

  for (const char *space = strchr (text, ' '); space != NULL; space = strchr (space + 1, ' '))
    n_words++;

  pango_font_description_set_weight (font, style == TEXT_LABEL ? PANGO_WEIGHT_NORMAL
                                                               : PANGO_WEIGHT_BOLD);
  pango_font_description_set_absolute_size (font, MAX (size, 6) * PANGO_SCALE);
  pango_layout_set_font_description (layout, font);
  if (style == TEXT_LABEL)
    {
      pango_layout_set_width (layout, (int) (area->size.width * PANGO_SCALE));
      pango_layout_set_wrap (layout, PANGO_WRAP_WORD);
      pango_layout_set_alignment (layout, PANGO_ALIGN_CENTER);
    }
  pango_layout_get_pixel_extents (layout, &ink, &logical);

  /* A long name in a small window: a smaller font rather than a word cut in
   * two or a third line. Labels are laid out once per card size, so the few
   * tries cost nothing on later frames. */
  while (style == TEXT_LABEL && size > 6 &&
         (pango_layout_get_line_count (layout) > MIN (2, n_words) ||
          logical.width > area->size.width || logical.height > area->size.height))
    {
      size = MAX (size * 0.85f, 6);
      pango_font_description_set_absolute_size (font, size * PANGO_SCALE);
      pango_layout_set_font_description (layout, font);
      pango_layout_get_pixel_extents (layout, &ink, &logical);
    }

  at = GRAPHENE_POINT_INIT (area->origin.x + (area->size.width - logical.width) / 2.0f -
                            logical.x,
                            area->origin.y + (area->size.height - logical.height) / 2.0f);

  if (style == TEXT_BADGE)
    {
      graphene_rect_t pill;
      GskRoundedRect rounded;

      graphene_rect_init (&pill, at.x + logical.x - logical.height * 0.4f, at.y,
                          logical.width + logical.height * 0.8f, logical.height);
      gsk_rounded_rect_init_from_rect (&rounded, &pill, logical.height / 2.0f);
      gtk_snapshot_push_rounded_clip (snapshot, &rounded);
      gtk_snapshot_append_color (snapshot, &drawing->colors->badge_fill, &pill);
      gtk_snapshot_pop (snapshot);
    }

  gtk_snapshot_save (snapshot);
  gtk_snapshot_translate (snapshot, &at);
  gtk_snapshot_append_layout (snapshot, layout,
                              style == TEXT_LABEL ? &drawing->colors->label_text
                                                  : &drawing->colors->badge_text);
  gtk_snapshot_restore (snapshot);
}

/* Writes @text centred in @area (a count badge, an arrow or a label). Laying text out
 * is the dearest part of a frame that shows no new card, so each text is
 * laid out once, at the origin, and its node kept in drawing->text_nodes. */
static void
draw_text (const CrapetteTableDrawing *drawing,
           GtkSnapshot                *snapshot,
           const char                 *text,
           const graphene_rect_t      *area,
           float                       size,
           TextStyle                   style)
{
  const graphene_rect_t at_origin = GRAPHENE_RECT_INIT (0, 0, area->size.width,
                                                        area->size.height);
  g_autofree char *key = NULL;
  GskRenderNode *node = NULL;
  GtkSnapshot *text_snapshot;

  if (drawing->text_nodes != NULL)
    {
      key = g_strdup_printf ("%s %d %.2f %.2f %.2f %p", text, style, size,
                             area->size.width, area->size.height, (void *) drawing->colors);
      node = g_hash_table_lookup (drawing->text_nodes, key);
    }

  if (node == NULL)
    {
      text_snapshot = gtk_snapshot_new ();
      write_text (drawing, text_snapshot, text, &at_origin, size, style);
      node = gtk_snapshot_free_to_node (text_snapshot);
      if (node == NULL)
        return;
      if (drawing->text_nodes != NULL)
        g_hash_table_insert (drawing->text_nodes, g_steal_pointer (&key), node);
    }

  gtk_snapshot_save (snapshot);
  gtk_snapshot_translate (snapshot, &area->origin);
  gtk_snapshot_append_node (snapshot, node);
  gtk_snapshot_restore (snapshot);

  if (drawing->text_nodes == NULL)
    gsk_render_node_unref (node);
}

/* The back a face-down card on @pile shows, as the seat whose pack it is. */
CrapetteSeat
crapette_table_draw_back_seat (CrapetteVariant variant,
                               CrapettePileId  pile)
{
  CrapetteSeat seat = crapette_pile_seat (pile);

  if (variant == CRAPETTE_VARIANT_AMERICAN || seat == CRAPETTE_NO_SEAT)
    return CRAPETTE_SOUTH;
  return seat;
}

/* A faint glow behind the row of the player whose turn it is, so that
 * whose turn it is shows on the table itself and not only in the status. */
static void
draw_turn_glow (const CrapetteTableDrawing *drawing,
                GtkSnapshot                *snapshot)
{
  graphene_rect_t row = GRAPHENE_RECT_INIT (0, 0, 0, 0);
  CrapetteSeat to_move = crapette_view_get_to_move (drawing->view);
  gboolean first = TRUE;

  /* Nobody is to move yet in a hidden Russian Bank deal whose reserves are still face down
   * (crapette_position_deal_hidden()): no row glows, and no pile is looked up for no seat. */
  if (crapette_view_get_outcome (drawing->view) != CRAPETTE_OUTCOME_PLAYING ||
      to_move >= CRAPETTE_N_SEATS)
    return;

  for (CrapettePileKind kind = CRAPETTE_PILE_KIND_STOCK; kind <= CRAPETTE_PILE_KIND_RESERVE; kind++)
    {
      CrapettePileId pile = crapette_pile_of_seat (kind, to_move);
      const CrapetteSlot *slot = &drawing->layout->slots[pile];

      if (!slot->used)
        continue;
      if (first)
        row = slot->bounds;
      else
        graphene_rect_union (&row, &slot->bounds, &row);
      first = FALSE;
    }

  if (first)
    return;
  /* No further than the layout keeps clear of the name plates. */
  fill_rounded (drawing, snapshot, &row, CRAPETTE_TABLE_TURN_GLOW, &drawing->colors->turn_glow);
  draw_outline (drawing, snapshot, &row, CRAPETTE_TABLE_TURN_GLOW,
                drawing->colors->turn_outline_width, &drawing->colors->turn_outline);
}

/* ---- Highlights (see crapette-table-highlight.h for their looks) ---------- */

/* The computer's last move: a soft glow, which no other mark has. */
static void
draw_glow (const CrapetteTableDrawing *drawing,
           GtkSnapshot                *snapshot,
           const graphene_rect_t      *rect)
{
  GskRoundedRect rounded;

  round_rect (drawing, rect, 1, &rounded);
  gtk_snapshot_append_outset_shadow (snapshot, &rounded, &drawing->colors->last_move, 0, 0,
                                     4, drawing->layout->card_width * 0.12f);
}

/* A hint's frame: magenta in a dark casing, readable on a card and on the baize. */
static void
draw_hint_frame (const CrapetteTableDrawing *drawing,
                 GtkSnapshot                *snapshot,
                 const graphene_rect_t      *rect)
{
  const CrapetteTableColors *colors = drawing->colors;
  float width = colors->hint_width;

  draw_outline (drawing, snapshot, rect, width + 3, width + 2, &colors->hint_casing);
  draw_outline (drawing, snapshot, rect, width + 2, width, &colors->hint);
}

/* A frame @width wide, from @grow outside @rect inwards, in the palette's casing (outside it)
 * when it has one. */
static void
draw_cased_frame (const CrapetteTableDrawing *drawing,
                  GtkSnapshot                *snapshot,
                  const graphene_rect_t      *rect,
                  float                       grow,
                  float                       width,
                  const GdkRGBA              *colour)
{
  draw_outline (drawing, snapshot, rect, grow + drawing->colors->casing_width,
                drawing->colors->casing_width, &drawing->colors->casing);
  draw_outline (drawing, snapshot, rect, grow, width, colour);
}

/* The marks on one pile, around its top card at @top_rect (or its empty place). */
static void
draw_pile_highlights (const CrapetteTableDrawing *drawing,
                      GtkSnapshot                *snapshot,
                      CrapettePileId              pile,
                      const graphene_rect_t      *top_rect)
{
  const CrapetteTableColors *colors = drawing->colors;

  if (pile == drawing->last_from || pile == drawing->last_to)
    draw_glow (drawing, snapshot, top_rect);
  if (pile == drawing->hint_from || pile == drawing->hint_to)
    draw_hint_frame (drawing, snapshot, top_rect);
  if (drawing->targets != NULL && drawing->targets[pile])
    {
      fill_rounded (drawing, snapshot, top_rect, 0, &colors->target_tint);
      draw_cased_frame (drawing, snapshot, top_rect, 1, colors->target_width, &colors->target);
    }
  if (pile == drawing->selected)
    {
      GskRoundedRect rounded;

      /* The card held casts a shadow, as one lifted from the table. */
      round_rect (drawing, top_rect, 0, &rounded);
      gtk_snapshot_append_outset_shadow (snapshot, &rounded, &colors->shadow, 0,
                                         drawing->layout->card_width * 0.03f, 1,
                                         drawing->layout->card_width * 0.06f);
      draw_cased_frame (drawing, snapshot, top_rect, 2, colors->held_width, &colors->held);
    }
}

/* The centre of the top card of @pile, or of its empty place. */
static void
top_card_centre (const CrapetteTableDrawing *drawing,
                 CrapettePileId              pile,
                 graphene_point_t           *centre)
{
  guint count = crapette_view_get_count (drawing->view, pile);
  graphene_rect_t rect;

  crapette_table_layout_card_rect (drawing->layout, pile, count > 0 ? count - 1 : 0,
                                   MAX (count, 1), &rect);
  graphene_rect_get_center (&rect, centre);
}

/* A hint's arrow from the card to its target, above every pile: the one mark
 * that says which card goes where. */
static void
draw_hint_arrow (const CrapetteTableDrawing *drawing,
                 GtkSnapshot                *snapshot)
{
  graphene_point_t from, to;
  graphene_rect_t bounds;
  float length, head = drawing->layout->card_width * 0.22f;
  float core = MAX (drawing->colors->hint_width, drawing->layout->card_width * 0.05f);
  cairo_t *cr;

  if (drawing->hint_from >= CRAPETTE_N_PILES || drawing->hint_to >= CRAPETTE_N_PILES ||
      drawing->hint_from == drawing->hint_to)
    return;

  top_card_centre (drawing, drawing->hint_from, &from);
  top_card_centre (drawing, drawing->hint_to, &to);
  length = graphene_point_distance (&from, &to, NULL, NULL);
  if (length < head * 2)
    return;

  graphene_rect_init (&bounds, MIN (from.x, to.x), MIN (from.y, to.y), fabsf (to.x - from.x),
                      fabsf (to.y - from.y));
  graphene_rect_inset (&bounds, -head * 2, -head * 2);
  cr = gtk_snapshot_append_cairo (snapshot, &bounds);

  /* Draw along the x axis, then turn: the head is then a plain triangle. */
  cairo_translate (cr, from.x, from.y);
  cairo_rotate (cr, atan2f (to.y - from.y, to.x - from.x));
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
  cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);
  for (guint pass = 0; pass < 2; pass++)
    {
      const GdkRGBA *colour = pass == 0 ? &drawing->colors->hint_casing : &drawing->colors->hint;

      gdk_cairo_set_source_rgba (cr, colour);
      cairo_set_line_width (cr, pass == 0 ? core + 4 : core);
      cairo_move_to (cr, 0, 0);
      cairo_line_to (cr, length - head, 0);
      cairo_stroke (cr);
      cairo_move_to (cr, length, 0);
      cairo_line_to (cr, length - head * 1.4f, -head * 0.7f);
      cairo_line_to (cr, length - head * 1.4f, head * 0.7f);
      cairo_close_path (cr);
      if (pass == 0)
        cairo_stroke_preserve (cr);
      cairo_fill (cr);
    }
  cairo_destroy (cr);
}

/* The keyboard focus: two bands around the pile's cards, white then black. */
static void
draw_focus_ring (const CrapetteTableDrawing *drawing,
                 GtkSnapshot                *snapshot)
{
  const CrapetteSlot *slot;
  guint count;
  graphene_rect_t top, extent;
  float band = drawing->colors->focus_band, gap = CRAPETTE_HIGHLIGHT_FOCUS_GAP;

  if (drawing->focus >= CRAPETTE_N_PILES || !drawing->layout->slots[drawing->focus].used)
    return;

  slot = &drawing->layout->slots[drawing->focus];
  count = crapette_view_get_count (drawing->view, drawing->focus);
  crapette_table_layout_card_rect (drawing->layout, drawing->focus, count > 0 ? count - 1 : 0,
                                   MAX (count, 1), &top);
  graphene_rect_union (&slot->base, &top, &extent);
  draw_outline (drawing, snapshot, &extent, gap + band, band, &drawing->colors->focus_inner);
  draw_outline (drawing, snapshot, &extent, gap + 2 * band, band, &drawing->colors->focus_outer);
}

/* An empty place says faintly what it is ("Stock", "Talon"), in the lower
 * part of the place, below the theme's mark, so that the two games' many
 * empty places cannot be taken for one another. */
static void
draw_empty_label (const CrapetteTableDrawing *drawing,
                  GtkSnapshot                *snapshot,
                  CrapettePileId              pile)
{
  const graphene_rect_t *base = &drawing->layout->slots[pile].base;
  const char *name = crapette_pile_kind_name (crapette_view_get_variant (drawing->view),
                                              crapette_pile_kind (pile));
  graphene_rect_t area;

  if (name == NULL)
    return;

  graphene_rect_init (&area, base->origin.x + base->size.width * 0.06f,
                      base->origin.y + base->size.height * 0.70f,
                      base->size.width * 0.88f, base->size.height * 0.26f);
  draw_text (drawing, snapshot, name, &area, drawing->layout->card_width * LABEL_SIZE,
             TEXT_LABEL);
}

static void
draw_pile (const CrapetteTableDrawing *drawing,
           GtkSnapshot                *snapshot,
           CrapettePileId              pile)
{
  const CrapetteTableLayout *layout = drawing->layout;
  const CrapetteSlot *slot = &layout->slots[pile];
  guint count = crapette_view_get_count (drawing->view, pile);
  CrapettePileKind kind = crapette_pile_kind (pile);
  gboolean dealing = (drawing->piles_being_dealt & (1u << pile)) != 0;
  graphene_rect_t top_rect = slot->base;
  gboolean drew_card = FALSE;
  CrapetteVariant variant = crapette_view_get_variant (drawing->view);
  CrapetteSeat back_seat = crapette_table_draw_back_seat (variant, pile);
  int direction = crapette_view_get_direction (drawing->view, pile);  /* 0 but for a tableau */

  if (!dealing && slot->fan != CRAPETTE_FAN_NONE)
    {
      for (guint i = 0; i < count; i++)
        {
          CrapetteCard card = crapette_view_get_card (drawing->view, pile, i);
          graphene_rect_t rect;

          crapette_table_layout_card_rect (layout, pile, i, count, &rect);
          if (card_is_away (drawing, card))
            continue;
          crapette_table_draw_card (drawing, snapshot, card, back_seat, &rect, FALSE);
          top_rect = rect;
          drew_card = TRUE;
        }
    }
  else if (!dealing)
    {
      /* A squared pile shows its top card; while that one is away, the next. */
      for (guint i = count; i > 0; i--)
        {
          CrapetteCard card = crapette_view_get_card (drawing->view, pile, i - 1);

          if (card_is_away (drawing, card))
            continue;
          crapette_table_draw_card (drawing, snapshot, card, back_seat, &slot->base, FALSE);
          drew_card = TRUE;
          break;
        }
    }

  if (!drew_card)
    {
      gboolean foundation_mark = kind == CRAPETTE_PILE_KIND_FOUNDATION &&
                                 variant == CRAPETTE_VARIANT_RUSSIAN;

      place_node (drawing, snapshot,
                  crapette_card_theme_get_empty_node (drawing->theme, foundation_mark,
                                                      layout->card_width, drawing->scale),
                  &slot->base);
      /* The deck's own outline of an empty place is a soft grey; high contrast draws a line. */
      draw_outline (drawing, snapshot, &slot->base, -layout->card_width * 0.024f,
                    MAX (2.0f, layout->card_width * 0.02f), &drawing->colors->empty_outline);
      if (!dealing)
        draw_empty_label (drawing, snapshot, pile);
    }

  /* How many cards a squared pile holds matters to both players. The count
   * stands where the layout keeps room for it, beside or below the card, so
   * that it never hides a corner index. */
  if (!dealing && count > 1 && slot->badge.size.width > 0)
    {
      g_autofree char *badge = g_strdup_printf ("%u", count);

      draw_text (drawing, snapshot, badge, &slot->badge, layout->card_width * 0.17f, TEXT_BADGE);
    }

  /* An American Bank tableau pile's direction. */
  if (slot->indicator.size.width > 0 && direction != 0)
    draw_text (drawing, snapshot, direction > 0 ? "▲" : "▼", &slot->indicator,
               layout->card_width * 0.2f, TEXT_ARROW);

  draw_pile_highlights (drawing, snapshot, pile, &top_rect);
}

/* Draws every pile of the table, with its highlights, into @snapshot. */
void
crapette_table_draw_piles (const CrapetteTableDrawing *drawing,
                           GtkSnapshot                *snapshot)
{
  g_return_if_fail (drawing != NULL);
  g_return_if_fail (drawing->theme != NULL);

  draw_turn_glow (drawing, snapshot);
  for (CrapettePileId pile = 0; pile < CRAPETTE_N_PILES; pile++)
    {
      if (drawing->layout->slots[pile].used)
        draw_pile (drawing, snapshot, pile);
    }
  draw_hint_arrow (drawing, snapshot);
  draw_focus_ring (drawing, snapshot);
}
