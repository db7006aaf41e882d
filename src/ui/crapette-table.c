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
 */

#define G_LOG_DOMAIN "crapette-ui"

#include "config.h"

#include <adwaita.h>
#include <glib/gi18n-lib.h>
#include <math.h>

#include "crapette-card.h"
#include "crapette-pile-view.h"
#include "crapette-table-draw.h"
#include "crapette-table-private.h"

#define DEFAULT_ANIMATION_MS 200
#define DEAL_ANIMATION_MS 300
#define DEAL_STAGGER_MS 25

typedef struct
{
  CrapetteTable *table;
  AdwAnimation *animation;
  CrapetteCard card;
  CrapetteSeat back_seat;
  CrapettePileId pile;
  gboolean whole_pile;   /* the deal: the pile waits for its card to land */
  graphene_rect_t from;
  graphene_rect_t to;
  double progress;
} Flight;

struct _CrapetteTable
{
  GtkWidget parent_instance;

  CrapetteGame *game;
  CrapetteCardTheme *theme;
  CrapettePosition shown;
  CrapetteTableLayout layout;
  GtkWidget *pile_views[CRAPETTE_N_PILES];

  /* A card picked up by a click or the keyboard, and where it may go. */
  CrapettePileId selected;
  gboolean targets[CRAPETTE_N_PILES];
  gboolean showing_hint;

  /* A card dragged by the pointer. */
  GtkGesture *drag_gesture;
  GtkGesture *click_gesture;
  CrapettePileId drag_source;
  gboolean dragging;
  graphene_point_t drag_start;
  graphene_point_t drag_grab;
  graphene_rect_t drag_rect;
  gboolean have_drop_origin;
  graphene_rect_t drop_origin;

  GPtrArray *flights;
  GPtrArray *spent_animations;
  guint8 cards_in_flight[CRAPETTE_MAX_CARDS];
  guint32 piles_being_dealt;
  guint animation_ms;
};

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
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

static void update_pile_labels (CrapetteTable *self);

/* ---- State helpers ------------------------------------------------------- */

static gboolean
pile_is_used (CrapetteTable  *self,
              CrapettePileId  pile)
{
  return pile < CRAPETTE_N_PILES && self->layout.slots[pile].used;
}

static CrapetteSeat
mover (CrapetteTable *self)
{
  return (CrapetteSeat) self->shown.to_move;
}

static gboolean
is_movers_stock (CrapetteTable  *self,
                 CrapettePileId  pile)
{
  return pile == crapette_pile_of_seat (CRAPETTE_PILE_KIND_STOCK, mover (self));
}

/* The back a face-down card on @pile shows: each pack of Russian Bank has
 * its own colour; American Bank's single pack is blue. */
static CrapetteSeat
back_seat_for (CrapetteTable  *self,
               CrapettePileId  pile)
{
  CrapetteSeat seat = crapette_pile_seat (pile);

  if (self->shown.variant == CRAPETTE_VARIANT_AMERICAN || seat == CRAPETTE_NO_SEAT)
    return CRAPETTE_SOUTH;
  return seat;
}

static void
compute_layout (CrapetteTable *self)
{
  crapette_table_layout_compute (&self->layout, self->shown.variant,
                                 gtk_widget_get_width (GTK_WIDGET (self)),
                                 gtk_widget_get_height (GTK_WIDGET (self)),
                                 gtk_widget_get_direction (GTK_WIDGET (self)) == GTK_TEXT_DIR_RTL);
}

/* Where the top card of @pile lies in @position, or the empty pile's place. */
static void
top_card_rect (CrapetteTable          *self,
               const CrapettePosition *position,
               CrapettePileId          pile,
               graphene_rect_t        *rect)
{
  guint count = position->piles[pile].count;

  crapette_table_layout_card_rect (&self->layout, pile, count > 0 ? count - 1 : 0,
                                   MAX (count, 1), rect);
}

static void
clear_targets (CrapetteTable *self)
{
  for (guint pile = 0; pile < CRAPETTE_N_PILES; pile++)
    self->targets[pile] = FALSE;
}

/* Marks every pile the top card of @source may legally go to. */
static void
find_targets (CrapetteTable  *self,
              CrapettePileId  source)
{
  const CrapetteMove *moves;
  gsize n_moves;

  clear_targets (self);
  if (self->game == NULL)
    return;

  moves = crapette_game_get_legal_moves (self->game, &n_moves);
  for (gsize i = 0; i < n_moves; i++)
    {
      if (moves[i].kind == CRAPETTE_MOVE_CARD && moves[i].from == source)
        self->targets[moves[i].to] = TRUE;
    }
}

static void
clear_selection (CrapetteTable *self)
{
  self->selected = CRAPETTE_NO_PILE;
  self->showing_hint = FALSE;
  clear_targets (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
select_pile (CrapetteTable  *self,
             CrapettePileId  pile)
{
  self->selected = pile;
  self->showing_hint = FALSE;
  find_targets (self, pile);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/* Whether the top card of @pile can be picked up at all: it must be there
 * and face up. Whether it may go anywhere is for the engine to say. */
static gboolean
can_pick_up (CrapetteTable  *self,
             CrapettePileId  pile)
{
  CrapetteCard top;

  if (!pile_is_used (self, pile) || is_movers_stock (self, pile))
    return FALSE;
  top = crapette_position_top (&self->shown, pile);
  return crapette_card_is_real (top);
}

/* ---- Playing -------------------------------------------------------------- */

static void
refuse (CrapetteTable *self,
        const char    *message)
{
  g_signal_emit (self, signals[REFUSED], 0, message);
}

static gboolean
play (CrapetteTable      *self,
      const CrapetteMove *move)
{
  g_autoptr(GError) error = NULL;

  if (!crapette_game_play (self->game, move, &error))
    {
      refuse (self, error->message);
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

  if (self->game == NULL)
    return FALSE;

  if (crapette_pile_kind (from) != CRAPETTE_PILE_KIND_STOCK &&
      crapette_game_find_move (self->game, from, to, &move))
    return play (self, &move);

  move.kind = CRAPETTE_MOVE_CARD;
  move.from = from;
  move.to = to;
  move.card = crapette_position_top (&self->shown, from);
  /* The engine's refusal names the rule; playing it anyway gives that message. */
  return play (self, &move);
}

/* Turns the top card of the stock of the player to move; when nothing is
 * left to turn, ends the turn, which is what a click on the empty stock means. */
static void
turn_card (CrapetteTable *self)
{
  const CrapetteMove *moves;
  gsize n_moves;
  CrapetteMove turn = { CRAPETTE_MOVE_TURN, CRAPETTE_NO_PILE, CRAPETTE_NO_PILE,
                        CRAPETTE_CARD_NONE };

  if (self->game == NULL)
    return;

  clear_selection (self);
  moves = crapette_game_get_legal_moves (self->game, &n_moves);
  for (gsize i = 0; i < n_moves; i++)
    {
      if (moves[i].kind == CRAPETTE_MOVE_TURN)
        {
          play (self, &moves[i]);
          return;
        }
    }
  for (gsize i = 0; i < n_moves; i++)
    {
      if (moves[i].kind == CRAPETTE_MOVE_END_TURN)
        {
          play (self, &moves[i]);
          return;
        }
    }
  play (self, &turn);
}

/* What a click (or Enter) on @pile does: pick a card up, put it down, or
 * turn a card from the stock. */
static void
click_pile (CrapetteTable  *self,
            CrapettePileId  pile)
{
  if (self->game == NULL || !pile_is_used (self, pile))
    {
      clear_selection (self);
      return;
    }

  if (self->selected == CRAPETTE_NO_PILE || self->showing_hint)
    {
      if (is_movers_stock (self, pile))
        turn_card (self);
      else if (can_pick_up (self, pile))
        select_pile (self, pile);
      else
        clear_selection (self);
      return;
    }

  if (self->selected == pile)
    {
      clear_selection (self);
      return;
    }

  {
    CrapettePileId from = self->selected;

    clear_selection (self);
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

  if (self->game == NULL || !pile_is_used (self, pile) || is_movers_stock (self, pile))
    return;

  moves = crapette_game_get_legal_moves (self->game, &n_moves);
  for (gsize i = 0; i < n_moves; i++)
    {
      if (moves[i].kind == CRAPETTE_MOVE_CARD && moves[i].from == pile &&
          crapette_pile_kind (moves[i].to) == CRAPETTE_PILE_KIND_FOUNDATION)
        {
          CrapetteMove move = moves[i];

          clear_selection (self);
          play (self, &move);
          return;
        }
    }
}

/* ---- Animation ------------------------------------------------------------ */

static void
set_animating (CrapetteTable *self,
               gboolean       was_animating)
{
  if (was_animating != crapette_table_is_animating (self))
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ANIMATING]);
}

static void
flight_value_cb (double  value,
                 Flight *flight)
{
  flight->progress = value;
  gtk_widget_queue_draw (GTK_WIDGET (flight->table));
}

static void
flight_done_cb (AdwAnimation *animation,
                Flight       *flight)
{
  CrapetteTable *self = flight->table;

  if (flight->whole_pile)
    self->piles_being_dealt &= ~(1u << flight->pile);
  else if (crapette_card_is_real (flight->card) && self->cards_in_flight[flight->card] > 0)
    self->cards_in_flight[flight->card]--;

  /* The animation is still emitting: it is released later, not here. */
  g_ptr_array_add (self->spent_animations, flight->animation);
  g_ptr_array_remove (self->flights, flight);
  g_free (flight);

  set_animating (self, TRUE);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
launch_flight (CrapetteTable         *self,
               CrapetteCard           card,
               CrapettePileId         pile,
               gboolean               whole_pile,
               const graphene_rect_t *from,
               const graphene_rect_t *to,
               guint                  duration_ms)
{
  gboolean was_animating = crapette_table_is_animating (self);
  AdwAnimationTarget *target;
  Flight *flight;

  if (duration_ms == 0 || !gtk_widget_get_mapped (GTK_WIDGET (self)))
    return;

  g_ptr_array_set_size (self->spent_animations, 0);

  flight = g_new0 (Flight, 1);
  flight->table = self;
  flight->card = card;
  flight->pile = pile;
  flight->back_seat = back_seat_for (self, pile);
  flight->whole_pile = whole_pile;
  flight->from = *from;
  flight->to = *to;
  if (whole_pile)
    self->piles_being_dealt |= 1u << pile;
  else if (crapette_card_is_real (card))
    self->cards_in_flight[card]++;

  target = adw_callback_animation_target_new ((AdwAnimationTargetFunc) flight_value_cb,
                                              flight, NULL);
  flight->animation = adw_timed_animation_new (GTK_WIDGET (self), 0, 1, duration_ms, target);
  adw_timed_animation_set_easing (ADW_TIMED_ANIMATION (flight->animation), ADW_EASE_OUT_CUBIC);
  g_signal_connect (flight->animation, "done", G_CALLBACK (flight_done_cb), flight);
  g_ptr_array_add (self->flights, flight);
  set_animating (self, was_animating);

  /* With animations turned off in the system this finishes at once. */
  adw_animation_play (flight->animation);
}

/* The deal: each pile's top card glides in from the middle of the table,
 * one pile after another, and the pile appears when its card lands. */
static void
animate_deal (CrapetteTable *self)
{
  graphene_rect_t origin;
  guint order = 0;

  graphene_rect_init (&origin,
                      (self->layout.width - self->layout.card_width) / 2.0f,
                      (self->layout.height - self->layout.card_height) / 2.0f,
                      self->layout.card_width, self->layout.card_height);

  for (CrapettePileId pile = 0; pile < CRAPETTE_N_PILES; pile++)
    {
      graphene_rect_t to;

      if (!pile_is_used (self, pile) || self->shown.piles[pile].count == 0)
        continue;

      top_card_rect (self, &self->shown, pile, &to);
      launch_flight (self, crapette_position_top (&self->shown, pile), pile, TRUE, &origin, &to,
                     self->animation_ms == 0 ? 0 : DEAL_ANIMATION_MS + order++ * DEAL_STAGGER_MS);
    }
}

/* ---- The game's signals --------------------------------------------------- */

static void
take_view (CrapetteTable *self)
{
  CrapetteVariant old_variant = self->shown.variant;

  self->shown = *crapette_game_get_view (self->game);
  if (old_variant != self->shown.variant || self->layout.width == 0)
    {
      compute_layout (self);
      for (CrapettePileId pile = 0; pile < CRAPETTE_N_PILES; pile++)
        gtk_widget_set_visible (self->pile_views[pile], self->layout.slots[pile].used);
      gtk_widget_queue_allocate (GTK_WIDGET (self));
    }
  update_pile_labels (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
on_round_started_cb (CrapetteGame  *game,
                     CrapetteTable *self)
{
  crapette_table_finish_animations (self);
  self->dragging = FALSE;
  self->drag_source = CRAPETTE_NO_PILE;
  clear_selection (self);
  take_view (self);
  animate_deal (self);
}

static void
on_move_applied_cb (CrapetteGame       *game,
                    const CrapetteMove *move,
                    CrapetteTable      *self)
{
  CrapettePosition before = self->shown;
  CrapettePileId from, to;
  graphene_rect_t from_rect, to_rect;
  gboolean have_drop_origin = self->have_drop_origin;
  CrapetteCard card;

  self->have_drop_origin = FALSE;
  if (self->showing_hint)
    clear_selection (self);
  take_view (self);

  if (move->kind == CRAPETTE_MOVE_CARD)
    {
      from = move->from;
      to = move->to;
    }
  else if (move->kind == CRAPETTE_MOVE_TURN)
    {
      from = crapette_pile_of_seat (CRAPETTE_PILE_KIND_STOCK, before.to_move);
      to = crapette_pile_of_seat (CRAPETTE_PILE_KIND_TURNED, before.to_move);
    }
  else
    {
      return;
    }

  /* A move that set off more (a completed sequence leaving the tableau)
   * is simply shown as it ends up. */
  card = crapette_position_top (&self->shown, to);
  if (!crapette_card_is_real (card) || (move->card != CRAPETTE_CARD_NONE && move->card != card))
    return;

  if (have_drop_origin)
    from_rect = self->drop_origin;
  else
    top_card_rect (self, &before, from, &from_rect);
  top_card_rect (self, &self->shown, to, &to_rect);
  launch_flight (self, card, to, FALSE, &from_rect, &to_rect, self->animation_ms);
}

static void
on_turn_changed_cb (CrapetteGame  *game,
                    guint          seat,
                    CrapetteTable *self)
{
  clear_selection (self);
  take_view (self);
}

static void
on_card_revealed_cb (CrapetteGame  *game,
                     guint          pile,
                     guint          card,
                     CrapetteTable *self)
{
  take_view (self);
}

static void
on_round_finished_cb (CrapetteGame        *game,
                      CrapetteRoundResult *result,
                      CrapetteTable       *self)
{
  clear_selection (self);
  take_view (self);
}

/* ---- Pointer input -------------------------------------------------------- */

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
      if (pile_is_used (self, pile) &&
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
  CrapettePileId pile = crapette_table_pile_at (self, x, y);

  self->dragging = FALSE;
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

  if (self->drag_source == CRAPETTE_NO_PILE)
    return;

  if (!self->dragging)
    {
      g_object_get (gtk_widget_get_settings (GTK_WIDGET (self)),
                    "gtk-dnd-drag-threshold", &threshold, NULL);
      if (hypot (offset_x, offset_y) < threshold)
        return;

      self->dragging = TRUE;
      clear_selection (self);
      find_targets (self, self->drag_source);
      top_card_rect (self, &self->shown, self->drag_source, &self->drag_rect);
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
  top_card_rect (self, &self->shown, source, &home);
  launch_flight (self, crapette_position_top (&self->shown, source), source, FALSE,
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

  if (crapette_game_find_move (self->game, source, target, &move) &&
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

/* ---- Keyboard ------------------------------------------------------------- */

/* Returns the pile that has the keyboard focus, or %CRAPETTE_NO_PILE. */
CrapettePileId
crapette_table_get_focus_pile (CrapetteTable *self)
{
  GtkWidget *child;

  g_return_val_if_fail (CRAPETTE_IS_TABLE (self), CRAPETTE_NO_PILE);

  child = gtk_widget_get_focus_child (GTK_WIDGET (self));
  if (child == NULL || !CRAPETTE_IS_PILE_VIEW (child))
    return CRAPETTE_NO_PILE;
  return crapette_pile_view_get_pile (CRAPETTE_PILE_VIEW (child));
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
      current = crapette_pile_of_seat (CRAPETTE_PILE_KIND_STOCK, CRAPETTE_SOUTH);
      gtk_widget_grab_focus (self->pile_views[current]);
      return;
    }

  graphene_rect_get_center (&self->layout.slots[current].base, &here);
  for (CrapettePileId pile = 0; pile < CRAPETTE_N_PILES; pile++)
    {
      graphene_point_t there;
      float along, across, score;

      if (pile == current || !pile_is_used (self, pile))
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
  clear_selection (self);
}

static void
action_move_focus (GtkWidget  *widget,
                   const char *action_name,
                   GVariant   *parameter)
{
  move_focus (CRAPETTE_TABLE (widget), (GtkDirectionType) g_variant_get_int32 (parameter));
}

/* ---- Accessibility -------------------------------------------------------- */

/* Returns the name of @pile as a player says it ("South's reserve", "House 3"). */
char *
crapette_table_get_pile_name (CrapetteTable  *self,
                              CrapettePileId  pile)
{
  static const char * const russian[CRAPETTE_PILE_KIND_HOUSE][CRAPETTE_N_SEATS] = {
    { N_("South’s stock"), N_("North’s stock") },
    { N_("South’s turned card"), N_("North’s turned card") },
    { N_("South’s waste pile"), N_("North’s waste pile") },
    { N_("South’s reserve"), N_("North’s reserve") },
  };
  static const char * const american[CRAPETTE_PILE_KIND_HOUSE][CRAPETTE_N_SEATS] = {
    { N_("South’s hand"), N_("North’s hand") },
    { N_("South’s card in hand"), N_("North’s card in hand") },
    { N_("South’s talon"), N_("North’s talon") },
    { N_("South’s reserve"), N_("North’s reserve") },
  };
  gboolean is_american;

  g_return_val_if_fail (CRAPETTE_IS_TABLE (self), NULL);
  g_return_val_if_fail (pile < CRAPETTE_N_PILES, NULL);

  is_american = self->shown.variant == CRAPETTE_VARIANT_AMERICAN;
  switch (crapette_pile_kind (pile))
    {
    case CRAPETTE_PILE_KIND_HOUSE:
      return g_strdup_printf (is_american ? _("Tableau pile %u") : _("House %u"),
                              crapette_pile_index (pile) + 1);
    case CRAPETTE_PILE_KIND_FOUNDATION:
      return g_strdup_printf (is_american ? _("Completed sequence %u") : _("Foundation %u"),
                              crapette_pile_index (pile) + 1);
    case CRAPETTE_PILE_KIND_STOCK:
    case CRAPETTE_PILE_KIND_TURNED:
    case CRAPETTE_PILE_KIND_WASTE:
    case CRAPETTE_PILE_KIND_RESERVE:
    case CRAPETTE_N_PILE_KINDS:
    default:
      return g_strdup (_((is_american ? american : russian)
                         [crapette_pile_kind (pile)][crapette_pile_seat (pile)]));
    }
}

static void
update_pile_labels (CrapetteTable *self)
{
  for (CrapettePileId pile = 0; pile < CRAPETTE_N_PILES; pile++)
    {
      const CrapettePile *cards = &self->shown.piles[pile];
      g_autofree char *name = NULL;
      g_autofree char *label = NULL;

      if (!pile_is_used (self, pile))
        continue;

      name = crapette_table_get_pile_name (self, pile);
      if (cards->count == 0)
        {
          label = g_strdup_printf (_("%s, empty"), name);
        }
      else
        {
          g_autofree char *top = crapette_card_spoken_name (cards->cards[cards->count - 1]);
          g_autofree char *count = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u card",
                                                                 "%u cards", cards->count),
                                                    (guint) cards->count);

          /* TRANSLATORS: a pile for screen readers:
           * "South’s reserve, 12 cards, top card Seven of Diamonds" */
          label = g_strdup_printf (_("%s, %s, top card %s"), name, count, top);
        }
      gtk_accessible_update_property (GTK_ACCESSIBLE (self->pile_views[pile]),
                                      GTK_ACCESSIBLE_PROPERTY_LABEL, label, -1);
    }
}

/* ---- GtkWidget ------------------------------------------------------------ */

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
  CrapetteTableDrawing drawing = {
    .widget = widget,
    .theme = self->theme,
    .position = &self->shown,
    .layout = &self->layout,
    .scale = gtk_widget_get_scale_factor (widget),
    .selected = self->selected,
    .targets = self->targets,
    .focus = CRAPETTE_NO_PILE,
    .cards_in_flight = self->cards_in_flight,
    .piles_being_dealt = self->piles_being_dealt,
    .dragged_card = CRAPETTE_CARD_NONE,
  };
  GtkWidget *focus = gtk_widget_get_focus_child (widget);

  if (self->theme == NULL || self->layout.card_width == 0)
    return;

  if (focus != NULL && gtk_widget_has_visible_focus (focus))
    drawing.focus = crapette_pile_view_get_pile (CRAPETTE_PILE_VIEW (focus));
  if (self->dragging)
    drawing.dragged_card = crapette_position_top (&self->shown, self->drag_source);

  crapette_table_draw_piles (&drawing, snapshot);

  for (guint i = 0; i < self->flights->len; i++)
    {
      Flight *flight = g_ptr_array_index (self->flights, i);
      graphene_rect_t rect;

      graphene_rect_interpolate (&flight->from, &flight->to, flight->progress, &rect);
      crapette_table_draw_card (&drawing, snapshot, flight->card, flight->back_seat, &rect, TRUE);
    }

  if (self->dragging)
    crapette_table_draw_card (&drawing, snapshot, drawing.dragged_card, CRAPETTE_SOUTH,
                              &self->drag_rect, TRUE);
}

static void
on_focus_changed_cb (GtkWidget     *pile_view,
                     GParamSpec    *pspec,
                     CrapetteTable *self)
{
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
on_theme_changed_cb (CrapetteCardTheme *theme,
                     CrapetteTable     *self)
{
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
crapette_table_dispose (GObject *object)
{
  CrapetteTable *self = CRAPETTE_TABLE (object);

  crapette_table_set_game (self, NULL);
  crapette_table_set_theme (self, NULL);
  if (self->flights != NULL)
    crapette_table_finish_animations (self);
  g_clear_pointer (&self->flights, g_ptr_array_unref);
  g_clear_pointer (&self->spent_animations, g_ptr_array_unref);

  for (CrapettePileId pile = 0; pile < CRAPETTE_N_PILES; pile++)
    g_clear_pointer (&self->pile_views[pile], gtk_widget_unparent);

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
  widget_class->direction_changed = crapette_table_direction_changed;

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

  gtk_widget_class_set_css_name (widget_class, "crapette-table");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_GROUP);
}

static void
crapette_table_init (CrapetteTable *self)
{
  GtkEventController *controller;

  self->selected = CRAPETTE_NO_PILE;
  self->drag_source = CRAPETTE_NO_PILE;
  self->animation_ms = DEFAULT_ANIMATION_MS;
  self->flights = g_ptr_array_new ();
  self->spent_animations = g_ptr_array_new_with_free_func (g_object_unref);
  self->shown.variant = CRAPETTE_VARIANT_RUSSIAN;

  for (CrapettePileId pile = 0; pile < CRAPETTE_N_PILES; pile++)
    {
      self->pile_views[pile] = crapette_pile_view_new (pile);
      gtk_widget_set_parent (self->pile_views[pile], GTK_WIDGET (self));
      g_signal_connect_object (self->pile_views[pile], "notify::has-focus",
                               G_CALLBACK (on_focus_changed_cb), self, 0);
    }

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

  compute_layout (self);
}

/* ---- Public API ----------------------------------------------------------- */

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
    g_signal_handlers_disconnect_by_data (self->game, self);
  g_set_object (&self->game, game);

  if (game != NULL)
    {
      g_signal_connect_object (game, "round-started", G_CALLBACK (on_round_started_cb), self, 0);
      g_signal_connect_object (game, "move-applied", G_CALLBACK (on_move_applied_cb), self, 0);
      g_signal_connect_object (game, "turn-changed", G_CALLBACK (on_turn_changed_cb), self, 0);
      g_signal_connect_object (game, "card-revealed", G_CALLBACK (on_card_revealed_cb), self, 0);
      g_signal_connect_object (game, "round-finished", G_CALLBACK (on_round_finished_cb),
                               self, 0);
      crapette_table_finish_animations (self);
      clear_selection (self);
      take_view (self);
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

/* Returns whether a card is moving across the table right now. */
gboolean
crapette_table_is_animating (CrapetteTable *self)
{
  g_return_val_if_fail (CRAPETTE_IS_TABLE (self), FALSE);

  return self->flights != NULL && self->flights->len > 0;
}

/* Ends every running animation at once, with every card in its place. */
void
crapette_table_finish_animations (CrapetteTable *self)
{
  g_return_if_fail (CRAPETTE_IS_TABLE (self));

  /* Skipping emits ::done, which takes the flight out of the array. */
  while (self->flights->len > 0)
    {
      Flight *flight = g_ptr_array_index (self->flights, self->flights->len - 1);

      adw_animation_skip (flight->animation);
    }
  g_ptr_array_set_size (self->spent_animations, 0);
}

/* Highlights @move's card and target, as a hint; %NULL removes the highlight. */
void
crapette_table_show_hint (CrapetteTable      *self,
                          const CrapetteMove *move)
{
  g_return_if_fail (CRAPETTE_IS_TABLE (self));

  clear_selection (self);
  if (move == NULL)
    return;

  if (move->kind == CRAPETTE_MOVE_CARD && move->from < CRAPETTE_N_PILES &&
      move->to < CRAPETTE_N_PILES)
    {
      self->selected = move->from;
      self->targets[move->to] = TRUE;
    }
  else if (move->kind == CRAPETTE_MOVE_TURN)
    {
      self->selected = crapette_pile_of_seat (CRAPETTE_PILE_KIND_STOCK, mover (self));
    }
  self->showing_hint = TRUE;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/* Stores the area of @pile in the table's coordinates; %FALSE if the variant has no such pile. */
gboolean
crapette_table_get_pile_bounds (CrapetteTable   *self,
                                CrapettePileId   pile,
                                graphene_rect_t *bounds)
{
  g_return_val_if_fail (CRAPETTE_IS_TABLE (self), FALSE);
  g_return_val_if_fail (bounds != NULL, FALSE);

  if (!pile_is_used (self, pile))
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
