/* crapette-table-marks.c: the marks the table puts on piles for a moment: a hint and the
 * computer's last move
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Both are drawn by crapette-table-draw.c (see crapette-table-highlight.h for their
 * looks); here they are set, kept to piles the game has, and taken away.
 */

#define G_LOG_DOMAIN "crapette-ui"

#include "config.h"

#include "crapette-table-highlight.h"
#include "crapette-table-private.h"

/* Highlights @move's card and target, as a hint; %NULL removes the highlight. */
void
crapette_table_show_hint (CrapetteTable      *self,
                          const CrapetteMove *move)
{
  CrapettePileId stock;

  g_return_if_fail (CRAPETTE_IS_TABLE (self));

  self->hint_from = CRAPETTE_NO_PILE;
  self->hint_to = CRAPETTE_NO_PILE;
  gtk_widget_queue_draw (GTK_WIDGET (self));
  if (move == NULL)
    return;

  /* A card held stays held: the hint has a look of its own beside it. */
  stock = crapette_pile_of_seat (CRAPETTE_PILE_KIND_STOCK, crapette_table_mover (self));
  switch (move->kind)
    {
    case CRAPETTE_MOVE_CARD:
      if (crapette_table_pile_is_used (self, move->from) &&
          crapette_table_pile_is_used (self, move->to))
        {
          self->hint_from = move->from;
          self->hint_to = move->to;
        }
      break;
    case CRAPETTE_MOVE_TURN:
      self->hint_from = stock;
      self->hint_to = crapette_pile_of_seat (CRAPETTE_PILE_KIND_TURNED,
                                             crapette_table_mover (self));
      break;
    case CRAPETTE_MOVE_END_TURN:
    default:
      /* A click on the own stock ends the turn. */
      self->hint_from = stock;
      break;
    }
}

static gboolean
unmark_last_move_cb (gpointer data)
{
  CrapetteTable *self = data;

  self->last_move_source = 0;
  crapette_table_mark_last_move (self, CRAPETTE_NO_SEAT, NULL);
  return G_SOURCE_REMOVE;
}

/* Marks where @mover's @move took its card from and put it, for a moment; %NULL: no mark. */
void
crapette_table_mark_last_move (CrapetteTable      *self,
                               CrapetteSeat        mover,
                               const CrapetteMove *move)
{
  g_return_if_fail (CRAPETTE_IS_TABLE (self));

  g_clear_handle_id (&self->last_move_source, g_source_remove);
  self->last_from = CRAPETTE_NO_PILE;
  self->last_to = CRAPETTE_NO_PILE;
  gtk_widget_queue_draw (GTK_WIDGET (self));
  /* A move made now is no part of the past position shown. */
  if (move == NULL || mover >= CRAPETTE_N_SEATS || self->looking_back)
    return;

  if (move->kind == CRAPETTE_MOVE_CARD)
    {
      self->last_from = move->from;
      self->last_to = move->to;
    }
  else if (move->kind == CRAPETTE_MOVE_TURN)
    {
      self->last_from = crapette_pile_of_seat (CRAPETTE_PILE_KIND_STOCK, mover);
      self->last_to = crapette_pile_of_seat (CRAPETTE_PILE_KIND_TURNED, mover);
    }
  if (!crapette_table_pile_is_used (self, self->last_from) ||
      !crapette_table_pile_is_used (self, self->last_to))
    {
      self->last_from = CRAPETTE_NO_PILE;
      self->last_to = CRAPETTE_NO_PILE;
      return;
    }
  /* One timeout, and only after a move: an idle table still does nothing. */
  self->last_move_source = g_timeout_add (CRAPETTE_HIGHLIGHT_LAST_MOVE_MS, unmark_last_move_cb,
                                          self);
}

/* Stores the piles a hint shown marks, or %CRAPETTE_NO_PILE; returns whether one is shown. */
gboolean
crapette_table_get_hint (CrapetteTable  *self,
                         CrapettePileId *from,
                         CrapettePileId *to)
{
  g_return_val_if_fail (CRAPETTE_IS_TABLE (self), FALSE);

  if (from != NULL)
    *from = self->hint_from;
  if (to != NULL)
    *to = self->hint_to;
  return self->hint_from != CRAPETTE_NO_PILE;
}

/* Stores the piles of the last move marked, or %CRAPETTE_NO_PILE; returns whether one is. */
gboolean
crapette_table_get_marked_move (CrapetteTable  *self,
                                CrapettePileId *from,
                                CrapettePileId *to)
{
  g_return_val_if_fail (CRAPETTE_IS_TABLE (self), FALSE);

  if (from != NULL)
    *from = self->last_from;
  if (to != NULL)
    *to = self->last_to;
  return self->last_from != CRAPETTE_NO_PILE;
}
