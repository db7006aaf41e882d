/* crapette-table-look-back.c: the table showing an earlier position of the round, read-only
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The window picks the position (crapette-window-look-back.c) and gives its view; the
 * table holds the game's signals back meanwhile and takes the game's view again on return.
 */

#define G_LOG_DOMAIN "crapette-ui"

#include "config.h"

#include "crapette-table-private.h"

/* Shows @past, a view of an earlier position of the round (cards face down unknown), read-only
 * and tinted, instead of the game, until called with %NULL, which shows the game as it is now.
 * Meanwhile the game's signals are held back, so a move made meanwhile (the computer's) is not
 * drawn over the past; nothing can be picked up or played. */
void
crapette_table_set_looking_back (CrapetteTable *self,
                                 CrapetteView  *past)
{
  g_return_if_fail (CRAPETTE_IS_TABLE (self));

  if (self->game == NULL)
    return;
  if (past != NULL)
    {
      if (!self->looking_back)
        {
          crapette_table_finish_animations (self);
          crapette_table_let_go (self);
          crapette_table_mark_last_move (self, CRAPETTE_NO_SEAT, NULL);
          g_signal_handlers_block_matched (self->game, G_SIGNAL_MATCH_DATA, 0, 0, NULL, NULL,
                                           self);
          self->looking_back = TRUE;
          gtk_widget_add_css_class (GTK_WIDGET (self), "looking-back");
        }
      if (past != self->shown)
        {
          guint32 changed = crapette_view_changed_piles (self->shown, past);

          g_clear_pointer (&self->shown, crapette_view_unref);
          self->shown = crapette_view_ref (past);
          crapette_table_update_pile_labels (self, changed);
        }
      gtk_widget_queue_draw (GTK_WIDGET (self));
    }
  else if (self->looking_back)
    {
      self->looking_back = FALSE;
      g_signal_handlers_unblock_matched (self->game, G_SIGNAL_MATCH_DATA, 0, 0, NULL, NULL,
                                         self);
      gtk_widget_remove_css_class (GTK_WIDGET (self), "looking-back");
      crapette_table_take_view (self);
    }
}

/* Returns whether the table shows a past position (crapette_table_set_looking_back()). */
gboolean
crapette_table_is_looking_back (CrapetteTable *self)
{
  g_return_val_if_fail (CRAPETTE_IS_TABLE (self), FALSE);

  return self->looking_back;
}

/* Returns the view the table shows: the game's, or the past one looked back at. */
CrapetteView *
crapette_table_get_shown_view (CrapetteTable *self)
{
  g_return_val_if_fail (CRAPETTE_IS_TABLE (self), NULL);

  return self->shown;
}
