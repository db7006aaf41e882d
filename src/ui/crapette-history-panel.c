/* crapette-history-panel.c: the round's moves in words, turn by turn, beside the table
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Each turn starts with the name of the player whose turn it is, then one row per move in the
 * engine's words (the same sentence the move line and screen readers use). A card put on the
 * other player's own pile (a load) is marked. The panel follows the game's signals only: a
 * move adds a row, a move taken back removes it, a new round starts the list again. The
 * latest move is always scrolled into view.
 */

#define G_LOG_DOMAIN "crapette-ui"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "crapette-history-panel.h"

#include "crapette-description.h"
#include "crapette-view.h"

struct _CrapetteHistoryPanel
{
  GtkWidget parent_instance;

  GtkWidget *scrolled;
  GtkListBox *list;
  CrapetteGame *game;
  CrapettePosition last;     /* the position after the last move listed */
  GPtrArray *move_rows;      /* GtkListBoxRow, one per move, in order */
  guint scroll_source;
};

G_DEFINE_FINAL_TYPE (CrapetteHistoryPanel, crapette_history_panel, GTK_TYPE_WIDGET)

static gboolean
scroll_to_end_cb (gpointer data)
{
  CrapetteHistoryPanel *self = data;
  GtkAdjustment *adjustment =
    gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (self->scrolled));

  self->scroll_source = 0;
  gtk_adjustment_set_value (adjustment, gtk_adjustment_get_upper (adjustment));
  return G_SOURCE_REMOVE;
}

/* The latest turn stays in view; scrolled once the new row has its size. */
static void
scroll_to_end (CrapetteHistoryPanel *self)
{
  if (self->scroll_source == 0)
    self->scroll_source = g_idle_add (scroll_to_end_cb, self);
}

static GtkWidget *
new_row (const char *text,
         const char *style)
{
  GtkWidget *label = gtk_label_new (text);
  GtkWidget *row = gtk_list_box_row_new ();

  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_xalign (GTK_LABEL (label), 0.0f);
  gtk_widget_add_css_class (row, style);
  gtk_list_box_row_set_child (GTK_LIST_BOX_ROW (row), label);
  gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (row), FALSE);
  return row;
}

/* The player who made the move listed last, or %CRAPETTE_NO_SEAT before the first. */
static CrapetteSeat
last_mover (CrapetteHistoryPanel *self)
{
  GtkListBoxRow *row;

  if (self->move_rows->len == 0)
    return CRAPETTE_NO_SEAT;
  row = g_ptr_array_index (self->move_rows, self->move_rows->len - 1);
  return GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (row), "mover"));
}

/* Lists @move, played from @before: a new turn gets its player's name first. */
static void
append_move (CrapetteHistoryPanel   *self,
             const CrapettePosition *before,
             const CrapetteMove     *move)
{
  CrapettePosition view;
  CrapetteSeat mover = before->to_move;
  g_autofree char *text = NULL;
  GtkWidget *row;
  gboolean load;

  if (mover != last_mover (self))
    gtk_list_box_append (self->list,
                         new_row (crapette_player_names_get (crapette_game_get_players (self->game),
                                                             mover),
                                  "history-turn"));

  crapette_view_init (&view, before);
  text = crapette_describe_move_by (&view, move, crapette_game_get_players (self->game));
  load = move->kind == CRAPETTE_MOVE_CARD &&
         crapette_pile_seat (move->to) == crapette_seat_opponent (mover);
  row = new_row (text, load ? "history-load" : "history-move");
  g_object_set_data (G_OBJECT (row), "mover", GUINT_TO_POINTER (mover));
  gtk_list_box_append (self->list, row);
  g_ptr_array_add (self->move_rows, row);
}

/* Lists the round's moves again from its start. */
static void
rebuild (CrapetteHistoryPanel *self)
{
  const CrapetteRound *round = crapette_game_get_round (self->game);
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->list))) != NULL)
    gtk_list_box_remove (self->list, child);
  g_ptr_array_set_size (self->move_rows, 0);

  self->last = *crapette_round_get_start (round);
  for (guint i = 0; i < crapette_round_get_n_moves (round); i++)
    {
      const CrapetteMove *move = crapette_round_get_move (round, i);

      append_move (self, &self->last, move);
      crapette_position_apply_move (&self->last, move);
    }
  self->last = *crapette_round_get_position (round);
  scroll_to_end (self);
}

static void
on_move_applied_cb (CrapetteGame         *game,
                    const CrapetteMove   *move,
                    CrapetteHistoryPanel *self)
{
  append_move (self, &self->last, move);
  self->last = *crapette_round_get_position (crapette_game_get_round (game));
  scroll_to_end (self);
}

static void
on_move_undone_cb (CrapetteGame         *game,
                   const CrapetteMove   *move,
                   CrapetteHistoryPanel *self)
{
  GtkWidget *row;
  GtkWidget *previous;

  if (self->move_rows->len == 0)
    return;
  row = g_ptr_array_steal_index (self->move_rows, self->move_rows->len - 1);
  previous = gtk_widget_get_prev_sibling (row);
  gtk_list_box_remove (self->list, row);
  /* A turn left with no move loses its name too. */
  if (previous != NULL && gtk_widget_has_css_class (previous, "history-turn") &&
      gtk_widget_get_next_sibling (previous) == NULL)
    gtk_list_box_remove (self->list, previous);
  self->last = *crapette_round_get_position (crapette_game_get_round (game));
}

static void
crapette_history_panel_dispose (GObject *object)
{
  CrapetteHistoryPanel *self = CRAPETTE_HISTORY_PANEL (object);

  g_clear_handle_id (&self->scroll_source, g_source_remove);
  if (self->game != NULL)
    g_signal_handlers_disconnect_by_data (self->game, self);
  g_clear_object (&self->game);
  g_clear_pointer (&self->scrolled, gtk_widget_unparent);

  G_OBJECT_CLASS (crapette_history_panel_parent_class)->dispose (object);
}

static void
crapette_history_panel_finalize (GObject *object)
{
  CrapetteHistoryPanel *self = CRAPETTE_HISTORY_PANEL (object);

  g_ptr_array_unref (self->move_rows);

  G_OBJECT_CLASS (crapette_history_panel_parent_class)->finalize (object);
}

static void
crapette_history_panel_class_init (CrapetteHistoryPanelClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = crapette_history_panel_dispose;
  object_class->finalize = crapette_history_panel_finalize;
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "history");
}

static void
crapette_history_panel_init (CrapetteHistoryPanel *self)
{
  self->move_rows = g_ptr_array_new ();
  self->list = GTK_LIST_BOX (gtk_list_box_new ());
  gtk_list_box_set_selection_mode (self->list, GTK_SELECTION_NONE);
  gtk_widget_add_css_class (GTK_WIDGET (self->list), "navigation-sidebar");
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->list),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _("Moves of this round"), -1);

  self->scrolled = gtk_scrolled_window_new ();
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (self->scrolled), GTK_POLICY_NEVER,
                                  GTK_POLICY_AUTOMATIC);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (self->scrolled), GTK_WIDGET (self->list));
  gtk_widget_set_size_request (self->scrolled, 280, -1);
  gtk_widget_set_parent (self->scrolled, GTK_WIDGET (self));
  /* Hidden, the list has no height to scroll in: the latest move is brought into view when
   * the panel is shown. */
  g_signal_connect (self, "map", G_CALLBACK (scroll_to_end), NULL);
}

/* Creates an empty panel; it lists the moves of a game once given one. */
GtkWidget *
crapette_history_panel_new (void)
{
  return g_object_new (CRAPETTE_TYPE_HISTORY_PANEL, NULL);
}

/* Lists the moves of @game's round from now on, and follows every move, undo and deal. */
void
crapette_history_panel_set_game (CrapetteHistoryPanel *self,
                                 CrapetteGame         *game)
{
  g_return_if_fail (CRAPETTE_IS_HISTORY_PANEL (self));
  g_return_if_fail (CRAPETTE_IS_GAME (game));

  if (self->game != NULL)
    g_signal_handlers_disconnect_by_data (self->game, self);
  g_set_object (&self->game, game);
  g_signal_connect_swapped (game, "round-started", G_CALLBACK (rebuild), self);
  g_signal_connect_swapped (game, "players-changed", G_CALLBACK (rebuild), self);
  g_signal_connect (game, "move-applied", G_CALLBACK (on_move_applied_cb), self);
  g_signal_connect (game, "move-undone", G_CALLBACK (on_move_undone_cb), self);
  rebuild (self);
}

/* Returns how many moves the panel lists. */
guint
crapette_history_panel_get_n_moves (CrapetteHistoryPanel *self)
{
  g_return_val_if_fail (CRAPETTE_IS_HISTORY_PANEL (self), 0);

  return self->move_rows->len;
}

/* Returns the words of move @index (0 is the round's first), as listed. */
const char *
crapette_history_panel_get_move_text (CrapetteHistoryPanel *self,
                                      guint                 index)
{
  GtkWidget *row;

  g_return_val_if_fail (CRAPETTE_IS_HISTORY_PANEL (self), NULL);
  g_return_val_if_fail (index < self->move_rows->len, NULL);

  row = g_ptr_array_index (self->move_rows, index);
  return gtk_label_get_label (GTK_LABEL (gtk_list_box_row_get_child (GTK_LIST_BOX_ROW (row))));
}
