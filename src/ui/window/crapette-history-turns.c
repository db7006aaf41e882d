/* crapette-history-turns.c: the history's turns, each under one heading, the long ones folded
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A turn of more than a few moves says how many in its heading ("Computer (Medium), 14 moves")
 * and can be folded to that one line by a click or Enter on it; the computer's are folded as
 * they grow, so that a long run of its moves never pushes the person's own out of sight. The
 * heading row is reached by the keyboard and says whether the turn is open (its expanded
 * state); it is never selected, since it is no move to look back at.
 */

#define G_LOG_DOMAIN "crapette-ui"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "crapette-history-panel.h"
#include "crapette-history-panel-private.h"

#include "crapette-locale.h"

/* The heading of a turn that starts: the name of its player, and an arrow shown once it can
 * be folded. */
CrapetteHistoryTurn *
crapette_history_turn_new (CrapetteSeat mover,
                           guint        first_move)
{
  CrapetteHistoryTurn *turn = g_new0 (CrapetteHistoryTurn, 1);
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);

  turn->mover = mover;
  turn->first_move = first_move;
  turn->row = gtk_list_box_row_new ();
  turn->label = gtk_label_new (NULL);
  gtk_label_set_wrap (GTK_LABEL (turn->label), TRUE);
  gtk_label_set_xalign (GTK_LABEL (turn->label), 0.0f);
  gtk_widget_set_hexpand (turn->label, TRUE);
  turn->arrow = gtk_image_new ();
  gtk_widget_set_visible (turn->arrow, FALSE);
  gtk_box_append (GTK_BOX (box), turn->label);
  gtk_box_append (GTK_BOX (box), turn->arrow);
  gtk_widget_add_css_class (turn->row, "history-turn");
  gtk_list_box_row_set_child (GTK_LIST_BOX_ROW (turn->row), box);
  gtk_list_box_row_set_selectable (GTK_LIST_BOX_ROW (turn->row), FALSE);
  g_object_set_data (G_OBJECT (turn->row), "turn", turn);
  return turn;
}

/* The turn listed last, or %NULL before the first move. */
CrapetteHistoryTurn *
crapette_history_panel_last_turn (CrapetteHistoryPanel *self)
{
  return self->turns->len > 0 ? g_ptr_array_index (self->turns, self->turns->len - 1) : NULL;
}

/* Whether the computer's turns fold by default: the computer is not the person reading. */
gboolean
crapette_history_panel_folds_by_default (CrapetteHistoryPanel *self,
                                         CrapetteSeat          mover)
{
  const CrapettePlayerNames *players = crapette_game_get_players (self->game);

  /* The name given to a player does not make it a person. */
  return players != NULL &&
         crapette_player_person (players->opponent, mover, NULL) == CRAPETTE_PLAYER_COMPUTER;
}

/* Shows @turn's heading as it is now: the name alone for a short turn; for a long one, how many
 * moves and an arrow that says whether they are shown, which a screen reader hears as the
 * row's expanded state. */
void
crapette_history_panel_update_turn (CrapetteHistoryPanel *self,
                                    CrapetteHistoryTurn  *turn)
{
  const char *name = crapette_player_names_get (crapette_game_get_players (self->game),
                                                turn->mover);
  gboolean foldable = turn->n_moves > FOLD_AFTER_MOVES;
  g_autofree char *heading = NULL;

  if (foldable)
    {
      g_autofree char *ascii = g_strdup_printf ("%u", turn->n_moves);
      g_autofree char *count = crapette_locale_localize_digits (ascii);

      /* Translators: the heading of a long turn in the move history, which can be folded:
       * "Computer (Medium), 14 moves"; the first %s is the player's name, the second the
       * number of moves, in the language's digits. */
      heading = g_strdup_printf (ngettext ("%s, %s move", "%s, %s moves", turn->n_moves), name,
                                 count);
    }
  else
    {
      heading = g_strdup (name);
    }
  gtk_label_set_label (GTK_LABEL (turn->label), heading);

  gtk_widget_set_visible (turn->arrow, foldable);
  gtk_image_set_from_icon_name (GTK_IMAGE (turn->arrow),
                                !turn->folded ? "pan-down-symbolic"
                                : gtk_widget_get_direction (turn->row) == GTK_TEXT_DIR_RTL
                                ? "pan-start-symbolic" : "pan-end-symbolic");
  gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (turn->row), foldable);
  gtk_widget_set_focusable (turn->row, foldable);
  gtk_accessible_update_property (GTK_ACCESSIBLE (turn->row), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  heading, -1);
  if (foldable)
    gtk_accessible_update_state (GTK_ACCESSIBLE (turn->row), GTK_ACCESSIBLE_STATE_EXPANDED,
                                 !turn->folded, -1);
  else
    gtk_accessible_reset_state (GTK_ACCESSIBLE (turn->row), GTK_ACCESSIBLE_STATE_EXPANDED);
}

/* Shows or hides the moves of @turn. A move selected in a turn folded is let go of: the person
 * no longer sees it. */
void
crapette_history_panel_fold_turn (CrapetteHistoryPanel *self,
                                  CrapetteHistoryTurn  *turn,
                                  gboolean              folded)
{
  turn->folded = folded;
  for (guint i = turn->first_move; i < turn->first_move + turn->n_moves; i++)
    {
      GtkWidget *row = move_row (self, i);

      if (folded && gtk_list_box_row_is_selected (GTK_LIST_BOX_ROW (row)))
        gtk_list_box_unselect_all (self->list);
      gtk_widget_set_visible (row, !folded);
    }
  crapette_history_panel_update_turn (self, turn);
}

/* A click on a long turn's heading, or Enter on it, folds or unfolds it. */
void
crapette_history_panel_toggle_turn_cb (GtkListBox           *list,
                                       GtkListBoxRow        *row,
                                       CrapetteHistoryPanel *self)
{
  CrapetteHistoryTurn *turn = g_object_get_data (G_OBJECT (row), "turn");

  if (turn == NULL || turn->n_moves <= FOLD_AFTER_MOVES)
    return;
  turn->fold_chosen = TRUE;
  crapette_history_panel_fold_turn (self, turn, !turn->folded);
}

static CrapetteHistoryTurn *
turn_at (CrapetteHistoryPanel *self,
         guint                 index)
{
  return g_ptr_array_index (self->turns, index);
}

/* Returns how many turns the panel lists. */
guint
crapette_history_panel_get_n_turns (CrapetteHistoryPanel *self)
{
  g_return_val_if_fail (CRAPETTE_IS_HISTORY_PANEL (self), 0);

  return self->turns->len;
}

/* Returns the heading of turn @index (0 is the round's first): "Computer (Medium), 14 moves". */
const char *
crapette_history_panel_get_turn_heading (CrapetteHistoryPanel *self,
                                         guint                 index)
{
  g_return_val_if_fail (CRAPETTE_IS_HISTORY_PANEL (self), NULL);
  g_return_val_if_fail (index < self->turns->len, NULL);

  return gtk_label_get_label (GTK_LABEL (turn_at (self, index)->label));
}

/* Returns the heading row of turn @index, which a click or Enter folds when the turn is long. */
GtkWidget *
crapette_history_panel_get_turn_row (CrapetteHistoryPanel *self,
                                     guint                 index)
{
  g_return_val_if_fail (CRAPETTE_IS_HISTORY_PANEL (self), NULL);
  g_return_val_if_fail (index < self->turns->len, NULL);

  return turn_at (self, index)->row;
}

/* Returns how many moves turn @index has, and in @first_move the index of its first. */
guint
crapette_history_panel_get_turn_moves (CrapetteHistoryPanel *self,
                                       guint                 index,
                                       guint                *first_move)
{
  g_return_val_if_fail (CRAPETTE_IS_HISTORY_PANEL (self), 0);
  g_return_val_if_fail (index < self->turns->len, 0);

  if (first_move != NULL)
    *first_move = turn_at (self, index)->first_move;
  return turn_at (self, index)->n_moves;
}

/* Returns whether turn @index is folded: its moves hidden under its heading. */
gboolean
crapette_history_panel_turn_is_folded (CrapetteHistoryPanel *self,
                                       guint                 index)
{
  g_return_val_if_fail (CRAPETTE_IS_HISTORY_PANEL (self), FALSE);
  g_return_val_if_fail (index < self->turns->len, FALSE);

  return turn_at (self, index)->folded;
}

/* Returns whether the row of move @index is shown (not in a folded turn). */
gboolean
crapette_history_panel_move_is_shown (CrapetteHistoryPanel *self,
                                      guint                 index)
{
  g_return_val_if_fail (CRAPETTE_IS_HISTORY_PANEL (self), FALSE);
  g_return_val_if_fail (index < self->move_rows->len, FALSE);

  return gtk_widget_get_visible (move_row (self, index));
}
