/* crapette-table-input.c: how clicks, drags and keys on the table become moves
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A card is picked up (by a click, Enter or Space on a focused pile) and put
 * down on another pile, or dragged there, or double-clicked to a foundation.
 * Every path ends in play(), which asks crapette_game_play(); the table shows
 * nothing of the move until the game reports it with a signal.
 *
 * A card is held only while the person holds it: a drop of any kind, every
 * move applied, a new turn and a new round let go of it. GTK's click gesture
 * reports a release even when the pointer moved in between, after the drag
 * gesture's end; such a press was a drag, so its release is not taken for a
 * click (pointer_moved).
 */

#define G_LOG_DOMAIN "crapette-ui"

#include "config.h"

#include <math.h>

#include "crapette-pile-view.h"
#include "crapette-table-private.h"

/* ---- Picking up ---------------------------------------------------------- */

static gboolean
is_movers_stock (CrapetteTable  *self,
                 CrapettePileId  pile)
{
  return pile == crapette_pile_of_seat (CRAPETTE_PILE_KIND_STOCK, crapette_table_mover (self));
}

static void
clear_targets (CrapetteTable *self)
{
  for (guint pile = 0; pile < CRAPETTE_N_PILES; pile++)
    self->targets[pile] = FALSE;
  crapette_table_update_pile_labels (self, CRAPETTE_ALL_PILES);
}

/* Marks every pile the top card of @source may legally go to. */
static void
find_targets (CrapetteTable  *self,
              CrapettePileId  source)
{
  guint32 targets;

  for (guint pile = 0; pile < CRAPETTE_N_PILES; pile++)
    self->targets[pile] = FALSE;
  if (self->game == NULL || self->shown == NULL)
    return;

  targets = crapette_view_get_targets (self->shown, source);
  for (guint pile = 0; pile < CRAPETTE_N_PILES; pile++)
    self->targets[pile] = (targets & (1u << pile)) != 0;
  /* What is held and where it may go is in every pile's description. */
  crapette_table_update_pile_labels (self, CRAPETTE_ALL_PILES);
}

/* Puts down the card in hand and removes every highlight. */
void
crapette_table_clear_selection (CrapetteTable *self)
{
  self->selected = CRAPETTE_NO_PILE;
  clear_targets (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/* Lets go of whatever the person holds, by click, key or drag, without playing it,
 * and of a hint, which was for the position before. */
void
crapette_table_let_go (CrapetteTable *self)
{
  self->hint_from = CRAPETTE_NO_PILE;
  self->hint_to = CRAPETTE_NO_PILE;
  /* A dragged card is simply drawn on its pile again; the press goes on, but
   * its further motion and its release do nothing (drag_source, pointer_moved). */
  if (self->dragging)
    self->pointer_moved = TRUE;
  self->dragging = FALSE;
  self->drag_source = CRAPETTE_NO_PILE;
  crapette_table_clear_selection (self);
}

static void
select_pile (CrapetteTable  *self,
             CrapettePileId  pile)
{
  /* A hint stays in view beside the card picked up: the two look different. */
  self->selected = pile;
  find_targets (self, pile);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/* Whether the top card of @pile can be picked up at all (the engine says:
 * it must be there and face up); whether it may go anywhere is for the
 * engine to say when it is put down. */
static gboolean
can_pick_up (CrapetteTable  *self,
             CrapettePileId  pile)
{
  return !self->looking_back && crapette_table_pile_is_used (self, pile) &&
         !is_movers_stock (self, pile) && self->shown != NULL &&
         crapette_view_can_pick_up (self->shown, pile);
}

/* ---- Playing ------------------------------------------------------------- */

static gboolean
play (CrapetteTable      *self,
      const CrapetteMove *move)
{
  g_autoptr(GError) error = NULL;

  /* A past position is only looked at; the window says why (crapette-window-look-back.c). */
  if (self->looking_back)
    return FALSE;
  if (!crapette_game_play (self->game, move, &error))
    {
      /* The table's "refused" signal: the window shows it. */
      g_signal_emit_by_name (self, "refused", error->message);
      return FALSE;
    }
  return TRUE;
}

/* Plays the top card of @from onto @to, or says which rule forbids it. */
static gboolean
try_move (CrapetteTable  *self,
          CrapettePileId  from,
          CrapettePileId  to)
{
  CrapetteMove move = { CRAPETTE_MOVE_CARD, from, to, CRAPETTE_CARD_NONE };

  if (self->game == NULL || self->shown == NULL)
    return FALSE;

  if (crapette_pile_kind (from) != CRAPETTE_PILE_KIND_STOCK &&
      crapette_view_find_move (self->shown, from, to, &move) &&
      move.kind == CRAPETTE_MOVE_CARD)
    return play (self, &move);

  move.kind = CRAPETTE_MOVE_CARD;
  move.from = from;
  move.to = to;
  move.card = crapette_table_top (self, from);
  /* The engine's refusal names the rule; playing it anyway gives that message. */
  return play (self, &move);
}

/* Turns the top card of the stock of the player to move; when nothing is
 * left to turn, ends the turn, which is what a click on the empty stock means. */
static void
turn_card (CrapetteTable *self)
{
  CrapetteSeat mover = crapette_table_mover (self);
  CrapettePileId stock = crapette_pile_of_seat (CRAPETTE_PILE_KIND_STOCK, mover);
  CrapetteMove turn = { CRAPETTE_MOVE_TURN, CRAPETTE_NO_PILE, CRAPETTE_NO_PILE,
                        CRAPETTE_CARD_NONE };

  if (self->game == NULL || self->shown == NULL)
    return;

  crapette_table_clear_selection (self);
  /* The engine's move for the own stock: turn a card, else end the turn;
   * with neither, the turn is played to hear the rule that forbids it. */
  crapette_view_find_move (self->shown, stock, CRAPETTE_NO_PILE, &turn);
  if (play (self, &turn) && turn.kind == CRAPETTE_MOVE_TURN)
    crapette_table_say_turned_card (self, mover);
}

/* What a click (or Enter) on @pile does: pick a card up, put it down, or
 * turn a card from the stock. */
static void
click_pile (CrapetteTable  *self,
            CrapettePileId  pile)
{
  if (self->game == NULL || !crapette_table_pile_is_used (self, pile))
    {
      crapette_table_clear_selection (self);
      return;
    }

  if (self->selected == CRAPETTE_NO_PILE)
    {
      if (is_movers_stock (self, pile))
        turn_card (self);
      else if (can_pick_up (self, pile))
        select_pile (self, pile);
      else
        crapette_table_clear_selection (self);
      return;
    }

  if (self->selected == pile)
    {
      crapette_table_clear_selection (self);
      return;
    }

  {
    CrapettePileId from = self->selected;

    crapette_table_clear_selection (self);
    try_move (self, from, pile);
  }
}

/* A double-click sends the card to a foundation when one takes it. */
static void
double_click_pile (CrapetteTable  *self,
                   CrapettePileId  pile)
{
  const CrapetteMove *moves;
  gsize n_moves;

  if (self->game == NULL || self->shown == NULL || !crapette_table_pile_is_used (self, pile) ||
      is_movers_stock (self, pile))
    return;

  moves = crapette_view_get_legal_moves (self->shown, &n_moves);
  for (gsize i = 0; i < n_moves; i++)
    {
      if (moves[i].kind == CRAPETTE_MOVE_CARD && moves[i].from == pile &&
          crapette_pile_kind (moves[i].to) == CRAPETTE_PILE_KIND_FOUNDATION)
        {
          CrapetteMove move = moves[i];

          crapette_table_clear_selection (self);
          play (self, &move);
          return;
        }
    }
}

/* ---- Pointer ------------------------------------------------------------- */

/* Returns the pile under the point (@x, @y) of the table, or %CRAPETTE_NO_PILE. */
CrapettePileId
crapette_table_pile_at (CrapetteTable *self,
                        double         x,
                        double         y)
{
  graphene_point_t point = GRAPHENE_POINT_INIT (x, y);

  g_return_val_if_fail (CRAPETTE_IS_TABLE (self), CRAPETTE_NO_PILE);

  for (CrapettePileId pile = 0; pile < CRAPETTE_N_PILES; pile++)
    {
      if (crapette_table_pile_is_used (self, pile) &&
          graphene_rect_contains_point (&self->layout.slots[pile].bounds, &point))
        return pile;
    }
  return CRAPETTE_NO_PILE;
}

static void
on_click_released_cb (GtkGestureClick *gesture,
                      int              n_press,
                      double           x,
                      double           y,
                      CrapetteTable   *self)
{
  CrapettePileId pile = crapette_table_pile_at (self, x, y);

  /* The release of a press that moved ends a drag, which has done its work. */
  if (self->pointer_moved)
    {
      self->pointer_moved = FALSE;
      return;
    }

  if (pile != CRAPETTE_NO_PILE)
    gtk_widget_grab_focus (self->pile_views[pile]);
  if (n_press >= 2)
    double_click_pile (self, pile);
  else
    click_pile (self, pile);
}

static void
on_drag_begin_cb (GtkGestureDrag *gesture,
                  double          x,
                  double          y,
                  CrapetteTable  *self)
{
  CrapettePileId pile;

  /* Every press begins here, the clicks' too. Cards still flying land first,
   * so the press acts on the cards where the game has them. */
  crapette_table_finish_animations (self);
  pile = crapette_table_pile_at (self, x, y);
  self->dragging = FALSE;
  self->pointer_moved = FALSE;
  self->drag_start = GRAPHENE_POINT_INIT (x, y);
  self->drag_source = can_pick_up (self, pile) ? pile : CRAPETTE_NO_PILE;
}

static void
on_drag_update_cb (GtkGestureDrag *gesture,
                   double          offset_x,
                   double          offset_y,
                   CrapetteTable  *self)
{
  int threshold = 8;

  if (!self->pointer_moved)
    {
      g_object_get (gtk_widget_get_settings (GTK_WIDGET (self)),
                    "gtk-dnd-drag-threshold", &threshold, NULL);
      if (hypot (offset_x, offset_y) < threshold)
        return;
      self->pointer_moved = TRUE;
    }

  if (self->drag_source == CRAPETTE_NO_PILE)
    return;

  if (!self->dragging)
    {
      self->dragging = TRUE;
      crapette_table_clear_selection (self);
      find_targets (self, self->drag_source);
      crapette_table_top_card_rect (self, self->shown, self->drag_source, &self->drag_rect);
      self->drag_grab = GRAPHENE_POINT_INIT (self->drag_start.x - self->drag_rect.origin.x,
                                             self->drag_start.y - self->drag_rect.origin.y);
    }

  self->drag_rect.origin.x = self->drag_start.x + offset_x - self->drag_grab.x;
  self->drag_rect.origin.y = self->drag_start.y + offset_y - self->drag_grab.y;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/* The dragged card goes back where it came from, gliding. */
static void
fly_back (CrapetteTable *self)
{
  graphene_rect_t home;
  CrapettePileId source = self->drag_source;

  self->dragging = FALSE;
  self->drag_source = CRAPETTE_NO_PILE;
  clear_targets (self);
  crapette_table_top_card_rect (self, self->shown, source, &home);
  crapette_table_launch_flight (self, crapette_table_top (self, source), source, FALSE,
                                &self->drag_rect, &home, self->animation_ms);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
on_drag_end_cb (GtkGestureDrag *gesture,
                double          offset_x,
                double          offset_y,
                CrapetteTable  *self)
{
  CrapettePileId source = self->drag_source;
  CrapettePileId target;
  graphene_point_t centre;
  CrapetteMove move;

  if (!self->dragging)
    {
      self->drag_source = CRAPETTE_NO_PILE;
      return;
    }

  target = crapette_table_pile_at (self, self->drag_start.x + offset_x,
                                   self->drag_start.y + offset_y);
  if (target == CRAPETTE_NO_PILE)
    {
      graphene_rect_get_center (&self->drag_rect, &centre);
      target = crapette_table_pile_at (self, centre.x, centre.y);
    }

  if (target == CRAPETTE_NO_PILE || target == source)
    {
      fly_back (self);
      return;
    }

  if (self->shown != NULL && crapette_view_find_move (self->shown, source, target, &move) &&
      move.kind == CRAPETTE_MOVE_CARD)
    {
      self->dragging = FALSE;
      self->drag_source = CRAPETTE_NO_PILE;
      clear_targets (self);
      self->have_drop_origin = TRUE;
      self->drop_origin = self->drag_rect;
      if (!play (self, &move))
        self->have_drop_origin = FALSE;
      gtk_widget_queue_draw (GTK_WIDGET (self));
      return;
    }

  fly_back (self);
  try_move (self, source, target);
}

static void
on_drag_cancel_cb (GtkGesture       *gesture,
                   GdkEventSequence *sequence,
                   CrapetteTable    *self)
{
  if (self->dragging)
    fly_back (self);
}

/* ---- Keyboard ------------------------------------------------------------ */

/* Returns the pile that has the keyboard focus, or %CRAPETTE_NO_PILE. */
CrapettePileId
crapette_table_get_focus_pile (CrapetteTable *self)
{
  g_return_val_if_fail (CRAPETTE_IS_TABLE (self), CRAPETTE_NO_PILE);

  return crapette_pile_view_get_focused_pile (GTK_WIDGET (self));
}
/* Puts the keyboard focus back on the pile it was last on (the stock of the player near the
 * screen the first time, or when that pile is not on this game's table), and shows its ring:
 * the focus comes home from a dialog, a menu or the history, and the person sees where it is. */
void
crapette_table_focus_home (CrapetteTable *self)
{
  CrapettePileId pile;

  g_return_if_fail (CRAPETTE_IS_TABLE (self));

  pile = self->home_pile;
  if (pile >= CRAPETTE_N_PILES || !self->layout.slots[pile].used)
    pile = crapette_pile_of_seat (CRAPETTE_PILE_KIND_STOCK, self->near_seat);
  gtk_widget_grab_focus (self->pile_views[pile]);
  crapette_table_show_focus (self);
}

/* Tab from outside the table lands on the pile the focus last left, not on the first pile;
 * within the table Tab goes on from pile to pile as usual. */
gboolean
crapette_table_focus (GtkWidget        *widget,
                      GtkDirectionType  direction)
{
  CrapetteTable *self = CRAPETTE_TABLE (widget);
  gboolean tab = direction == GTK_DIR_TAB_FORWARD || direction == GTK_DIR_TAB_BACKWARD;

  if (tab && gtk_widget_get_focus_child (widget) == NULL && self->home_pile < CRAPETTE_N_PILES &&
      self->layout.slots[self->home_pile].used &&
      gtk_widget_is_drawable (self->pile_views[self->home_pile]))
    return gtk_widget_child_focus (self->pile_views[self->home_pile], direction);
  /* The table is a GtkWidget's direct child: its focus goes from child to child. */
  return GTK_WIDGET_CLASS (g_type_class_peek (GTK_TYPE_WIDGET))->focus (widget, direction);
}

/* Moves the focus to the nearest pile in @direction, as the eye sees the table. */
static void
move_focus (CrapetteTable    *self,
            GtkDirectionType  direction)
{
  CrapettePileId current = crapette_table_get_focus_pile (self);
  CrapettePileId best = CRAPETTE_NO_PILE;
  graphene_point_t here;
  float best_score = G_MAXFLOAT;

  if (current == CRAPETTE_NO_PILE)
    {
      current = crapette_pile_of_seat (CRAPETTE_PILE_KIND_STOCK, self->near_seat);
      gtk_widget_grab_focus (self->pile_views[current]);
      return;
    }

  graphene_rect_get_center (&self->layout.slots[current].base, &here);
  for (CrapettePileId pile = 0; pile < CRAPETTE_N_PILES; pile++)
    {
      graphene_point_t there;
      float along, across, score;

      if (pile == current || !crapette_table_pile_is_used (self, pile))
        continue;

      graphene_rect_get_center (&self->layout.slots[pile].base, &there);
      switch (direction)
        {
        case GTK_DIR_LEFT:
          along = here.x - there.x;
          across = fabsf (here.y - there.y);
          break;
        case GTK_DIR_RIGHT:
          along = there.x - here.x;
          across = fabsf (here.y - there.y);
          break;
        case GTK_DIR_UP:
          along = here.y - there.y;
          across = fabsf (here.x - there.x);
          break;
        case GTK_DIR_DOWN:
        case GTK_DIR_TAB_FORWARD:
        case GTK_DIR_TAB_BACKWARD:
        default:
          along = there.y - here.y;
          across = fabsf (here.x - there.x);
          break;
        }

      /* Prefer piles straight ahead over nearer ones off to the side. */
      if (along < 1)
        continue;
      score = along + 3 * across;
      if (score < best_score)
        {
          best_score = score;
          best = pile;
        }
    }

  if (best != CRAPETTE_NO_PILE)
    gtk_widget_grab_focus (self->pile_views[best]);
}

static void
action_click_pile (GtkWidget  *widget,
                   const char *action_name,
                   GVariant   *parameter)
{
  click_pile (CRAPETTE_TABLE (widget), (CrapettePileId) g_variant_get_uint32 (parameter));
}

static void
action_double_click_pile (GtkWidget  *widget,
                          const char *action_name,
                          GVariant   *parameter)
{
  double_click_pile (CRAPETTE_TABLE (widget), (CrapettePileId) g_variant_get_uint32 (parameter));
}

static void
action_turn_card (GtkWidget  *widget,
                  const char *action_name,
                  GVariant   *parameter)
{
  turn_card (CRAPETTE_TABLE (widget));
}

static void
action_pick_or_drop (GtkWidget  *widget,
                     const char *action_name,
                     GVariant   *parameter)
{
  CrapetteTable *self = CRAPETTE_TABLE (widget);
  CrapettePileId pile = crapette_table_get_focus_pile (self);

  if (pile == CRAPETTE_NO_PILE)
    move_focus (self, GTK_DIR_DOWN);
  else
    click_pile (self, pile);
}

static void
action_cancel (GtkWidget  *widget,
               const char *action_name,
               GVariant   *parameter)
{
  CrapetteTable *self = CRAPETTE_TABLE (widget);

  if (self->dragging)
    fly_back (self);
  crapette_table_let_go (self);
  crapette_table_show_focus (self);
}

static void
action_move_focus (GtkWidget  *widget,
                   const char *action_name,
                   GVariant   *parameter)
{
  move_focus (CRAPETTE_TABLE (widget), (GtkDirectionType) g_variant_get_int32 (parameter));
}

/* ---- Setting up ---------------------------------------------------------- */

/* Installs the table.* actions that clicks, keys and tests use, and their key bindings. */
void
crapette_table_install_input_actions (GtkWidgetClass *widget_class)
{
  gtk_widget_class_install_action (widget_class, "table.click-pile", "u", action_click_pile);
  gtk_widget_class_install_action (widget_class, "table.double-click-pile", "u",
                                   action_double_click_pile);
  gtk_widget_class_install_action (widget_class, "table.turn-card", NULL, action_turn_card);
  gtk_widget_class_install_action (widget_class, "table.pick-or-drop", NULL, action_pick_or_drop);
  gtk_widget_class_install_action (widget_class, "table.cancel", NULL, action_cancel);
  gtk_widget_class_install_action (widget_class, "table.move-focus", "i", action_move_focus);

  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Return, 0, "table.pick-or-drop", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_KP_Enter, 0, "table.pick-or-drop",
                                       NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_space, 0, "table.pick-or-drop", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "table.cancel", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Left, 0, "table.move-focus", "i",
                                       GTK_DIR_LEFT);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Right, 0, "table.move-focus", "i",
                                       GTK_DIR_RIGHT);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Up, 0, "table.move-focus", "i",
                                       GTK_DIR_UP);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Down, 0, "table.move-focus", "i",
                                       GTK_DIR_DOWN);
}

/* Gives @self the gestures that take clicks, double-clicks and drags. */
void
crapette_table_attach_input (CrapetteTable *self)
{
  GtkEventController *controller;

  controller = GTK_EVENT_CONTROLLER (gtk_gesture_click_new ());
  g_signal_connect (controller, "released", G_CALLBACK (on_click_released_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self), controller);
  self->click_gesture = GTK_GESTURE (controller);

  controller = GTK_EVENT_CONTROLLER (gtk_gesture_drag_new ());
  g_signal_connect (controller, "drag-begin", G_CALLBACK (on_drag_begin_cb), self);
  g_signal_connect (controller, "drag-update", G_CALLBACK (on_drag_update_cb), self);
  g_signal_connect (controller, "drag-end", G_CALLBACK (on_drag_end_cb), self);
  g_signal_connect (controller, "cancel", G_CALLBACK (on_drag_cancel_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self), controller);
  self->drag_gesture = GTK_GESTURE (controller);
}
