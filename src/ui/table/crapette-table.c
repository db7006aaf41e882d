/* crapette-table.c: the card table, where both players' piles are laid out and played
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The table keeps a copy of the game's view (the cards as anyone at the
 * table sees them) and draws it. Every input, whether a click, a drag or a
 * key, ends in crapette_game_play(); the table changes what it shows only
 * when the game tells it with a signal, so a move made by the computer or
 * read from a file travels the same way as a person's. Flying cards are
 * drawn above every pile; while a card flies, its pile leaves it out.
 *
 * This file holds the widget itself: following the game, layout and the
 * public API. Each frame is made in crapette-table-snapshot.c, input
 * in crapette-table-input.c, a hint and the last move's marks in
 * crapette-table-marks.c, flying cards in crapette-table-flights.c, pile names
 * in crapette-table-names.c; they share the instance structure through
 * crapette-table-private.h.
 */

#define G_LOG_DOMAIN "crapette-ui"

#include "config.h"

#include <adwaita.h>

#include "crapette-pile-view.h"
#include "crapette-table-draw.h"
#include "crapette-table-private.h"

#define DEFAULT_ANIMATION_MS 200

G_DEFINE_FINAL_TYPE (CrapetteTable, crapette_table, GTK_TYPE_WIDGET)

enum
{
  PROP_0,
  PROP_GAME,
  PROP_THEME,
  PROP_ANIMATING,
  N_PROPS
};

enum
{
  REFUSED,
  ANNOUNCE,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

static void
compute_layout (CrapetteTable *self)
{
  int old_card_width = self->layout.card_width;

  crapette_table_compute_layout_with_plates (self, crapette_table_variant (self),
                                             gtk_widget_get_width (GTK_WIDGET (self)),
                                             gtk_widget_get_height (GTK_WIDGET (self)),
                                             gtk_widget_get_direction (GTK_WIDGET (self)) ==
                                             GTK_TEXT_DIR_RTL);
  if (self->near_seat == CRAPETTE_NORTH)
    crapette_table_layout_turn (&self->layout);
  /* Texts laid out for another card size would only pile up. */
  if (self->layout.card_width != old_card_width && self->text_nodes != NULL)
    g_hash_table_remove_all (self->text_nodes);
}

/* ---- The game's signals -------------------------------------------------- */

/* Shows the game's view. One move can tell of itself by several signals (the
 * move, a card turned face up, the turn or the round ending), but the game
 * makes one view per move: the work is done for the first and the others
 * find it done; and only the piles the move changed are spoken anew. */
void
crapette_table_take_view (CrapetteTable *self)
{
  CrapetteView *view = crapette_game_get_view (self->game);
  CrapetteVariant old_variant = crapette_table_variant (self);
  guint32 changed;

  if (view == self->shown)
    return;

  changed = crapette_view_changed_piles (self->shown, view);
  g_clear_pointer (&self->shown, crapette_view_unref);
  self->shown = crapette_view_ref (view);
  self->n_views_taken++;
  self->last_changed_piles = changed;
  if (old_variant != crapette_table_variant (self) || self->layout.width == 0)
    {
      compute_layout (self);
      for (CrapettePileId pile = 0; pile < CRAPETTE_N_PILES; pile++)
        gtk_widget_set_visible (self->pile_views[pile], self->layout.slots[pile].used);
      gtk_widget_queue_allocate (GTK_WIDGET (self));
    }
  crapette_table_update_pile_labels (self, changed);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
on_round_started_cb (CrapetteGame  *game,
                     CrapetteTable *self)
{
  crapette_table_finish_animations (self);
  crapette_table_let_go (self);
  crapette_table_mark_last_move (self, CRAPETTE_NO_SEAT, NULL);
  crapette_table_take_view (self);
  crapette_table_animate_deal (self);
}

static void
on_move_applied_cb (CrapetteGame       *game,
                    const CrapetteMove *move,
                    CrapetteTable      *self)
{
  g_autoptr(CrapetteView) before = self->shown != NULL ? crapette_view_ref (self->shown) : NULL;
  gboolean have_drop_origin = self->have_drop_origin;

  self->have_drop_origin = FALSE;
  /* Whoever moved, a card held or hinted belongs to the position before, and the
   * last move marked is no longer the last (the computer marks its own again). */
  crapette_table_let_go (self);
  crapette_table_mark_last_move (self, CRAPETTE_NO_SEAT, NULL);
  crapette_table_take_view (self);
  if (move->kind == CRAPETTE_MOVE_STOP)
    crapette_table_fly_taken_back (self, before);
  else
    crapette_table_fly_move (self, before, move, have_drop_origin ? &self->drop_origin : NULL);
}

static void
on_move_undone_cb (CrapetteGame       *game,
                   const CrapetteMove *move,
                   CrapetteTable      *self)
{
  g_autoptr(CrapetteView) before = self->shown != NULL ? crapette_view_ref (self->shown) : NULL;
  CrapetteMove back = { CRAPETTE_MOVE_CARD, move->to, move->from, move->card };

  /* The card goes back the way it came; the move marked may be the one taken back. */
  crapette_table_finish_animations (self);
  crapette_table_let_go (self);
  crapette_table_mark_last_move (self, CRAPETTE_NO_SEAT, NULL);
  crapette_table_take_view (self);
  crapette_table_fly_move (self, before, &back, NULL);
}

static void
on_turn_changed_cb (CrapetteGame  *game,
                    guint          seat,
                    CrapetteTable *self)
{
  crapette_table_let_go (self);
  crapette_table_take_view (self);
}

static void
on_card_revealed_cb (CrapetteGame  *game,
                     guint          pile,
                     guint          card,
                     CrapetteTable *self)
{
  crapette_table_take_view (self);
}

static void
on_round_finished_cb (CrapetteGame        *game,
                      CrapetteRoundResult *result,
                      CrapetteTable       *self)
{
  crapette_table_let_go (self);
  crapette_table_take_view (self);
}

/* ---- GtkWidget ----------------------------------------------------------- */

static void
crapette_table_measure (GtkWidget      *widget,
                        GtkOrientation  orientation,
                        int             for_size,
                        int            *minimum,
                        int            *natural,
                        int            *minimum_baseline,
                        int            *natural_baseline)
{
  /* Any size works: the layout scales; these only keep it usable. */
  *minimum = orientation == GTK_ORIENTATION_HORIZONTAL ? 360 : 300;
  *natural = orientation == GTK_ORIENTATION_HORIZONTAL ? 1000 : 700;
}

static void
crapette_table_size_allocate (GtkWidget *widget,
                              int        width,
                              int        height,
                              int        baseline)
{
  CrapetteTable *self = CRAPETTE_TABLE (widget);

  compute_layout (self);
  for (CrapettePileId pile = 0; pile < CRAPETTE_N_PILES; pile++)
    {
      const CrapetteSlot *slot = &self->layout.slots[pile];
      GtkAllocation allocation;

      if (!slot->used)
        continue;

      allocation.x = (int) slot->bounds.origin.x;
      allocation.y = (int) slot->bounds.origin.y;
      allocation.width = (int) slot->bounds.size.width;
      allocation.height = (int) slot->bounds.size.height;
      gtk_widget_size_allocate (self->pile_views[pile], &allocation, -1);
    }
  crapette_table_allocate_plates (self);
}

/* A new font, resolution or hinting lays the badges out differently. */
static void
forget_texts (CrapetteTable *self)
{
  if (self->text_nodes != NULL)
    g_hash_table_remove_all (self->text_nodes);
  crapette_table_forget_piles_node (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
crapette_table_system_setting_changed (GtkWidget        *widget,
                                       GtkSystemSetting  setting)
{
  forget_texts (CRAPETTE_TABLE (widget));

  GTK_WIDGET_CLASS (crapette_table_parent_class)->system_setting_changed (widget, setting);
}

static void
crapette_table_css_changed (GtkWidget         *widget,
                            GtkCssStyleChange *change)
{
  GTK_WIDGET_CLASS (crapette_table_parent_class)->css_changed (widget, change);

  forget_texts (CRAPETTE_TABLE (widget));
}

static void
crapette_table_direction_changed (GtkWidget        *widget,
                                  GtkTextDirection  previous)
{
  /* The pile places change at once; the pile widgets follow at the next allocation. */
  compute_layout (CRAPETTE_TABLE (widget));
  gtk_widget_queue_allocate (widget);
}

static void
crapette_table_snapshot (GtkWidget   *widget,
                         GtkSnapshot *snapshot)
{
  CrapetteTable *self = CRAPETTE_TABLE (widget);

  crapette_table_draw (self, snapshot);
  /* The piles' widgets only name them; the plates are seen. */
  for (CrapetteSeat seat = 0; seat < CRAPETTE_N_SEATS; seat++)
    if (self->plates[seat] != NULL)
      gtk_widget_snapshot_child (widget, self->plates[seat], snapshot);
}

static void
on_focus_changed_cb (GtkWidget     *pile_view,
                     GParamSpec    *pspec,
                     CrapetteTable *self)
{
  /* The table remembers where the keyboard was, so that it comes back there. */
  if (gtk_widget_has_focus (pile_view))
    self->home_pile = crapette_pile_view_get_pile (CRAPETTE_PILE_VIEW (pile_view));
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
on_theme_changed_cb (CrapetteCardTheme *theme,
                     CrapetteTable     *self)
{
  crapette_table_forget_piles_node (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
crapette_table_dispose (GObject *object)
{
  CrapetteTable *self = CRAPETTE_TABLE (object);

  crapette_table_set_game (self, NULL);
  crapette_table_set_theme (self, NULL);
  g_clear_handle_id (&self->last_move_source, g_source_remove);
  if (self->flights != NULL)
    crapette_table_finish_animations (self);
  g_clear_pointer (&self->flights, g_ptr_array_unref);
  g_clear_pointer (&self->spent_animations, g_ptr_array_unref);
  g_clear_pointer (&self->text_nodes, g_hash_table_unref);
  g_clear_pointer (&self->piles_node, gsk_render_node_unref);
  g_clear_pointer (&self->piles_drawn, g_free);
  g_clear_pointer (&self->piles_drawn_view, crapette_view_unref);
  g_clear_pointer (&self->shown, crapette_view_unref);

  for (CrapettePileId pile = 0; pile < CRAPETTE_N_PILES; pile++)
    g_clear_pointer (&self->pile_views[pile], gtk_widget_unparent);
  crapette_table_drop_plates (self);
  crapette_table_forget_pile_labels (self);

  G_OBJECT_CLASS (crapette_table_parent_class)->dispose (object);
}

static void
crapette_table_get_property (GObject    *object,
                             guint       prop_id,
                             GValue     *value,
                             GParamSpec *pspec)
{
  CrapetteTable *self = CRAPETTE_TABLE (object);

  switch (prop_id)
    {
    case PROP_GAME:
      g_value_set_object (value, self->game);
      break;
    case PROP_THEME:
      g_value_set_object (value, self->theme);
      break;
    case PROP_ANIMATING:
      g_value_set_boolean (value, crapette_table_is_animating (self));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
crapette_table_set_property (GObject      *object,
                             guint         prop_id,
                             const GValue *value,
                             GParamSpec   *pspec)
{
  CrapetteTable *self = CRAPETTE_TABLE (object);

  switch (prop_id)
    {
    case PROP_GAME:
      crapette_table_set_game (self, g_value_get_object (value));
      break;
    case PROP_THEME:
      crapette_table_set_theme (self, g_value_get_object (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
crapette_table_class_init (CrapetteTableClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = crapette_table_dispose;
  object_class->get_property = crapette_table_get_property;
  object_class->set_property = crapette_table_set_property;

  widget_class->measure = crapette_table_measure;
  widget_class->size_allocate = crapette_table_size_allocate;
  widget_class->snapshot = crapette_table_snapshot;
  widget_class->focus = crapette_table_focus;
  widget_class->direction_changed = crapette_table_direction_changed;
  widget_class->system_setting_changed = crapette_table_system_setting_changed;
  widget_class->css_changed = crapette_table_css_changed;

  properties[PROP_GAME] =
    g_param_spec_object ("game", NULL, NULL, CRAPETTE_TYPE_GAME,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_THEME] =
    g_param_spec_object ("theme", NULL, NULL, CRAPETTE_TYPE_CARD_THEME,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_ANIMATING] =
    g_param_spec_boolean ("animating", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /**
   * CrapetteTable::refused:
   * @message: why the engine refused the move, in a player's words
   */
  signals[REFUSED] =
    g_signal_new ("refused", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL,
                  NULL, G_TYPE_NONE, 1, G_TYPE_STRING);

  /**
   * CrapetteTable::announce:
   * @text: what to say to a screen reader: a pile or the position read on request
   */
  signals[ANNOUNCE] =
    g_signal_new ("announce", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL,
                  NULL, G_TYPE_NONE, 1, G_TYPE_STRING);

  crapette_table_install_input_actions (widget_class);
  crapette_table_install_reading_actions (widget_class);

  gtk_widget_class_set_css_name (widget_class, "crapette-table");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_GROUP);
}

static void
crapette_table_init (CrapetteTable *self)
{
  self->selected = CRAPETTE_NO_PILE;
  self->hint_from = CRAPETTE_NO_PILE;
  self->hint_to = CRAPETTE_NO_PILE;
  self->last_from = CRAPETTE_NO_PILE;
  self->last_to = CRAPETTE_NO_PILE;
  self->drag_source = CRAPETTE_NO_PILE;
  self->home_pile = CRAPETTE_NO_PILE;
  self->animation_ms = DEFAULT_ANIMATION_MS;
  self->flights = g_ptr_array_new ();
  self->spent_animations = g_ptr_array_new_with_free_func (g_object_unref);
  self->text_nodes = g_hash_table_new_full (g_str_hash, g_str_equal, g_free,
                                            (GDestroyNotify) gsk_render_node_unref);

  for (CrapettePileId pile = 0; pile < CRAPETTE_N_PILES; pile++)
    {
      self->pile_views[pile] = crapette_pile_view_new (pile);
      gtk_widget_set_parent (self->pile_views[pile], GTK_WIDGET (self));
      g_signal_connect_object (self->pile_views[pile], "notify::has-focus",
                               G_CALLBACK (on_focus_changed_cb), self, 0);
    }

  crapette_table_attach_input (self);

  compute_layout (self);
}

/* ---- Public API ---------------------------------------------------------- */

/* Creates an empty table; give it a game and a card theme to show anything. */
GtkWidget *
crapette_table_new (void)
{
  return g_object_new (CRAPETTE_TYPE_TABLE, NULL);
}

/* Returns the game the table shows and plays, or %NULL. */
CrapetteGame *
crapette_table_get_game (CrapetteTable *self)
{
  g_return_val_if_fail (CRAPETTE_IS_TABLE (self), NULL);

  return self->game;
}

/* Shows and plays @game from now on. */
void
crapette_table_set_game (CrapetteTable *self,
                         CrapetteGame  *game)
{
  g_return_if_fail (CRAPETTE_IS_TABLE (self));
  g_return_if_fail (game == NULL || CRAPETTE_IS_GAME (game));

  if (self->game == game)
    return;

  if (self->game != NULL)
    {
      /* What the last game had in flight or in hand goes with it. */
      crapette_table_finish_animations (self);
      crapette_table_let_go (self);
      g_signal_handlers_disconnect_by_data (self->game, self);
    }
  g_set_object (&self->game, game);

  if (game != NULL)
    {
      g_signal_connect_object (game, "round-started", G_CALLBACK (on_round_started_cb), self, 0);
      g_signal_connect_object (game, "move-applied", G_CALLBACK (on_move_applied_cb), self, 0);
      g_signal_connect_object (game, "move-undone", G_CALLBACK (on_move_undone_cb), self, 0);
      g_signal_connect_object (game, "turn-changed", G_CALLBACK (on_turn_changed_cb), self, 0);
      g_signal_connect_object (game, "card-revealed", G_CALLBACK (on_card_revealed_cb), self, 0);
      g_signal_connect_object (game, "round-finished", G_CALLBACK (on_round_finished_cb),
                               self, 0);
      crapette_table_finish_animations (self);
      crapette_table_let_go (self);
      crapette_table_take_view (self);
    }
  else if (self->shown != NULL)
    {
      /* Without a game the table is bare: nothing of the last one stays on it. */
      g_clear_pointer (&self->shown, crapette_view_unref);
      crapette_table_forget_piles_node (self);
      gtk_widget_queue_draw (GTK_WIDGET (self));
    }
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_GAME]);
}

/* Returns the theme the cards are drawn with, or %NULL. */
CrapetteCardTheme *
crapette_table_get_theme (CrapetteTable *self)
{
  g_return_val_if_fail (CRAPETTE_IS_TABLE (self), NULL);

  return self->theme;
}

/* Draws the cards with @theme from now on. */
void
crapette_table_set_theme (CrapetteTable     *self,
                          CrapetteCardTheme *theme)
{
  g_return_if_fail (CRAPETTE_IS_TABLE (self));
  g_return_if_fail (theme == NULL || CRAPETTE_IS_CARD_THEME (theme));

  if (self->theme == theme)
    return;

  if (self->theme != NULL)
    g_signal_handlers_disconnect_by_data (self->theme, self);
  g_set_object (&self->theme, theme);
  if (theme != NULL)
    g_signal_connect_object (theme, "changed", G_CALLBACK (on_theme_changed_cb), self, 0);
  gtk_widget_queue_draw (GTK_WIDGET (self));
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_THEME]);
}

/* Sets how long a card takes to glide to its pile, in milliseconds (0: no animation). */
void
crapette_table_set_animation_duration (CrapetteTable *self,
                                       guint          duration_ms)
{
  g_return_if_fail (CRAPETTE_IS_TABLE (self));

  self->animation_ms = MIN (duration_ms, 2000);
}

/* Stores the area of @pile in the table's coordinates; %FALSE if the variant has no such pile. */
gboolean
crapette_table_get_pile_bounds (CrapetteTable   *self,
                                CrapettePileId   pile,
                                graphene_rect_t *bounds)
{
  g_return_val_if_fail (CRAPETTE_IS_TABLE (self), FALSE);
  g_return_val_if_fail (bounds != NULL, FALSE);

  if (!crapette_table_pile_is_used (self, pile))
    return FALSE;
  *bounds = self->layout.slots[pile].bounds;
  return TRUE;
}

/* Returns the gesture that drags cards; tests emit its signals to play a drag. */
GtkGesture *
crapette_table_get_drag_gesture (CrapetteTable *self)
{
  g_return_val_if_fail (CRAPETTE_IS_TABLE (self), NULL);

  return self->drag_gesture;
}

/* Returns the gesture that takes clicks and double-clicks. */
GtkGesture *
crapette_table_get_click_gesture (CrapetteTable *self)
{
  g_return_val_if_fail (CRAPETTE_IS_TABLE (self), NULL);

  return self->click_gesture;
}

/* Returns the pile whose card is picked up, or %CRAPETTE_NO_PILE. */
CrapettePileId
crapette_table_get_selected_pile (CrapetteTable *self)
{
  g_return_val_if_fail (CRAPETTE_IS_TABLE (self), CRAPETTE_NO_PILE);

  return self->selected;
}

/* Returns whether @pile is highlighted as a place the card in hand may go. */
gboolean
crapette_table_pile_is_target (CrapetteTable  *self,
                               CrapettePileId  pile)
{
  g_return_val_if_fail (CRAPETTE_IS_TABLE (self), FALSE);
  g_return_val_if_fail (pile < CRAPETTE_N_PILES, FALSE);

  return self->targets[pile];
}

/* Returns the focusable widget standing for @pile. */
GtkWidget *
crapette_table_get_pile_view (CrapetteTable  *self,
                              CrapettePileId  pile)
{
  g_return_val_if_fail (CRAPETTE_IS_TABLE (self), NULL);
  g_return_val_if_fail (pile < CRAPETTE_N_PILES, NULL);

  return self->pile_views[pile];
}

/* Returns the geometry the table was last laid out with. */
const CrapetteTableLayout *
crapette_table_get_layout (CrapetteTable *self)
{
  g_return_val_if_fail (CRAPETTE_IS_TABLE (self), NULL);

  return &self->layout;
}

/* Lays the piles of @seat near the person, the other player's on the far side: North's turns
 * the table half round, for a player who plays North from another machine. */
void
crapette_table_set_near_seat (CrapetteTable *self,
                              CrapetteSeat   seat)
{
  g_return_if_fail (CRAPETTE_IS_TABLE (self));
  g_return_if_fail (seat < CRAPETTE_N_SEATS);

  if (self->near_seat == seat)
    return;
  self->near_seat = seat;
  if (self->layout.width == 0)
    return;
  crapette_table_finish_animations (self);
  compute_layout (self);
  gtk_widget_queue_allocate (GTK_WIDGET (self));
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/* Returns the seat whose piles lie near the person (crapette_table_set_near_seat()). */
CrapetteSeat
crapette_table_get_near_seat (CrapetteTable *self)
{
  g_return_val_if_fail (CRAPETTE_IS_TABLE (self), CRAPETTE_SOUTH);

  return self->near_seat;
}
