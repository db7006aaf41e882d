/* crapette-table-flights.c: cards gliding across the table
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A flight carries one card from where it was to where the game put it, or
 * back to its pile after a refused drop, or in from the middle of the table
 * at the deal. Each is an AdwTimedAnimation; while a card flies its pile
 * leaves it out, and the table is "animating" until the last one lands.
 * Nothing ticks while nothing flies.
 */

#define G_LOG_DOMAIN "crapette-ui"

#include "config.h"

#include <adwaita.h>

#include "crapette-card.h"
#include "crapette-table-private.h"

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

/* Notifies the table's :animating if it differs from @was_animating. */
static void
notify_animating (CrapetteTable *self,
                  gboolean       was_animating)
{
  if (was_animating != crapette_table_is_animating (self))
    g_object_notify (G_OBJECT (self), "animating");
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

  notify_animating (self, TRUE);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/* Sends @card flying from @from to @to; a @whole_pile waits for it to land (the deal). */
void
crapette_table_launch_flight (CrapetteTable         *self,
                              CrapetteCard           card,
                              CrapettePileId         pile,
                              gboolean               whole_pile,
                              const graphene_rect_t *from,
                              const graphene_rect_t *to,
                              guint                  duration_ms)
{
  gboolean was_animating = crapette_table_is_animating (self);
  gboolean animations_on = TRUE;
  AdwAnimationTarget *target;
  Flight *flight;

  /* With animations turned off in the system ("reduce animation"), a card is simply where
   * the game put it: no flight is made at all, so the table is never "animating". */
  g_object_get (gtk_widget_get_settings (GTK_WIDGET (self)), "gtk-enable-animations",
                &animations_on, NULL);
  if (duration_ms == 0 || !animations_on || !gtk_widget_get_mapped (GTK_WIDGET (self)))
    return;

  g_ptr_array_set_size (self->spent_animations, 0);

  flight = g_new0 (Flight, 1);
  flight->table = self;
  flight->card = card;
  flight->pile = pile;
  flight->back_seat = crapette_table_draw_back_seat (crapette_table_variant (self), pile);
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
  notify_animating (self, was_animating);

  adw_animation_play (flight->animation);
}

/* The deal: each pile's top card glides in from the middle of the table, one pile
 * after another, and the pile appears when its card lands. */
void
crapette_table_animate_deal (CrapetteTable *self)
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
      guint duration_ms;

      if (!crapette_table_pile_is_used (self, pile) || crapette_table_count (self, pile) == 0)
        continue;

      crapette_table_top_card_rect (self, self->shown, pile, &to);
      duration_ms = self->animation_ms == 0 ? 0 : DEAL_ANIMATION_MS + order++ * DEAL_STAGGER_MS;
      crapette_table_launch_flight (self, crapette_table_top (self, pile), pile, TRUE,
                                    &origin, &to, duration_ms);
    }
}

/* Sends the card @move put down flying to its new place: from where it lay in @before,
 * or from @drop_origin where the pointer let it go. */
void
crapette_table_fly_move (CrapetteTable         *self,
                         const CrapetteView    *before,
                         const CrapetteMove    *move,
                         const graphene_rect_t *drop_origin)
{
  CrapettePileId from, to;
  graphene_rect_t from_rect, to_rect;
  CrapetteCard card;
  guint duration_ms = self->animation_ms;

  if (self->next_flight_limit_ms > 0)
    duration_ms = MIN (duration_ms, self->next_flight_limit_ms);
  self->next_flight_limit_ms = 0;
  if (before == NULL)
    return;

  if (move->kind == CRAPETTE_MOVE_CARD)
    {
      from = move->from;
      to = move->to;
    }
  else if (move->kind == CRAPETTE_MOVE_TURN)
    {
      CrapetteSeat mover = crapette_view_get_to_move (before);

      from = crapette_pile_of_seat (CRAPETTE_PILE_KIND_STOCK, mover);
      to = crapette_pile_of_seat (CRAPETTE_PILE_KIND_TURNED, mover);
    }
  else
    {
      return;
    }

  /* A move that set off more (a completed sequence leaving the tableau)
   * is simply shown as it ends up. */
  card = crapette_table_top (self, to);
  if (!crapette_card_is_real (card) || (move->card != CRAPETTE_CARD_NONE && move->card != card))
    return;

  if (drop_origin != NULL)
    from_rect = *drop_origin;
  else
    crapette_table_top_card_rect (self, before, from, &from_rect);
  crapette_table_top_card_rect (self, self->shown, to, &to_rect);
  crapette_table_launch_flight (self, card, to, FALSE, &from_rect, &to_rect, duration_ms);
}

/* Where the card @moves[@index] moved lies now that a call took it back: where the first
 * taken-back move of that card (from @first on) took it from. */
static CrapettePileId
origin_of_card (const CrapetteRound *round,
                guint                first,
                CrapetteCard         card,
                CrapetteSeat         offender)
{
  for (guint i = first; i < crapette_round_get_n_moves (round); i++)
    {
      const CrapetteMove *move = crapette_round_get_move (round, i);

      if (move->card != card)
        continue;
      if (move->kind == CRAPETTE_MOVE_TURN)
        return crapette_pile_of_seat (CRAPETTE_PILE_KIND_STOCK, offender);
      if (move->kind == CRAPETTE_MOVE_CARD)
        return move->from;
    }
  return CRAPETTE_NO_PILE;
}

/* Sends every card the last call of "Stop!" took back flying, all at once, from where it lay
 * in @before to where it came from (a card turned goes back onto the stock). */
void
crapette_table_fly_taken_back (CrapetteTable      *self,
                               const CrapetteView *before)
{
  const CrapetteRound *round = crapette_game_get_round (self->game);
  gboolean flown[CRAPETTE_MAX_CARDS] = { FALSE };
  CrapetteBreach breach;
  guint n_moves = crapette_round_get_n_moves (round);

  /* The cards a call takes back fly at the table's own pace. */
  self->next_flight_limit_ms = 0;
  if (before == NULL || !crapette_round_get_last_call (round, &breach))
    return;
  /* The last move of each card says where it lay before the call. */
  for (guint i = n_moves - 1; i-- > breach.move_index;)
    {
      const CrapetteMove *move = crapette_round_get_move (round, i);
      CrapettePileId lay, origin;
      graphene_rect_t from_rect, to_rect;

      if (!crapette_card_is_real (move->card) || flown[move->card])
        continue;
      if (move->kind == CRAPETTE_MOVE_CARD)
        lay = move->to;
      else if (move->kind == CRAPETTE_MOVE_TURN)
        lay = crapette_pile_of_seat (CRAPETTE_PILE_KIND_TURNED, breach.offender);
      else
        continue;
      origin = origin_of_card (round, breach.move_index, move->card, breach.offender);
      if (origin == CRAPETTE_NO_PILE || crapette_view_get_count (before, lay) == 0)
        continue;
      flown[move->card] = TRUE;
      crapette_table_top_card_rect (self, before, lay, &from_rect);
      crapette_table_top_card_rect (self, self->shown, origin, &to_rect);
      crapette_table_launch_flight (self, move->card, origin, FALSE, &from_rect, &to_rect,
                                    self->animation_ms);
    }
}

/* Draws every card in flight where it is now, above the piles. */
void
crapette_table_draw_flights (CrapetteTable              *self,
                             const CrapetteTableDrawing *drawing,
                             GtkSnapshot                *snapshot)
{
  for (guint i = 0; i < self->flights->len; i++)
    {
      Flight *flight = g_ptr_array_index (self->flights, i);
      graphene_rect_t rect;

      graphene_rect_interpolate (&flight->from, &flight->to, flight->progress, &rect);
      crapette_table_draw_card (drawing, snapshot, flight->card, flight->back_seat, &rect, TRUE);
    }
}

/* Makes the next move's flight last at most @limit_ms (the computer's quicker paces). */
void
crapette_table_limit_next_flight (CrapetteTable *self,
                                  guint          limit_ms)
{
  g_return_if_fail (CRAPETTE_IS_TABLE (self));

  self->next_flight_limit_ms = limit_ms;
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

