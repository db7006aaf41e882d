/* crapette-history-panel.c: the round's moves in words, turn by turn, beside the table
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Each turn starts with the name of the player whose turn it is, then one row per move: its
 * number, the engine's line for it (the card and where it went, with no subject: the turn's
 * heading names the player), and what is worth a second look: a card put on the other
 * player's own pile (a load), a card it turned face up, and, in a round blocked by
 * repetition, the moves after which the repeated position stood. Each row has an accessible
 * label saying all of it, with the whole sentence that names the player.
 *
 * A long turn can be folded under its heading (crapette-history-turns.c).
 *
 * The panel follows the game's signals only: a move adds a row, a move taken back removes it,
 * a new round starts the list again. The latest move is always scrolled into view. Selecting
 * a move (a click, or the arrow keys) asks the window to show the table as it was after it
 * ("selected-changed"); Escape in the list lets go of it.
 */

#define G_LOG_DOMAIN "crapette-ui"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "crapette-history-panel.h"
#include "crapette-history-panel-private.h"

#include "crapette-description.h"
#include "crapette-locale.h"
#include "crapette-view.h"

G_DEFINE_FINAL_TYPE (CrapetteHistoryPanel, crapette_history_panel, GTK_TYPE_WIDGET)

enum {
  SELECTED_CHANGED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

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

/* The latest turn stays in view; scrolled once the new row has its size. Not while a move is
 * selected: the person is reading back. */
static void
scroll_to_end (CrapetteHistoryPanel *self)
{
  if (gtk_list_box_get_selected_row (self->list) != NULL)
    return;
  if (self->scroll_source == 0)
    self->scroll_source = g_idle_add (scroll_to_end_cb, self);
}

static GtkWidget *
new_label (const char *text,
           const char *style)
{
  GtkWidget *label = gtk_label_new (text);

  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_xalign (GTK_LABEL (label), 0.0f);
  if (style != NULL)
    gtk_widget_add_css_class (label, style);
  return label;
}

/* A small word set off beside a move, such as "Load". */
static GtkWidget *
new_badge (const char *text,
           const char *style)
{
  GtkWidget *badge = gtk_label_new (text);

  gtk_widget_add_css_class (badge, "history-badge");
  gtk_widget_add_css_class (badge, style);
  gtk_widget_set_halign (badge, GTK_ALIGN_START);
  return badge;
}

/* Says the row's number, words and marks to screen readers in one label. */
static void
update_row_label (GtkWidget *row)
{
  const char *number = g_object_get_data (G_OBJECT (row), "number");
  const char *sentence = g_object_get_data (G_OBJECT (row), "sentence");
  const char *note = g_object_get_data (G_OBJECT (row), "note");
  GString *label = g_string_new (NULL);

  /* Translators: a move in the history as a screen reader reads it: "Move 12: You play…" */
  g_string_append_printf (label, _("Move %s: %s"), number, sentence);
  if (note != NULL)
    g_string_append_printf (label, " %s.", note);
  if (g_object_get_data (G_OBJECT (row), "load") != NULL)
    g_string_append_printf (label, " %s.", C_("history", "Load"));
  if (gtk_widget_has_css_class (row, "history-repeated"))
    g_string_append_printf (label, " %s.", C_("history", "Repeated position"));
  if (gtk_widget_has_css_class (row, "history-idle"))
    g_string_append_printf (label, " %s.", C_("history", "No progress"));
  if (gtk_widget_has_css_class (row, "history-taken-back"))
    g_string_append_printf (label, " %s.", C_("history", "Taken back"));
  gtk_accessible_update_property (GTK_ACCESSIBLE (row), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  label->str, -1);
  g_string_free (label, TRUE);
}

/* A move: its number, its line, what it turned up, and a badge for a load; screen readers
 * read the whole @sentence, which names the player. Takes @sentence and @note. */
static GtkWidget *
new_move_row (guint       number,
              const char *words,
              char       *sentence,
              char       *note,
              gboolean    load)
{
  GtkWidget *row = gtk_list_box_row_new ();
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  GtkWidget *text = gtk_box_new (GTK_ORIENTATION_VERTICAL, 2);
  g_autofree char *ascii = g_strdup_printf ("%u", number);
  char *localized = crapette_locale_localize_digits (ascii);
  GtkWidget *number_label = gtk_label_new (localized);
  GtkWidget *words_label = new_label (words, "history-words");

  gtk_widget_add_css_class (number_label, "dim-label");
  gtk_widget_add_css_class (number_label, "numeric");
  gtk_label_set_width_chars (GTK_LABEL (number_label), 3);
  gtk_label_set_xalign (GTK_LABEL (number_label), 1.0f);
  gtk_widget_set_valign (number_label, GTK_ALIGN_START);
  gtk_box_append (GTK_BOX (box), number_label);

  gtk_widget_set_hexpand (text, TRUE);
  gtk_box_append (GTK_BOX (text), words_label);
  if (note != NULL)
    gtk_box_append (GTK_BOX (text), new_label (note, "history-note"));
  if (load)
    gtk_box_append (GTK_BOX (text), new_badge (C_("history", "Load"), "history-load-badge"));
  gtk_box_append (GTK_BOX (box), text);

  gtk_widget_add_css_class (row, load ? "history-load" : "history-move");
  gtk_list_box_row_set_child (GTK_LIST_BOX_ROW (row), box);
  gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (row), FALSE);
  g_object_set_data_full (G_OBJECT (row), "number", localized, g_free);
  g_object_set_data_full (G_OBJECT (row), "words", g_strdup (words), g_free);
  g_object_set_data_full (G_OBJECT (row), "sentence", sentence, g_free);
  g_object_set_data_full (G_OBJECT (row), "note", note, g_free);
  g_object_set_data (G_OBJECT (row), "load", GINT_TO_POINTER (load));
  g_object_set_data (G_OBJECT (row), "words-label", words_label);
  update_row_label (row);
  return row;
}

/* Lists @move, played from @before as the round recorded it: a new turn gets its player's
 * name first. */
static void
append_move (CrapetteHistoryPanel   *self,
             const CrapettePosition *before,
             const CrapetteMove     *move)
{
  const CrapettePlayerNames *players = crapette_game_get_players (self->game);
  g_autofree char *text = NULL;
  char *sentence = NULL;
  char *revealed = NULL;
  CrapetteSeat mover;
  GtkWidget *row;
  gboolean load;
  CrapetteHistoryTurn *turn;

  text = crapette_describe_history_move (before, move, players, &sentence, &mover, &load,
                                         &revealed);
  turn = crapette_history_panel_last_turn (self);
  if (turn == NULL || mover != turn->mover)
    {
      turn = crapette_history_turn_new (mover, self->move_rows->len);
      g_ptr_array_add (self->turns, turn);
      gtk_list_box_append (self->list, turn->row);
    }
  row = new_move_row (self->move_rows->len + 1, text, sentence, revealed, load);
  gtk_list_box_append (self->list, row);
  g_ptr_array_add (self->move_rows, row);
  turn->n_moves++;
  gtk_widget_set_visible (row, !turn->folded);
  if (turn->n_moves == FOLD_AFTER_MOVES + 1 && !turn->fold_chosen &&
      crapette_history_panel_folds_by_default (self, mover))
    crapette_history_panel_fold_turn (self, turn, TRUE);
  else
    crapette_history_panel_update_turn (self, turn);
}

/* In a round blocked by repetition, marks the moves after which the repeated position stood. */
static void
mark_repetition (CrapetteHistoryPanel *self)
{
  const CrapetteRound *round = crapette_game_get_round (self->game);
  g_autoptr(GArray) occurrences = NULL;

  if (crapette_round_get_position (round)->block_reason != CRAPETTE_BLOCK_REPETITION)
    return;
  occurrences = crapette_round_find_position_occurrences (round);
  for (guint i = 0; i < occurrences->len; i++)
    {
      guint after = g_array_index (occurrences, guint, i);
      GtkWidget *row;

      /* The round's start has no row of its own. */
      if (after == 0 || after > self->move_rows->len)
        continue;
      row = g_ptr_array_index (self->move_rows, after - 1);
      if (gtk_widget_has_css_class (row, "history-repeated"))
        continue;
      gtk_widget_add_css_class (row, "history-repeated");
      gtk_box_append (GTK_BOX (gtk_widget_get_parent (g_object_get_data (G_OBJECT (row),
                                                                         "words-label"))),
                      new_badge (C_("history", "Repeated position"), "history-repeated-badge"));
      update_row_label (row);
    }
}

/* In a round blocked by passes or by the idle-turn rule, marks the moves of the turns that
 * blocked it, and the first of them with a badge. */
static void
mark_idle_stretch (CrapetteHistoryPanel *self)
{
  const CrapetteRound *round = crapette_game_get_round (self->game);
  guint stretch = crapette_round_find_idle_stretch (round);

  for (guint i = stretch; i < self->move_rows->len; i++)
    {
      GtkWidget *row = g_ptr_array_index (self->move_rows, i);

      if (gtk_widget_has_css_class (row, "history-idle"))
        continue;
      gtk_widget_add_css_class (row, "history-idle");
      if (i == stretch)
        gtk_box_append (GTK_BOX (gtk_widget_get_parent (g_object_get_data (G_OBJECT (row),
                                                                           "words-label"))),
                        new_badge (C_("history", "No progress"), "history-idle-badge"));
      update_row_label (row);
    }
}

/* When the last move of @round is a call of "Stop!", marks the moves it took back: from the
 * mistake to the move before the call. They stay listed, as they were played and seen. */
static void
mark_taken_back (CrapetteHistoryPanel *self,
                 const CrapetteRound  *round)
{
  guint call = crapette_round_get_n_moves (round);
  CrapetteBreach breach;

  if (!crapette_round_get_last_call (round, &breach))
    return;
  for (guint i = breach.move_index; i + 1 < call && i < self->move_rows->len; i++)
    {
      GtkWidget *row = g_ptr_array_index (self->move_rows, i);

      if (gtk_widget_has_css_class (row, "history-taken-back"))
        continue;
      gtk_widget_add_css_class (row, "history-taken-back");
      gtk_box_append (GTK_BOX (gtk_widget_get_parent (g_object_get_data (G_OBJECT (row),
                                                                         "words-label"))),
                      new_badge (C_("history", "Taken back"), "history-taken-back-badge"));
      update_row_label (row);
    }
}

/* Lists the round's moves again from its start. */
static void
rebuild (CrapetteHistoryPanel *self)
{
  const CrapetteRound *round = crapette_game_get_round (self->game);
  g_autoptr(CrapetteRound) replay = NULL;
  GtkListBoxRow *row;

  gtk_list_box_unselect_all (self->list);
  /* Row by row: the list's first child may be its placeholder, which stays. */
  while ((row = gtk_list_box_get_row_at_index (self->list, 0)) != NULL)
    gtk_list_box_remove (self->list, GTK_WIDGET (row));
  g_ptr_array_set_size (self->move_rows, 0);
  g_ptr_array_set_size (self->turns, 0);

  /* Replayed by a round of its own, so that a "Stop!" call takes its moves back as in play. */
  replay = crapette_round_new_from_position (crapette_round_get_start (round),
                                             crapette_round_is_from_deal (round));
  for (guint i = 0; i < crapette_round_get_n_moves (round); i++)
    {
      const CrapetteMove *move = crapette_round_get_move (round, i);

      append_move (self, crapette_round_get_position (replay), move);
      if (!crapette_round_play (replay, move, NULL))
        break;
      mark_taken_back (self, replay);
    }
  self->last = *crapette_round_get_position (round);
  mark_repetition (self);
  mark_idle_stretch (self);
  scroll_to_end (self);
}

/* Hidden deal: a card both programs opened replaces its stand-in in the round, so the
 * position the next move is described from must have it too (a stand-in there would be
 * read as a card by the rules). */
static void
on_card_revealed_cb (CrapetteGame         *game,
                     guint                 pile,
                     guint                 card,
                     CrapetteHistoryPanel *self)
{
  self->last = *crapette_round_get_position (crapette_game_get_round (game));
}

static void
on_move_applied_cb (CrapetteGame         *game,
                    const CrapetteMove   *move,
                    CrapetteHistoryPanel *self)
{
  const CrapetteRound *round = crapette_game_get_round (game);
  guint n_moves = crapette_round_get_n_moves (round);

  /* The round's record of the move names the card a turn showed. */
  append_move (self, &self->last, n_moves > 0 ? crapette_round_get_move (round, n_moves - 1)
                                              : move);
  self->last = *crapette_round_get_position (round);
  mark_taken_back (self, round);
  mark_repetition (self);
  mark_idle_stretch (self);
  scroll_to_end (self);
}

static void
on_move_undone_cb (CrapetteGame         *game,
                   const CrapetteMove   *move,
                   CrapetteHistoryPanel *self)
{
  GtkWidget *row;
  CrapetteHistoryTurn *turn = crapette_history_panel_last_turn (self);

  if (self->move_rows->len == 0 || turn == NULL)
    return;
  row = g_ptr_array_steal_index (self->move_rows, self->move_rows->len - 1);
  /* A move taken back cannot be looked back at. */
  if (gtk_list_box_row_is_selected (GTK_LIST_BOX_ROW (row)))
    gtk_list_box_unselect_all (self->list);
  gtk_list_box_remove (self->list, row);
  /* A turn left with no move loses its name too; one short again unfolds. */
  if (--turn->n_moves == 0)
    {
      gtk_list_box_remove (self->list, turn->row);
      g_ptr_array_remove_index (self->turns, self->turns->len - 1);
    }
  else if (turn->n_moves <= FOLD_AFTER_MOVES && turn->folded)
    {
      crapette_history_panel_fold_turn (self, turn, FALSE);
    }
  else
    {
      crapette_history_panel_update_turn (self, turn);
    }
  self->last = *crapette_round_get_position (crapette_game_get_round (game));
}

static void
on_selected_rows_changed_cb (GtkListBox           *list,
                             CrapetteHistoryPanel *self)
{
  g_signal_emit (self, signals[SELECTED_CHANGED], 0);
}

static gboolean
on_escape_cb (GtkWidget *widget,
              GVariant  *args,
              gpointer   data)
{
  CrapetteHistoryPanel *self = CRAPETTE_HISTORY_PANEL (widget);

  if (gtk_list_box_get_selected_row (self->list) == NULL)
    return FALSE;
  gtk_list_box_unselect_all (self->list);
  return TRUE;
}

static void
crapette_history_panel_dispose (GObject *object)
{
  CrapetteHistoryPanel *self = CRAPETTE_HISTORY_PANEL (object);

  g_clear_handle_id (&self->scroll_source, g_source_remove);
  if (self->game != NULL)
    g_signal_handlers_disconnect_by_data (self->game, self);
  g_clear_object (&self->game);
  if (self->list != NULL)
    g_signal_handlers_disconnect_by_data (self->list, self);
  self->list = NULL;
  g_clear_pointer (&self->scrolled, gtk_widget_unparent);

  G_OBJECT_CLASS (crapette_history_panel_parent_class)->dispose (object);
}

static void
crapette_history_panel_finalize (GObject *object)
{
  CrapetteHistoryPanel *self = CRAPETTE_HISTORY_PANEL (object);

  g_ptr_array_unref (self->move_rows);
  g_ptr_array_unref (self->turns);

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
  gtk_widget_class_add_binding (widget_class, GDK_KEY_Escape, 0, on_escape_cb, NULL);

  /**
   * CrapetteHistoryPanel::selected-changed:
   *
   * A move was selected, or let go of (crapette_history_panel_get_selected_move()).
   */
  signals[SELECTED_CHANGED] =
    g_signal_new ("selected-changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 0);
}

/* What an empty list says: no move yet, and what will come. */
static GtkWidget *
new_placeholder (void)
{
  GtkWidget *label =
    gtk_label_new (_("No moves yet. Each move of the round is listed here as it is played."));

  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_justify (GTK_LABEL (label), GTK_JUSTIFY_CENTER);
  gtk_widget_set_margin_top (label, 24);
  gtk_widget_set_margin_start (label, 18);
  gtk_widget_set_margin_end (label, 18);
  gtk_widget_set_valign (label, GTK_ALIGN_START);
  gtk_widget_add_css_class (label, "dim-label");
  return label;
}

static void
crapette_history_panel_init (CrapetteHistoryPanel *self)
{
  self->move_rows = g_ptr_array_new ();
  self->turns = g_ptr_array_new_with_free_func (g_free);
  self->list = GTK_LIST_BOX (gtk_list_box_new ());
  /* Single, not browse: nothing is selected until the person picks a move, and letting go
   * of it returns to play. */
  gtk_list_box_set_selection_mode (self->list, GTK_SELECTION_SINGLE);
  gtk_widget_add_css_class (GTK_WIDGET (self->list), "navigation-sidebar");
  gtk_list_box_set_placeholder (self->list, new_placeholder ());
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->list),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _("Moves of this round"), -1);
  g_signal_connect (self->list, "selected-rows-changed",
                    G_CALLBACK (on_selected_rows_changed_cb), self);
  g_signal_connect (self->list, "row-activated", G_CALLBACK (crapette_history_panel_toggle_turn_cb), self);

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
  g_signal_connect (game, "card-revealed", G_CALLBACK (on_card_revealed_cb), self);
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
  g_return_val_if_fail (CRAPETTE_IS_HISTORY_PANEL (self), NULL);
  g_return_val_if_fail (index < self->move_rows->len, NULL);

  return g_object_get_data (G_OBJECT (move_row (self, index)), "words");
}

/* Returns what move @index turned face up ("Turned up: Seven of Diamonds"), or %NULL. */
const char *
crapette_history_panel_get_move_note (CrapetteHistoryPanel *self,
                                      guint                 index)
{
  g_return_val_if_fail (CRAPETTE_IS_HISTORY_PANEL (self), NULL);
  g_return_val_if_fail (index < self->move_rows->len, NULL);

  return g_object_get_data (G_OBJECT (move_row (self, index)), "note");
}

/* Returns whether move @index carries @mark: "load", "repeated", "idle" or "taken-back". */
gboolean
crapette_history_panel_move_has_mark (CrapetteHistoryPanel *self,
                                      guint                 index,
                                      const char           *mark)
{
  g_autofree char *style = NULL;

  g_return_val_if_fail (CRAPETTE_IS_HISTORY_PANEL (self), FALSE);
  g_return_val_if_fail (index < self->move_rows->len, FALSE);

  style = g_strconcat ("history-", mark, NULL);
  return gtk_widget_has_css_class (move_row (self, index), style);
}

/* Stores the selected move in @index (0 is the round's first); FALSE when none is. */
gboolean
crapette_history_panel_get_selected_move (CrapetteHistoryPanel *self,
                                          guint                *index)
{
  GtkListBoxRow *selected;

  g_return_val_if_fail (CRAPETTE_IS_HISTORY_PANEL (self), FALSE);

  selected = gtk_list_box_get_selected_row (self->list);
  if (selected == NULL)
    return FALSE;
  for (guint i = 0; i < self->move_rows->len; i++)
    if (move_row (self, i) == GTK_WIDGET (selected))
      {
        if (index != NULL)
          *index = i;
        return TRUE;
      }
  return FALSE;
}

/* Selects move @index, and focuses it so that the arrow keys step on from it. */
void
crapette_history_panel_select_move (CrapetteHistoryPanel *self,
                                    guint                 index)
{
  g_return_if_fail (CRAPETTE_IS_HISTORY_PANEL (self));
  g_return_if_fail (index < self->move_rows->len);

  /* A move in a folded turn is shown with its turn. */
  for (guint i = 0; i < self->turns->len; i++)
    {
      CrapetteHistoryTurn *turn = g_ptr_array_index (self->turns, i);

      if (turn->folded && index >= turn->first_move && index < turn->first_move + turn->n_moves)
        crapette_history_panel_fold_turn (self, turn, FALSE);
    }
  gtk_list_box_select_row (self->list, GTK_LIST_BOX_ROW (move_row (self, index)));
  gtk_widget_grab_focus (move_row (self, index));
}

/* Lets go of the selected move, if any. */
void
crapette_history_panel_unselect (CrapetteHistoryPanel *self)
{
  g_return_if_fail (CRAPETTE_IS_HISTORY_PANEL (self));

  gtk_list_box_unselect_all (self->list);
}
